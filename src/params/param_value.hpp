// The value a declared deck parameter holds once it has been read (or defaulted).
// Sub-objects nest as ParamSets, so a whole deck is one tree of declared values.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

struct ParamSet;

/// (t, v) points of a piecewise-linear table.
using TimePoints = std::vector<std::pair<double, double>>;

/// monostate: absent optional value. A sub-object is a list of one ParamSet;
/// a polymorphic value is one ParamSet whose `type` names the chosen type.
using ParamValue = std::variant<std::monostate, double, long long, bool, std::string, Vec3, Mat3,
                                TimePoints, std::vector<ParamSet>>;

}  // namespace polydem

// YAML text for declared values, shared by the echo and the generated reference
// so that both show a value the same way and the reader accepts it back.
#pragma once

#include <string>

#include "src/params/param_spec.hpp"

namespace polydem {

/// Shortest decimal text that reads back to exactly the same double.
std::string format_real(double value);
/// A plain scalar when that reads back as the same string, a double-quoted one otherwise.
std::string format_string(const std::string& text);
/// The value in YAML flow style ("[0, 0, -9.81]", "{ramp: {t0: 0, ...}}").
/// Sub-object lists are written in flow style too.
std::string format_flow(const ParamValue& value, const ParamSpec& spec);
/// One type of a polymorphic family: "{ramp: {t0: 0, ...}}" or "{constant: 2}".
std::string format_member_flow(const ParamSet& member);

}  // namespace polydem

// The declared parameters of one deck object after reading: every declared key
// present, either as given in the deck or defaulted, each with the SourceMark
// it came from so that later checks can still point at the deck.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "src/core/errors.hpp"
#include "src/params/param_type.hpp"
#include "src/params/param_value.hpp"

namespace polydem {

struct Param {
  std::string name;
  ParamType type = ParamType::Real;
  ParamValue value;
  SourceMark mark;     ///< the value's position, or the enclosing map's when defaulted
  bool given = false;  ///< written in the deck (as opposed to defaulted)
};

struct ParamSet {
  std::string schema;  ///< the ObjectSchema this set follows (for a family member: its type)
  std::string family;  ///< the polymorphic family, when this set is one type of it
  std::string path;    ///< where it sits in the deck, e.g. "bodies[1]" (for messages)
  SourceMark mark;
  std::vector<Param> params;  ///< in declaration order

  Param& at(std::string_view key);
  const Param& at(std::string_view key) const;
  bool has_value(std::string_view key) const;
  /// Whether its schema declares `key` at all.
  bool declares(std::string_view key) const;

  double real(std::string_view key) const;
  long long integer(std::string_view key) const;
  bool boolean(std::string_view key) const;
  const std::string& string(std::string_view key) const;
  const Vec3& vec3(std::string_view key) const;
  const Mat3& tensor(std::string_view key) const;
  const TimePoints& points(std::string_view key) const;
  /// A sub-object or the chosen type of a polymorphic value.
  const ParamSet& object(std::string_view key) const;
  const std::vector<ParamSet>& objects(std::string_view key) const;
  std::vector<ParamSet>& objects(std::string_view key);

  /// "bodies[1].mass" for key "mass".
  std::string key_path(std::string_view key) const;
  /// An InputError pointing at the value of `key`.
  InputError error(std::string_view key, const std::string& message) const;
};

}  // namespace polydem

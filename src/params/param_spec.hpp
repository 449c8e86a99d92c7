// Declarations of deck parameters, in the spirit of MOOSE's validParams():
// every deck object (a section or one type of a polymorphic family) lists its
// keys once, with type, unit, default or "required", range and description.
// The reader checks decks against these declarations, the echo writes them back
// and the reference documentation is generated from them, so the three agree.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "src/params/param_set.hpp"
#include "src/params/param_type.hpp"
#include "src/params/param_value.hpp"

namespace polydem {

/// One end of an allowed range.
struct Bound {
  double value = 0;
  bool inclusive = true;
};

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Real;
  std::string unit;  ///< SI unit, empty when dimensionless
  std::string description;
  bool required = false;
  ParamValue default_value;  ///< monostate with !required: default given by `default_note`
  std::string default_note;  ///< how a computed default is derived (for the documentation)
  std::optional<Bound> lower;
  std::optional<Bound> upper;
  std::vector<std::string> choices;  ///< Enum
  std::string schema;                ///< Object, ObjectList: object schema; Polymorphic: family
  std::size_t min_items = 0;         ///< ObjectList, TimePoints
  bool empty_allowed = false;        ///< String: a quoted "" is a value ("nothing extra")

  // Fluent refinements used by the declarations.
  ParamSpec& with_unit(std::string text);
  ParamSpec& make_required();
  ParamSpec& with_default(ParamValue value);
  ParamSpec& with_computed_default(std::string note);
  ParamSpec& greater_than(double value);
  ParamSpec& at_least(double value);
  ParamSpec& less_than(double value);
  ParamSpec& at_most(double value);
  ParamSpec& with_min_items(std::size_t count);
  ParamSpec& allowing_empty();
};

/// The keys of one deck object, in the order they are documented and echoed.
struct ObjectSchema {
  ObjectSchema(std::string schema_name, std::string text)
      : name(std::move(schema_name)), description(std::move(text)) {}

  std::string name;  ///< e.g. "body" or, for a family member, "ramp"
  std::string description;
  std::vector<ParamSpec> params;
  /// For a family member whose payload is not a map ({constant: 2.0}, {table: [...]}):
  /// the payload is the value of its single parameter, which carries the type's name.
  bool inline_payload = false;
  /// Fills derived defaults and checks relations between keys; throws InputError.
  std::function<void(ParamSet&)> complete;
  /// For a family member: a value as a deck writes it ("{box: {size: [1, 1, 1]}}"),
  /// shown in docs/deck.md; a test reads every member's example, and the tests
  /// that check every member of a family (every normal law's tangent) build from it.
  std::string example;

  ParamSpec& add(std::string key, ParamType type, std::string description);
  ParamSpec& add_real(std::string key, std::string description);
  ParamSpec& add_integer(std::string key, std::string description);
  ParamSpec& add_bool(std::string key, std::string description);
  ParamSpec& add_string(std::string key, std::string description);
  ParamSpec& add_enum(std::string key, std::vector<std::string> choices, std::string description);
  ParamSpec& add_vec3(std::string key, std::string description);
  ParamSpec& add_object(std::string key, std::string schema, std::string description);
  ParamSpec& add_object_list(std::string key, std::string schema, std::string description);
  ParamSpec& add_polymorphic(std::string key, std::string family, std::string description);

  const ParamSpec* find(const std::string& key) const;
};

/// Human-readable type name ("real", "list of body", ...).
std::string type_name(const ParamSpec& spec);
/// "> 0", "in (0, 0.5]", or "" when unrestricted.
std::string range_text(const ParamSpec& spec);

}  // namespace polydem

#include "src/deck/param_reader.hpp"

#include <cmath>

#include "src/params/param_format.hpp"
#include "src/params/scalar_parse.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

std::string child_path(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

std::string item_path(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

// What the deck wrote, short enough for a one-line message.
std::string got(const YamlNode& node) {
  if (!node.is_scalar()) return describe_kind(node);
  std::string text = node.scalar.size() > 40 ? node.scalar.substr(0, 40) + "..." : node.scalar;
  return node.quoted ? "the quoted string " + format_string(text) : "'" + text + "'";
}

std::string expected(const ParamSpec& spec, const PolymorphicFamily* family) {
  switch (spec.type) {
    case ParamType::Real:
      return "a real number";
    case ParamType::Integer:
      return "an integer";
    case ParamType::Bool:
      return "true or false";
    case ParamType::String:
      return "a string";
    case ParamType::Enum:
      return type_name(spec);
    case ParamType::Vec3:
      return "a list of 3 real numbers [x, y, z]";
    case ParamType::SymTensor:
      return "[xx, yy, zz, xy, xz, yz] or a symmetric 3×3 nested list";
    case ParamType::TimePoints:
      return "a list of [t, v] pairs";
    case ParamType::Object:
      return "a map of keys";
    case ParamType::ObjectList:
      return "a list of maps";
    case ParamType::Polymorphic: {
      std::string names;
      for (const auto& name : family->type_names()) names += (names.empty() ? "" : ", ") + name;
      return "a map with one key naming the type (" + names + ")" +
             (family->bare_scalar_type.empty() ? "" : " or a bare number") +
             (family->bare_names ? " or a bare type name" : "") +
             (family->map_default_type.empty()
                  ? ""
                  : " or the keys of " + family->map_default_type + " themselves");
    }
  }
  return "a value";
}

[[noreturn]] void type_error(const YamlNode& node, const std::string& path, const ParamSpec& spec,
                             const PolymorphicFamily* family = nullptr) {
  throw InputError(node.mark, path, "expected " + expected(spec, family) + ", got " + got(node));
}

bool in_range(double value, const ParamSpec& spec) {
  if (spec.lower &&
      !(spec.lower->inclusive ? value >= spec.lower->value : value > spec.lower->value))
    return false;
  if (spec.upper &&
      !(spec.upper->inclusive ? value <= spec.upper->value : value < spec.upper->value))
    return false;
  return true;
}

void check_range(double value, const YamlNode& node, const std::string& path,
                 const ParamSpec& spec) {
  if (!in_range(value, spec))
    throw InputError(node.mark, path, "must be " + range_text(spec) + " (got " + node.scalar + ")");
}

double read_real_scalar(const YamlNode& node, const std::string& path, const ParamSpec& spec) {
  if (!node.is_scalar() || node.quoted) type_error(node, path, spec);
  RealParse parsed = parse_real(node.scalar);
  if (parsed.issue == ScalarIssue::NotFinite)
    throw InputError(node.mark, path, "must be a finite number (got " + got(node) + ")");
  if (parsed.issue == ScalarIssue::OutOfRange)
    throw InputError(node.mark, path, got(node) + " is outside the range of a double");
  if (parsed.issue != ScalarIssue::None) type_error(node, path, spec);
  return parsed.value;
}

// A real that is part of a vector, tensor or table: same rules, no range.
double read_component(const YamlNode& node, const std::string& path) {
  ParamSpec real_spec;
  real_spec.type = ParamType::Real;
  return read_real_scalar(node, path, real_spec);
}

class ParamReader {
 public:
  explicit ParamReader(const SchemaRegistry& registry) : registry_(registry) {}

  ParamSet object(const YamlNode& node, const ObjectSchema& schema, const std::string& path) const {
    if (!node.is_map())
      throw InputError(node.mark, path, "expected a map of keys, got " + got(node));
    reject_unknown_keys(node, schema, path);
    ParamSet set{schema.name, "", path, node.mark, {}};
    for (const auto& spec : schema.params) set.params.push_back(param(node, spec, path));
    if (schema.complete) schema.complete(set);
    return set;
  }

 private:
  void reject_unknown_keys(const YamlNode& node, const ObjectSchema& schema,
                           const std::string& path) const {
    std::vector<std::string> names;
    for (const auto& spec : schema.params) names.push_back(spec.name);
    for (const auto& [key, value] : node.entries) {
      if (schema.find(key.scalar)) continue;
      std::string hint = did_you_mean(key.scalar, names);
      if (hint.empty()) {
        hint = "; allowed keys:";
        for (const auto& name : names) hint += " " + name;
      }
      throw InputError(key.mark, child_path(path, key.scalar), "unknown key" + hint);
    }
  }

  Param param(const YamlNode& map, const ParamSpec& spec, const std::string& path) const {
    std::string key_path = child_path(path, spec.name);
    for (const auto& [key, value] : map.entries)
      if (key.scalar == spec.name)
        return {spec.name, spec.type, value_of(value, spec, key_path), value.mark, true};
    if (spec.required) throw InputError(map.mark, key_path, "required key is missing");
    // An omitted section is an empty one: all defaults. So is an omitted member
    // of a family whose map stands for a default member (`friction`).
    if (spec.type == ParamType::Object || omits_default_member(spec)) {
      YamlNode empty;
      empty.kind = YamlNode::Kind::Map;
      empty.mark = map.mark;
      return {spec.name, spec.type, value_of(empty, spec, key_path), map.mark, false};
    }
    return {spec.name, spec.type, spec.default_value, map.mark, false};
  }

  bool omits_default_member(const ParamSpec& spec) const {
    return spec.type == ParamType::Polymorphic &&
           std::holds_alternative<std::monostate>(spec.default_value) &&
           !registry_.family(spec.schema).map_default_type.empty();
  }

  ParamValue value_of(const YamlNode& node, const ParamSpec& spec, const std::string& path) const {
    switch (spec.type) {
      case ParamType::Real: {
        double value = read_real_scalar(node, path, spec);
        check_range(value, node, path, spec);
        return value;
      }
      case ParamType::Integer:
        return integer(node, spec, path);
      case ParamType::Bool:
        return boolean(node, spec, path);
      case ParamType::String:
        return string(node, spec, path);
      case ParamType::Enum:
        return choice(node, spec, path);
      case ParamType::Vec3:
        return vec3(node, spec, path);
      case ParamType::SymTensor:
        return tensor(node, spec, path);
      case ParamType::TimePoints:
        return points(node, spec, path);
      case ParamType::Object:
        return std::vector<ParamSet>{object(node, registry_.object(spec.schema), path)};
      case ParamType::ObjectList:
        return object_list(node, spec, path);
      case ParamType::Polymorphic:
        return polymorphic(node, spec, path);
    }
    type_error(node, path, spec);
  }

  static ParamValue integer(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_scalar() || node.quoted) type_error(node, path, spec);
    IntegerParse parsed = parse_integer(node.scalar);
    if (parsed.issue == ScalarIssue::OutOfRange || parsed.issue == ScalarIssue::NotFinite)
      throw InputError(node.mark, path, got(node) + " is not a representable integer");
    if (parsed.issue != ScalarIssue::None) type_error(node, path, spec);
    check_range(static_cast<double>(parsed.value), node, path, spec);
    return parsed.value;
  }

  static ParamValue boolean(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    std::optional<bool> parsed;
    if (node.is_scalar() && !node.quoted) parsed = parse_bool(node.scalar);
    if (!parsed) type_error(node, path, spec);
    return *parsed;
  }

  static ParamValue string(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_scalar()) type_error(node, path, spec);
    // `key:` is a missing value everywhere; `key: ""` is a value where declared so.
    if (node.scalar.empty() && !(spec.empty_allowed && node.quoted))
      throw InputError(node.mark, path, "must not be empty");
    return node.scalar;
  }

  static ParamValue choice(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_scalar()) type_error(node, path, spec);
    for (const auto& allowed : spec.choices)
      if (node.scalar == allowed) return node.scalar;
    std::string hint = did_you_mean(node.scalar, spec.choices);
    throw InputError(node.mark, path, "expected " + type_name(spec) + ", got " + got(node) + hint);
  }

  static ParamValue vec3(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_sequence() || node.items.size() != 3) type_error(node, path, spec);
    Vec3 value;
    for (int k = 0; k < 3; ++k)
      value[k] = read_component(node.items[static_cast<std::size_t>(k)],
                                item_path(path, static_cast<std::size_t>(k)));
    return value;
  }

  static ParamValue tensor(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_sequence()) type_error(node, path, spec);
    if (node.items.size() == 6) return voigt_tensor(node, path);
    if (node.items.size() == 3) return full_tensor(node, spec, path);
    type_error(node, path, spec);
  }

  static Mat3 voigt_tensor(const YamlNode& node, const std::string& path) {
    double c[6];
    for (std::size_t k = 0; k < 6; ++k) c[k] = read_component(node.items[k], item_path(path, k));
    Mat3 value;
    value << c[0], c[3], c[4], c[3], c[1], c[5], c[4], c[5], c[2];
    return value;
  }

  static Mat3 full_tensor(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    Mat3 value;
    for (std::size_t i = 0; i < 3; ++i) {
      const YamlNode& row = node.items[i];
      if (!row.is_sequence() || row.items.size() != 3) type_error(node, path, spec);
      for (std::size_t j = 0; j < 3; ++j)
        value(static_cast<int>(i), static_cast<int>(j)) =
            read_component(row.items[j], item_path(item_path(path, i), j));
    }
    double tolerance = 1e-12 * value.cwiseAbs().maxCoeff();
    if (!((value - value.transpose()).cwiseAbs().maxCoeff() <= tolerance))
      throw InputError(node.mark, path, "the 3×3 tensor must be symmetric");
    return value;
  }

  static ParamValue points(const YamlNode& node, const ParamSpec& spec, const std::string& path) {
    if (!node.is_sequence() || node.items.empty()) type_error(node, path, spec);
    TimePoints table;
    for (std::size_t k = 0; k < node.items.size(); ++k) {
      const YamlNode& pair = node.items[k];
      std::string pair_path = item_path(path, k);
      if (!pair.is_sequence() || pair.items.size() != 2)
        throw InputError(pair.mark, pair_path, "expected a [t, v] pair, got " + got(pair));
      double t = read_component(pair.items[0], item_path(pair_path, 0));
      double v = read_component(pair.items[1], item_path(pair_path, 1));
      if (!table.empty() && !(t > table.back().first))
        throw InputError(pair.items[0].mark, item_path(pair_path, 0),
                         "times must increase strictly (" + format_real(t) + " follows " +
                             format_real(table.back().first) + ")");
      table.emplace_back(t, v);
    }
    return table;
  }

  ParamValue object_list(const YamlNode& node, const ParamSpec& spec,
                         const std::string& path) const {
    if (!node.is_sequence()) type_error(node, path, spec);
    if (node.items.size() < spec.min_items)
      throw InputError(node.mark, path, "needs " + range_text(spec));
    const ObjectSchema& schema = registry_.object(spec.schema);
    std::vector<ParamSet> list;
    for (std::size_t k = 0; k < node.items.size(); ++k)
      list.push_back(object(node.items[k], schema, item_path(path, k)));
    return list;
  }

  ParamValue polymorphic(const YamlNode& node, const ParamSpec& spec,
                         const std::string& path) const {
    const PolymorphicFamily& family = registry_.family(spec.schema);
    if (node.is_scalar() && !family.bare_scalar_type.empty())
      return std::vector<ParamSet>{
          member(node, *family.find(family.bare_scalar_type), family.name, path)};
    if (node.is_scalar() && family.bare_names && !node.quoted)
      return std::vector<ParamSet>{bare_name(node, spec, family, path)};
    if (node.is_map() && !family.map_default_type.empty() && !names_a_type(node, family)) {
      // The default member's keys alone: they sit where the map is, under the same path.
      ParamSet set = object(node, *family.find(family.map_default_type), path);
      set.family = family.name;
      return std::vector<ParamSet>{std::move(set)};
    }
    if (!node.is_map() || node.entries.size() != 1) type_error(node, path, spec, &family);
    const auto& [type, payload] = node.entries.front();
    return std::vector<ParamSet>{
        member(payload, member_named(type, spec, family, path), family.name, path)};
  }

  // The member a name (a type key, or a bare name) names; an InputError for another name.
  const ObjectSchema& member_named(const YamlNode& name, const ParamSpec& spec,
                                   const PolymorphicFamily& family, const std::string& path) const {
    const ObjectSchema* schema = family.find(name.scalar);
    if (schema == nullptr)
      throw InputError(name.mark, path,
                       "unknown " + family.name + " type '" + name.scalar + "'" +
                           did_you_mean(name.scalar, family.type_names()) + "; expected " +
                           expected(spec, &family));
    return *schema;
  }

  // {type: payload}: a map whose one key names a member.
  static bool names_a_type(const YamlNode& node, const PolymorphicFamily& family) {
    return node.entries.size() == 1 && family.find(node.entries.front().key.scalar) != nullptr;
  }

  // A bare name: that member with its defaults, as if written {name: {}}.
  ParamSet bare_name(const YamlNode& node, const ParamSpec& spec, const PolymorphicFamily& family,
                     const std::string& path) const {
    const ObjectSchema& schema = member_named(node, spec, family, path);
    YamlNode empty;
    empty.kind = YamlNode::Kind::Map;
    empty.mark = node.mark;
    ParamSet set = object(empty, schema, path);
    set.family = family.name;
    return set;
  }

  // The payload of one family type: a map of its keys, or the value of its single key.
  ParamSet member(const YamlNode& payload, const ObjectSchema& schema, const std::string& family,
                  const std::string& path) const {
    if (!schema.inline_payload) {
      ParamSet set = object(payload, schema, child_path(path, schema.name));
      set.family = family;
      return set;
    }
    const ParamSpec& spec = schema.params.front();
    ParamSet set{schema.name, family, path, payload.mark, {}};
    set.params.push_back({spec.name, spec.type,
                          value_of(payload, spec, child_path(path, spec.name)), payload.mark,
                          true});
    if (schema.complete) schema.complete(set);
    return set;
  }

  const SchemaRegistry& registry_;
};

}  // namespace

ParamSet read_object(const YamlNode& node, const ObjectSchema& schema,
                     const SchemaRegistry& registry, const std::string& path) {
  return ParamReader(registry).object(node, schema, path);
}

}  // namespace polydem

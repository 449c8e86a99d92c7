#include "src/params/param_spec.hpp"

#include "src/params/param_format.hpp"

namespace polydem {

ParamSpec& ParamSpec::with_unit(std::string text) {
  unit = std::move(text);
  return *this;
}

ParamSpec& ParamSpec::make_required() {
  required = true;
  return *this;
}

ParamSpec& ParamSpec::with_default(ParamValue value) {
  default_value = std::move(value);
  return *this;
}

ParamSpec& ParamSpec::allowing_empty() {
  empty_allowed = true;
  return *this;
}

ParamSpec& ParamSpec::with_computed_default(std::string note) {
  default_note = std::move(note);
  return *this;
}

ParamSpec& ParamSpec::greater_than(double value) {
  lower = Bound{value, false};
  return *this;
}

ParamSpec& ParamSpec::at_least(double value) {
  lower = Bound{value, true};
  return *this;
}

ParamSpec& ParamSpec::less_than(double value) {
  upper = Bound{value, false};
  return *this;
}

ParamSpec& ParamSpec::at_most(double value) {
  upper = Bound{value, true};
  return *this;
}

ParamSpec& ParamSpec::with_min_items(std::size_t count) {
  min_items = count;
  return *this;
}

ParamSpec& ObjectSchema::add(std::string key, ParamType type, std::string description) {
  ParamSpec spec;
  spec.name = std::move(key);
  spec.type = type;
  spec.description = std::move(description);
  params.push_back(std::move(spec));
  return params.back();
}

ParamSpec& ObjectSchema::add_real(std::string key, std::string description) {
  return add(std::move(key), ParamType::Real, std::move(description));
}

ParamSpec& ObjectSchema::add_integer(std::string key, std::string description) {
  return add(std::move(key), ParamType::Integer, std::move(description));
}

ParamSpec& ObjectSchema::add_bool(std::string key, std::string description) {
  return add(std::move(key), ParamType::Bool, std::move(description));
}

ParamSpec& ObjectSchema::add_string(std::string key, std::string description) {
  return add(std::move(key), ParamType::String, std::move(description));
}

ParamSpec& ObjectSchema::add_enum(std::string key, std::vector<std::string> choices,
                                  std::string description) {
  ParamSpec& spec = add(std::move(key), ParamType::Enum, std::move(description));
  spec.choices = std::move(choices);
  return spec;
}

ParamSpec& ObjectSchema::add_vec3(std::string key, std::string description) {
  return add(std::move(key), ParamType::Vec3, std::move(description));
}

ParamSpec& ObjectSchema::add_object(std::string key, std::string schema_name,
                                    std::string description) {
  ParamSpec& spec = add(std::move(key), ParamType::Object, std::move(description));
  spec.schema = std::move(schema_name);
  return spec;
}

ParamSpec& ObjectSchema::add_object_list(std::string key, std::string schema_name,
                                         std::string description) {
  ParamSpec& spec = add(std::move(key), ParamType::ObjectList, std::move(description));
  spec.schema = std::move(schema_name);
  return spec;
}

ParamSpec& ObjectSchema::add_polymorphic(std::string key, std::string family,
                                         std::string description) {
  ParamSpec& spec = add(std::move(key), ParamType::Polymorphic, std::move(description));
  spec.schema = std::move(family);
  return spec;
}

const ParamSpec* ObjectSchema::find(const std::string& key) const {
  for (const auto& spec : params)
    if (spec.name == key) return &spec;
  return nullptr;
}

std::string type_name(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::Real:
      return "real";
    case ParamType::Integer:
      return "integer";
    case ParamType::Bool:
      return "bool";
    case ParamType::String:
      return "string";
    case ParamType::Enum: {
      std::string text = "one of";
      for (std::size_t k = 0; k < spec.choices.size(); ++k)
        text += (k == 0 ? " " : ", ") + spec.choices[k];
      return text;
    }
    case ParamType::Vec3:
      return "3-vector";
    case ParamType::SymTensor:
      return "symmetric 3×3 tensor";
    case ParamType::TimePoints:
      return "list of [t, v] pairs";
    case ParamType::Object:
      return "map (" + spec.schema + ")";
    case ParamType::ObjectList:
      return "list of " + spec.schema;
    case ParamType::Polymorphic:
      return spec.schema;
  }
  return "value";
}

std::string range_text(const ParamSpec& spec) {
  std::string text;
  if (spec.lower && spec.upper) {
    text = std::string("in ") + (spec.lower->inclusive ? "[" : "(") +
           format_real(spec.lower->value) + ", " + format_real(spec.upper->value) +
           (spec.upper->inclusive ? "]" : ")");
  } else if (spec.lower) {
    text = (spec.lower->inclusive ? ">= " : "> ") + format_real(spec.lower->value);
  } else if (spec.upper) {
    text = (spec.upper->inclusive ? "<= " : "< ") + format_real(spec.upper->value);
  }
  if (spec.min_items > 0) {
    if (!text.empty()) text += "; ";
    text +=
        "at least " + std::to_string(spec.min_items) + (spec.min_items == 1 ? " item" : " items");
  }
  return text;
}

}  // namespace polydem

#include "src/params/registry.hpp"

#include <stdexcept>
#include <utility>

namespace polydem {

PolymorphicFamily PolymorphicFamily::named(std::string name, std::string description) {
  PolymorphicFamily family;
  family.name = std::move(name);
  family.description = std::move(description);
  return family;
}

PolymorphicFamily& PolymorphicFamily::with_bare_scalar(std::string type) {
  bare_scalar_type = std::move(type);
  return *this;
}

PolymorphicFamily& PolymorphicFamily::with_map_default(std::string type) {
  map_default_type = std::move(type);
  return *this;
}

PolymorphicFamily& PolymorphicFamily::with_bare_names() {
  bare_names = true;
  return *this;
}

const ObjectSchema* PolymorphicFamily::find(const std::string& type) const {
  for (const auto& member : members)
    if (member.name == type) return &member;
  return nullptr;
}

std::vector<std::string> PolymorphicFamily::type_names() const {
  std::vector<std::string> names;
  for (const auto& member : members) names.push_back(member.name);
  return names;
}

void SchemaRegistry::add_object(ObjectSchema schema) {
  for (const auto& existing : objects_)
    if (existing.name == schema.name)
      throw std::logic_error("deck object '" + schema.name + "' declared twice");
  objects_.push_back(std::move(schema));
}

void SchemaRegistry::add_family(PolymorphicFamily family) {
  for (const auto& existing : families_)
    if (existing.name == family.name)
      throw std::logic_error("deck family '" + family.name + "' declared twice");
  families_.push_back(std::move(family));
}

const ObjectSchema& SchemaRegistry::object(const std::string& name) const {
  for (const auto& schema : objects_)
    if (schema.name == name) return schema;
  throw std::logic_error("undeclared deck object '" + name + "'");
}

const PolymorphicFamily& SchemaRegistry::family(const std::string& name) const {
  for (const auto& family : families_)
    if (family.name == name) return family;
  throw std::logic_error("undeclared deck family '" + name + "'");
}

}  // namespace polydem

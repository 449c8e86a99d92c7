#include "src/params/declarations.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

namespace polydem {
namespace {

struct Pending {
  std::vector<ObjectSchema (*)()> objects;
  std::map<std::string, PolymorphicFamily> families;
  std::map<std::string, std::vector<ObjectSchema (*)()>> members;
  bool built = false;
};

// A function-local static: registrations in other files may run before this file's statics.
Pending& pending() {
  static Pending p;
  return p;
}

void check_open(const char* what) {
  if (pending().built)
    throw std::logic_error(std::string("a deck ") + what +
                           " was declared after the declarations were read");
}

bool by_name(const ObjectSchema& a, const ObjectSchema& b) { return a.name < b.name; }

SchemaRegistry build() {
  Pending& p = pending();
  std::vector<ObjectSchema> objects;
  for (auto declare : p.objects) objects.push_back(declare());
  std::sort(objects.begin(), objects.end(), by_name);
  SchemaRegistry registry;
  for (ObjectSchema& schema : objects) registry.add_object(std::move(schema));
  for (auto& [name, family] : p.families) {  // std::map: in name order
    for (auto declare : p.members[name]) family.members.push_back(declare());
    std::sort(family.members.begin(), family.members.end(), by_name);
    registry.add_family(family);
  }
  for (const auto& [name, members] : p.members)
    if (!p.families.contains(name))
      throw std::logic_error("members declared for the undeclared deck family '" + name + "'");
  p.built = true;
  return registry;
}

}  // namespace

const SchemaRegistry& declared_schemas() {
  static const SchemaRegistry registry = build();
  return registry;
}

namespace declarations {

bool add_object(ObjectSchema (*declare)()) {
  check_open("object");
  pending().objects.push_back(declare);
  return true;
}

bool add_family(PolymorphicFamily description) {
  check_open("family");
  const std::string name = description.name;
  if (!pending().families.emplace(name, std::move(description)).second)
    throw std::logic_error("deck family '" + name + "' declared twice");
  return true;
}

bool add_member(const std::string& family, ObjectSchema (*declare)()) {
  check_open("family member");
  pending().members[family].push_back(declare);
  return true;
}

}  // namespace declarations
}  // namespace polydem

// Where deck objects and polymorphic families are looked up by name.
// A family (e.g. time_function) maps the type names a deck may write
// ({ramp: ...}) to the ObjectSchema of each type; adding a type means adding
// one member to its family, and reading, echo and documentation follow.
#pragma once

#include <string>
#include <vector>

#include "src/params/param_spec.hpp"

namespace polydem {

struct PolymorphicFamily {
  std::string name;  ///< e.g. "time_function"
  std::string description;
  std::string bare_scalar_type;  ///< the member a bare number stands for (empty: not allowed)
  /// The member a map stands for when it is not {type: payload} (its keys are
  /// that member's), e.g. `dt: {initial: 1e-3}` for {adaptive: {initial: 1e-3}};
  /// empty: not allowed.
  std::string map_default_type;
  /// A bare name stands for that member with its defaults (`linear_solver: umfpack`).
  bool bare_names = false;
  std::vector<ObjectSchema> members;

  /// A family with this name and description; the refinements below set the rest.
  static PolymorphicFamily named(std::string name, std::string description);
  PolymorphicFamily& with_bare_scalar(std::string type);
  PolymorphicFamily& with_map_default(std::string type);
  PolymorphicFamily& with_bare_names();

  const ObjectSchema* find(const std::string& type) const;
  std::vector<std::string> type_names() const;
};

class SchemaRegistry {
 public:
  void add_object(ObjectSchema schema);
  void add_family(PolymorphicFamily family);

  /// Throws std::logic_error for an undeclared name (a bug, not a deck error).
  const ObjectSchema& object(const std::string& name) const;
  const PolymorphicFamily& family(const std::string& name) const;

  /// In declaration order, which is also the documentation order.
  const std::vector<ObjectSchema>& objects() const { return objects_; }
  const std::vector<PolymorphicFamily>& families() const { return families_; }

 private:
  std::vector<ObjectSchema> objects_;
  std::vector<PolymorphicFamily> families_;
};

}  // namespace polydem

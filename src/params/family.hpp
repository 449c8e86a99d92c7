// A polymorphic deck family whose members each build an object: a damping
// model, a shape's geometry, a linear-solver back end. Each member declares its
// keys and how it builds in its own file, and registers itself there:
//
//   POLYDEM_REGISTER(damping_models(), viscous_params, make_viscous);
//
// The family's accessor (a function returning a function-local static Family)
// lives with the interface the members implement, and declares the family with
// POLYDEM_DECLARE_FAMILY so that decks can name it even before any member has
// registered.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "src/params/declarations.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

template <class Product, class... Context>
class Family {
 public:
  using Build = Product (*)(const ParamSet&, const Context&...);

  explicit Family(PolymorphicFamily description) : name_(description.name) {
    declarations::add_family(std::move(description));
  }

  /// Registers a member; true, for static initialisers.
  bool add(ObjectSchema (*declare)(), Build build) {
    const std::string type = declare().name;
    if (!builders_.emplace(type, build).second)
      throw std::logic_error("'" + type + "' registered twice in deck family '" + name_ + "'");
    return declarations::add_member(name_, declare);
  }

  /// The object of the member whose parameters are `member` (as read, so its type is registered).
  Product build(const ParamSet& member, const Context&... context) const {
    const auto found = builders_.find(member.schema);
    if (found == builders_.end())
      throw std::logic_error("no '" + member.schema + "' in deck family '" + name_ + "'");
    return found->second(member, context...);
  }

  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::map<std::string, Build> builders_;
};

}  // namespace polydem

/// Registers a family member: its declaring function and its build function.
#define POLYDEM_REGISTER(family, declare, build)                                       \
  namespace {                                                                          \
  [[maybe_unused]] const bool POLYDEM_CONCAT(polydem_registered_,                      \
                                             __LINE__) = (family).add(declare, build); \
  }

/// Declares a family through its accessor, in the file that defines the accessor.
#define POLYDEM_DECLARE_FAMILY(accessor)                                                        \
  namespace {                                                                                   \
  [[maybe_unused]] const bool POLYDEM_CONCAT(polydem_family_,                                   \
                                             __LINE__) = (static_cast<void>(accessor()), true); \
  }

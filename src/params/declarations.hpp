// Where every deck object and family of the program is declared: each object
// declares its keys in its own file and registers itself there with one line
// (the MOOSE idea of validParams() plus registerMooseObject()), so that adding
// an object touches no list elsewhere.
//
//   POLYDEM_DECLARE_OBJECT(step_params);            // a section such as `step`
//   POLYDEM_REGISTER(damping_models(), viscous_damping_params, make_viscous_damping);
//
// The registrations run while the program starts (static initialisation), in
// an order the linker chooses; declared_schemas() sorts what they gave, so the
// reader, the echo and docs/deck.md never depend on that order. Libraries are
// linked whole (CMake's WHOLE_ARCHIVE), so no registration is dropped.
#pragma once

#include <string>

#include "src/params/registry.hpp"

namespace polydem {

/// Every object and family declared in the program, objects in name order,
/// families in name order with their members in name order. Valid once static
/// initialisation is over; built on the first call.
const SchemaRegistry& declared_schemas();

namespace declarations {

/// Adds an object's declaration; returns true, for static initialisers.
bool add_object(ObjectSchema (*declare)());
/// Adds a family's description (once per family, by the file that defines its interface).
bool add_family(PolymorphicFamily description);
/// Adds a member's declaration to the family `family`.
bool add_member(const std::string& family, ObjectSchema (*declare)());

}  // namespace declarations
}  // namespace polydem

#define POLYDEM_CONCAT_INNER(a, b) a##b
#define POLYDEM_CONCAT(a, b) POLYDEM_CONCAT_INNER(a, b)
/// Declares a deck object (a section or sub-section) by its declaring function.
/// Declares a family whose description (and possibly members) a function returns.
#define POLYDEM_DECLARE_FAMILY_DESCRIPTION(describe)                        \
  namespace {                                                               \
  [[maybe_unused]] const bool POLYDEM_CONCAT(polydem_declared_, __LINE__) = \
      ::polydem::declarations::add_family(describe());                      \
  }
#define POLYDEM_DECLARE_OBJECT(declare)                                     \
  namespace {                                                               \
  [[maybe_unused]] const bool POLYDEM_CONCAT(polydem_declared_, __LINE__) = \
      ::polydem::declarations::add_object(declare);                         \
  }

// Builds the contact part of a model from the deck: shapes (with their
// sub-region structure), mesh-derived mass properties, boundaries and the
// interaction table per pair of groups.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "contact/contact_set.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

using ShapeLibrary = std::map<std::string, std::shared_ptr<const Shape>>;

/// Every shape of the deck, built once; InputError naming the deck entry and
/// the mesh problem for a bad mesh.
ShapeLibrary build_shapes(const DeckData& deck);

/// The body with mass, centre of mass and inertia from its shape when it has a density.
BodySpec with_mass_properties(BodySpec body, const ShapeLibrary& shapes);

/// The contact set of the model; nullptr when no body has a shape.
std::unique_ptr<ContactSet> build_contact_set(const DeckData& deck, const ShapeLibrary& shapes,
                                              const std::vector<BodySpec>& bodies);

}  // namespace polydem

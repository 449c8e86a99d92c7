#include "src/analysis/contact_builder.hpp"

#include <set>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/shape_builder.hpp"

namespace polydem {
namespace {

struct GroupIndex {
  std::map<std::string, int> ids;
  int id(const std::string& name) {
    return ids.emplace(name, static_cast<int>(ids.size())).first->second;
  }
};

}  // namespace

ShapeLibrary build_shapes(const DeckData& deck) {
  ShapeLibrary shapes;
  for (const ShapeSpec& spec : deck.shapes)
    shapes[spec.name] = with_input_context(spec.mark, "shape '" + spec.name + "'",
                                           [&] { return build_shape(spec.mesh, spec.name); });
  return shapes;
}

BodySpec with_mass_properties(BodySpec body, const ShapeLibrary& shapes) {
  if (!(body.density > 0)) return body;
  const MassProperties mass = mass_properties(shapes.at(body.shape)->mesh, body.density);
  body.mass = mass.mass;
  body.centre_of_mass = mass.centre_of_mass;
  body.inertia = mass.inertia;
  return body;
}

std::unique_ptr<ContactSet> build_contact_set(const DeckData& deck, const ShapeLibrary& shapes,
                                              const std::vector<BodySpec>& bodies) {
  if (std::none_of(bodies.begin(), bodies.end(),
                   [](const BodySpec& b) { return !b.shape.empty(); }))
    return nullptr;
  GroupIndex groups;
  std::vector<ContactBody> contact_bodies;
  for (const BodySpec& body : bodies)
    contact_bodies.push_back(
        body.shape.empty() ? ContactBody{body.name, nullptr, body.mass, -1, body.inertia,
                                         body.centre_of_mass, body.fixed}
                           : ContactBody{body.name, shapes.at(body.shape), body.mass,
                                         groups.id(body.group), body.inertia, body.centre_of_mass,
                                         body.fixed && body.prescribed.empty()});
  std::vector<BoundarySurface> boundaries;
  for (const BoundarySpec& spec : deck.boundaries) {
    BoundarySurface surface;
    surface.name = spec.name;
    surface.shape = with_input_context(spec.mark, "boundary '" + spec.name + "'",
                                       [&] { return build_boundary_shape(spec.mesh, spec.name); });
    surface.displacement = spec.displacement;
    surface.displacement_scale = spec.displacement_scale;
    surface.group = groups.id(spec.group);
    surface.active = spec.active;
    boundaries.push_back(std::move(surface));
  }
  for (const InteractionSpec& spec : deck.contact.interactions) {
    groups.id(spec.group_a);
    groups.id(spec.group_b);
  }
  InteractionTable table(static_cast<int>(groups.ids.size()));
  for (const InteractionSpec& spec : deck.contact.interactions)
    if (spec.enabled) table.set(groups.id(spec.group_a), groups.id(spec.group_b), spec.laws);
  SearchSettings search;
  search.travel_factor = deck.contact.travel_factor;
  search.minimum_margin = deck.contact.minimum_margin;
  search.verlet_margin = deck.contact.verlet_margin;
  search.cell_size = deck.contact.cell_size;
  if (deck.contact.domain)
    search.domain = SearchBox{deck.contact.domain->min, deck.contact.domain->max};
  auto contact = std::make_unique<ContactSet>(std::move(contact_bodies), std::move(boundaries),
                                              std::move(table), search);
  contact->set_group_names(groups.ids);
  return contact;
}

}  // namespace polydem

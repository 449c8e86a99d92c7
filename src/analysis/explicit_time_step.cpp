#include "src/analysis/explicit_time_step.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "contact/geometry/mass_properties.hpp"
#include "src/core/critical_time_step.hpp"

namespace polydem {
namespace {

/// Which kinds of contact partners a group has.
struct Partners {
  bool bodies = false;
  bool boundaries = false;
};

Partners partners_of(const ContactSet& contact, int group) {
  Partners partners;
  for (const ContactBody& body : contact.bodies())
    partners.bodies |= body.shape && body.group == group;
  for (const BoundarySurface& boundary : contact.boundaries())
    partners.boundaries |= boundary.group == group;
  return partners;
}

/// The stiffest tangent of the normal law out of its barrier (at the switch), or ε_t.
double switch_stiffness(const InteractionLaws& laws, double body_size) {
  const ContactMaterial* a = laws.material_a ? &*laws.material_a : nullptr;
  const ContactMaterial* b = laws.material_b ? &*laws.material_b : nullptr;
  const auto law = laws.normal->make(laws.normal->skin(body_size), a, b);
  return std::max(-law->force_derivative(law->barrier_gap()), laws.friction.stiffness);
}

void consider(CriticalStep& smallest, const std::string& body, double mass, double stiffness,
              double damping_ratio) {
  const double step = critical_time_step(mass, stiffness, damping_ratio);
  if (step < smallest.step) smallest = {step, body, mass, stiffness, damping_ratio};
}

bool fixed(const DofMap& dofs, int body) {
  for (int k = 0; k < kDofsPerNode; ++k)
    if (!dofs.is_constrained(kDofsPerNode * body + k)) return false;
  return true;
}

}  // namespace

CriticalStep contact_critical_step(const Model& model, const DeckData& deck) {
  CriticalStep smallest;
  if (!model.contact) return smallest;
  const ContactSet& contact = *model.contact;
  std::map<const Shape*, double> sizes;
  for (std::size_t b = 0; b < contact.bodies().size(); ++b) {
    const ContactBody& body = contact.bodies()[b];
    if (!body.shape || fixed(model.dofs, static_cast<int>(b))) continue;
    if (!sizes.contains(body.shape.get()))
      sizes[body.shape.get()] = std::cbrt(mass_properties(body.shape->mesh).volume);
    for (const InteractionSpec& spec : deck.contact.interactions) {
      const int a = contact.group_index(spec.group_a), other = contact.group_index(spec.group_b);
      if (!spec.enabled || (body.group != a && body.group != other)) continue;
      const Partners partners = partners_of(contact, body.group == a ? other : a);
      const double stiffness = switch_stiffness(spec.laws, sizes[body.shape.get()]);
      const double ratio = spec.laws.damping.critical_ratio();
      if (partners.boundaries) consider(smallest, body.name, body.mass, stiffness, ratio);
      if (partners.bodies) consider(smallest, body.name, body.mass / 2, stiffness, ratio);
    }
  }
  return smallest;
}

}  // namespace polydem

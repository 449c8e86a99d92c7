#include "src/analysis/body_resultants.hpp"

#include <algorithm>

#include "contact/contact_set.hpp"

namespace polydem {

std::vector<Wrench<double>> contact_resultants(const ContactSnapshot& snapshot,
                                               std::size_t bodies) {
  std::vector<Wrench<double>> result(bodies);
  const auto add = [&](int body, const Vec3& force, const Vec3& point) {
    Wrench<double>& w = result.at(static_cast<std::size_t>(body));
    w.force += force;
    w.moment += point.cross(force);
  };
  for (const ContactRecord& c : snapshot.contacts) {
    const Vec3 force = c.outcome.normal_force + c.outcome.friction_force;  // on A
    add(c.body_a, force, c.outcome.point);
    if (c.body_b >= 0) add(c.body_b, -force, c.outcome.point);
  }
  return result;
}

std::vector<std::size_t> fixed_bodies(const Model& model) {
  std::vector<std::size_t> fixed;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const int first = model.bodies[b]->node() * kDofsPerNode;
    bool held = true;
    for (int d = first; d < first + kDofsPerNode; ++d) held = held && model.dofs.is_constrained(d);
    const bool moved = std::any_of(
        model.prescribed.begin(), model.prescribed.end(),
        [&](const PrescribedDof& p) { return p.dof >= first && p.dof < first + kDofsPerNode; });
    if (held && !moved) fixed.push_back(b);
  }
  return fixed;
}

Wrench<double> support_reaction(const Model& model, std::size_t body, const Wrench<double>& contact,
                                double time, double load_factor) {
  const RigidBody& rigid = *model.bodies[body];
  const NodeState& state = model.nodes[static_cast<std::size_t>(rigid.node())];
  Wrench<double> on_body = rigid.applied_wrench_at(state, time, load_factor * model.gravity);
  on_body.force += contact.force;
  on_body.moment += contact.moment;
  for (const RigidNode& node : model.rigid_nodes) {  // what its rigid nodes pass to it
    if (static_cast<std::size_t>(node.body) != body) continue;
    const Vec3& at = model.nodes[static_cast<std::size_t>(node.link->node())].position;
    on_body.force += node.reaction.force;
    on_body.moment += node.reaction.moment + at.cross(node.reaction.force);
  }
  return {-on_body.force, -on_body.moment};
}

std::vector<std::string> reaction_names(const Model& model) {
  std::vector<std::string> names;
  if (model.contact)
    for (const BoundarySurface& boundary : model.contact->boundaries())
      names.push_back(boundary.name);
  for (const std::size_t body : fixed_bodies(model)) names.push_back(model.body_names[body]);
  return names;
}

std::vector<Wrench<double>> reactions(const Model& model, double time, double load_factor) {
  std::vector<Wrench<double>> result;
  std::vector<Wrench<double>> contact(model.bodies.size());
  if (model.contact) {
    const ContactSnapshot& snapshot = model.contact->snapshot();
    for (std::size_t s = 0; s < snapshot.boundary_reactions.size(); ++s)
      result.push_back({snapshot.boundary_reactions[s], snapshot.boundary_moments[s]});
    contact = contact_resultants(snapshot, model.bodies.size());
  }
  for (const std::size_t body : fixed_bodies(model))
    result.push_back(support_reaction(model, body, contact[body], time, load_factor));
  return result;
}

}  // namespace polydem

#include "src/analysis/model_builder.hpp"
#include "src/analysis/body_table.hpp"

#include "src/analysis/body_placement.hpp"
#include "src/analysis/contact_builder.hpp"
#include "src/analysis/history_table.hpp"
#include "src/analysis/rigid_nodes.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

/// The body's element; its length scale reaches its centre of mass, load points and rigid nodes.
std::unique_ptr<RigidBody> rigid_body(int node, const BodySpec& spec) {
  std::vector<Vec3> reach = {spec.centre_of_mass};
  for (const AppliedLoad& load : spec.loads) reach.push_back(load.point);
  for (const RigidNodeSpec& rigid_node : spec.rigid_nodes) reach.push_back(rigid_node.point);
  const double length_scale = RigidBody::natural_length_scale(spec.mass, spec.inertia, reach);
  return std::make_unique<RigidBody>(node, spec.mass, spec.inertia, spec.centre_of_mass,
                                     length_scale, spec.loads);
}

NodeState initial_state(const BodySpec& spec) {
  NodeState state;
  state.position = spec.position;
  state.rotation = rotation_vector_to_quaternion(spec.rotation);
  state.velocity = spec.velocity;
  state.angular_velocity = spec.angular_velocity;
  return state;
}

void constrain_body(Model& model, int node, const BodySpec& spec) {
  const int first = kDofsPerNode * node;
  if (spec.fixed)
    for (int k = 0; k < kDofsPerNode; ++k) model.dofs.constrain(first + k);
  for (const PrescribedDofSpec& prescribed : spec.prescribed) {
    model.dofs.constrain(first + prescribed.component);
    model.prescribed.push_back({first + prescribed.component, prescribed.value});
  }
}

int rigid_node_count(const DeckData& deck) {
  int count = 0;
  for (const BodySpec& body : deck.bodies) count += static_cast<int>(body.rigid_nodes.size());
  return count;
}

// Each rigid node gets the next node index, and six multiplier DOFs after all
// node DOFs; both scale like the body they are tied to.
void add_rigid_nodes(Model& model, const DeckData& deck) {
  int first_multiplier =
      kDofsPerNode * static_cast<int>(model.bodies.size() + rigid_node_count(deck));
  for (std::size_t b = 0; b < deck.bodies.size(); ++b) {
    const RigidBody& body = *model.bodies[b];
    for (const RigidNodeSpec& spec : deck.bodies[b].rigid_nodes) {
      const int node = static_cast<int>(model.nodes.size());
      RigidNode rigid_node;
      rigid_node.name = spec.name;
      rigid_node.body = static_cast<int>(b);
      rigid_node.link =
          std::make_unique<RigidNodeLink>(body.node(), node, first_multiplier, spec.point);
      if (!spec.loads.empty())
        rigid_node.loads = std::make_unique<NodeLoad>(node, spec.loads, body.length_scale());
      for (int k = 0; k < kDofsPerNode; ++k) {
        model.dof_length_scale[static_cast<std::size_t>(kDofsPerNode * node + k)] =
            body.length_scale();
        model.dof_length_scale[static_cast<std::size_t>(first_multiplier + k)] =
            body.length_scale();
      }
      model.nodes.push_back(
          rigid_node.link->follow(model.nodes[static_cast<std::size_t>(body.node())]));
      model.rigid_nodes.push_back(std::move(rigid_node));
      first_multiplier += kDofsPerNode;
    }
  }
}

}  // namespace

std::vector<std::string> boundary_names(const DeckData& deck) {
  std::vector<std::string> names;
  for (const BoundarySpec& boundary : deck.boundaries) names.push_back(boundary.name);
  return names;
}

Model build_model(const DeckData& deck, int threads, bool decomposed) {
  Model model;
  model.gravity = deck.gravity;
  const ShapeLibrary shapes = build_shapes(deck);
  std::vector<BodySpec> bodies =
      all_bodies(deck, shapes);  // deck bodies first: rigid nodes index them
  for (BodySpec& spec : bodies) spec = with_mass_properties(std::move(spec), shapes);
  const int body_count = static_cast<int>(bodies.size());
  // Six DOFs per pole, and per rigid node six of its own and six multipliers.
  const int dof_count = kDofsPerNode * (body_count + 2 * rigid_node_count(deck));
  model.dofs = DofMap(dof_count);
  model.dof_length_scale.assign(static_cast<std::size_t>(dof_count), 1.0);
  for (int b = 0; b < body_count; ++b) {
    const BodySpec& spec = bodies[static_cast<std::size_t>(b)];
    model.nodes.push_back(initial_state(spec));
    model.bodies.push_back(rigid_body(b, spec));
    model.body_names.push_back(spec.name);
    for (int k = 0; k < kDofsPerNode; ++k)
      model.dof_length_scale[static_cast<std::size_t>(kDofsPerNode * b + k)] =
          model.bodies.back()->length_scale();
    constrain_body(model, b, spec);
  }
  add_rigid_nodes(model, deck);
  model.dofs.number_equations();
  model.contact = build_contact_set(deck, shapes, bodies);
  if (model.contact) model.contact->set_threads(threads);
  if (!deck.contact.history_file.empty())
    read_history_table(deck.contact.history_file, model, boundary_names(deck));
  if (model.contact) {
    const std::string problem =
        model.contact->preflight(model.nodes, deck.start_time, !deck.reached_state);
    if (!problem.empty()) throw InputError(deck.path + ": initial configuration: " + problem);
  }
  if (!decomposed) set_consistent_accelerations(model, deck.start_time);
  tracked_bodies(model, deck.output);  // output.bodies names bodies that exist
  return model;
}

// Components whose motion is prescribed keep zero acceleration.
// Contact forces count too, so that bodies that start resting on others (or on
// the ground) start at rest instead of in free fall.
void set_consistent_accelerations(Model& model, double time) {
  const std::vector<Wrench<double>> contact =
      model.contact ? model.contact->contact_wrenches(
                          std::span<const NodeState>(model.nodes).first(model.bodies.size()), time)
                    : std::vector<Wrench<double>>(model.bodies.size());
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    NodeState& state = model.nodes[b];
    Wrench<double> attached = rigid_node_loads_on_body(model, static_cast<int>(b), time);
    attached.force += contact[b].force;
    attached.moment += contact[b].moment;
    model.bodies[b]->initial_accelerations(state, time, model.gravity, attached);
    const int first = kDofsPerNode * static_cast<int>(b);
    for (int k = 0; k < 3; ++k) {
      if (model.dofs.is_constrained(first + k)) state.acceleration[k] = 0;
      if (model.dofs.is_constrained(first + 3 + k)) state.angular_acceleration[k] = 0;
    }
  }
  place_rigid_nodes(model, model.nodes);
}

}  // namespace polydem

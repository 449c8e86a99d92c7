#include "src/analysis/model_builder.hpp"

#include "src/analysis/contact_builder.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

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

// Newmark needs ü^0 and ω̇^0 that satisfy the equations of motion at t = 0.
// Components whose motion is prescribed keep zero acceleration.
void start_consistently(Model& model, double start_time) {
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    NodeState& state = model.nodes[b];
    model.bodies[b]->initial_accelerations(state, start_time, model.gravity);
    const int first = kDofsPerNode * static_cast<int>(b);
    for (int k = 0; k < 3; ++k) {
      if (model.dofs.is_constrained(first + k)) state.acceleration[k] = 0;
      if (model.dofs.is_constrained(first + 3 + k)) state.angular_acceleration[k] = 0;
    }
  }
}

}  // namespace

Model build_model(const DeckData& deck) {
  Model model;
  model.gravity = deck.gravity;
  const int body_count = static_cast<int>(deck.bodies.size());
  model.dofs = DofMap(kDofsPerNode * body_count);
  model.dof_length_scale.assign(static_cast<std::size_t>(kDofsPerNode * body_count), 1.0);
  const ShapeLibrary shapes = build_shapes(deck);
  std::vector<BodySpec> bodies;
  for (const BodySpec& spec : deck.bodies) bodies.push_back(with_mass_properties(spec, shapes));
  for (int b = 0; b < body_count; ++b) {
    const BodySpec& spec = bodies[static_cast<std::size_t>(b)];
    model.nodes.push_back(initial_state(spec));
    model.bodies.push_back(std::make_unique<RigidBody>(RigidBody::from_spec(b, spec)));
    model.body_names.push_back(spec.name);
    for (int k = 0; k < kDofsPerNode; ++k)
      model.dof_length_scale[static_cast<std::size_t>(kDofsPerNode * b + k)] = model.bodies.back()->length_scale();
    constrain_body(model, b, spec);
  }
  model.dofs.number_equations();
  model.contact = build_contact_set(deck, shapes, bodies);
  start_consistently(model, 0.0);
  return model;
}

}  // namespace polydem

#include "src/analysis/energy_monitor.hpp"

namespace polydem {

namespace {

/// T + V of the bodies in the configuration `nodes`.
double mechanical_energy(const Model& model, std::span<const NodeState> nodes,
                         const Vec3& gravity) {
  double energy = 0;
  for (const auto& body : model.bodies) {
    const NodeState& state = nodes[static_cast<std::size_t>(body->node())];
    energy += body->kinetic_energy(state) + body->potential_energy(state, gravity);
  }
  return energy;
}

}  // namespace

EnergyMonitor::EnergyMonitor(const Model& model)
    : previous_nodes_(model.nodes), previous_gravity_(model.gravity) {
  measure_state(model, 1.0);
  values_.initial_energy =
      values_.kinetic_energy + values_.potential_energy + values_.contact_energy;
  if (model.contact) boundary_work_ = model.contact->snapshot().boundary_work;
}

void EnergyMonitor::measure_state(const Model& model, double load_factor) {
  values_.kinetic_energy = 0;
  values_.potential_energy = 0;
  values_.linear_momentum.setZero();
  values_.angular_momentum.setZero();
  if (model.contact) {
    const ContactSnapshot& contact = model.contact->snapshot();
    values_.contact_energy = contact.stored_energy;
    values_.damping_dissipation = contact.damping_dissipation;
    values_.friction_dissipation = contact.friction_dissipation;
    values_.switching_energy = contact.switching_energy;
  }
  const Vec3 gravity = load_factor * model.gravity;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const RigidBody& body = *model.bodies[b];
    const NodeState& state = model.nodes[static_cast<std::size_t>(body.node())];
    values_.kinetic_energy += body.kinetic_energy(state);
    values_.potential_energy += body.potential_energy(state, gravity);
    values_.linear_momentum += body.linear_momentum(state);
    values_.angular_momentum += body.angular_momentum(state);
  }
}

double external_work_increment(const Model& model, std::span<const NodeState> before,
                               std::span<const NodeState> after, double t_before, double t_after,
                               const Vec3& gravity_before, const Vec3& gravity_after,
                               bool dynamic) {
  double work = 0;
  for (const auto& body : model.bodies) {
    const auto node = static_cast<std::size_t>(body->node());
    work += body->external_work_increment(before[node], after[node], t_before, t_after,
                                          gravity_before, gravity_after, dynamic);
  }
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    if (!rigid_node.loads) continue;
    const auto node = static_cast<std::size_t>(rigid_node.loads->node());
    work += rigid_node.loads->external_work_increment(before[node], after[node], t_before, t_after,
                                                      dynamic);
  }
  return work;
}

StepEnergy step_energy(const Model& model, std::span<const NodeState> next,
                       const StepContext& ctx) {
  const Vec3 gravity = ctx.load_factor * model.gravity;
  StepEnergy step;
  step.mechanical_change =
      mechanical_energy(model, next, gravity) - mechanical_energy(model, model.nodes, gravity);
  step.load_work = external_work_increment(model, model.nodes, next, ctx.time - ctx.dt, ctx.time,
                                           gravity, gravity, true);
  if (model.contact) {
    const ContactEnergyStep contact = model.contact->energy_step(ctx);
    step.stored_change = contact.stored_change;
    step.dissipated = contact.dissipated;
    step.boundary_work = contact.boundary_work;
    step.switched = contact.switched;
    step.unresolved = contact.unresolved;
    step.largest_closure = contact.largest_closure;
  }
  return step;
}

const MonitorValues& EnergyMonitor::update(const Model& model, double previous_time, double time,
                                           double previous_load_factor, double load_factor,
                                           bool dynamic, const BookedDissipation* booked) {
  // Gravity may have been changed by an action since the last update.
  values_.external_work += external_work_increment(
      model, previous_nodes_, model.nodes, previous_time, time,
      previous_load_factor * previous_gravity_, load_factor * model.gravity, dynamic);
  if (model.contact) {  // moving boundaries do work on the bodies through the contacts
    values_.external_work += model.contact->snapshot().boundary_work - boundary_work_;
    boundary_work_ = model.contact->snapshot().boundary_work;
  }
  previous_nodes_ = model.nodes;
  previous_gravity_ = model.gravity;
  measure_state(model, load_factor);
  if (booked) {
    values_.damping_dissipation = booked->damping;
    values_.friction_dissipation = booked->friction;
    values_.integrator_dissipation = booked->integrator;
  }
  return values_;
}

void EnergyMonitor::write_state(StateWriter& out) const {
  out.put(values_.external_work);
  out.put(values_.initial_energy);
  out.put(boundary_work_);
  out.put(previous_gravity_);
}

void EnergyMonitor::read_state(StateReader& in, const Model& model) {
  values_.external_work = in.real();
  values_.initial_energy = in.real();
  boundary_work_ = in.real();
  previous_gravity_ = in.vec3();
  previous_nodes_ = model.nodes;
}

}  // namespace polydem

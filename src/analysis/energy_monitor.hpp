// Energy, work and momentum bookkeeping over accepted steps: the columns of
// monitor.csv. External work is accumulated step by step (trapezoidal rule,
// RigidBody::external_work_increment), so T + V − W is constant for a
// conservative, exactly integrated motion and its drift measures the error.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "src/analysis/model.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

struct MonitorValues {
  double kinetic_energy = 0;
  double potential_energy = 0;
  double external_work = 0;
  double contact_energy =
      0;  ///< elastic energy stored in the contacts (normal law and tangential springs)
  double damping_dissipation = 0;   ///< normal contact damping, since the start
  double friction_dissipation = 0;  ///< friction, since the start
  double switching_energy =
      0;  ///< brought in by contacts switching inside the skin (ContactSnapshot)
  /// Energy the time integrator itself takes out, since the start: backward Euler's
  /// in the convex step (convex/convex_step.hpp); none for the paper's Newmark (γ = ½).
  double integrator_dissipation = 0;
  double initial_energy = 0;  ///< T + V + contact energy at the start
  Vec3 linear_momentum = Vec3::Zero();
  Vec3 angular_momentum = Vec3::Zero();

  /// T + V + contact energy − W: constant for conservative loading and contact.
  double total_energy() const {
    return kinetic_energy + potential_energy + contact_energy - external_work;
  }
  /// T + V + stored − initial − W + dissipated − switched: zero but for the time
  /// integration error.
  double energy_balance_error() const {
    return total_energy() - initial_energy + damping_dissipation + friction_dissipation +
           integrator_dissipation - switching_energy;
  }
};

/// Dissipation an integrator books itself, totals since the start (J), in place of
/// the contact ledger's damping and friction (which books the paper's Newmark step).
struct BookedDissipation {
  double damping = 0;
  double friction = 0;
  double integrator = 0;
};

/// Work of the applied loads on the bodies and rigid nodes from `before` to
/// `after` (trapezoidal in time; booked as the time integration does in a
/// dynamic step, load_work_increment), and of gravity's change in static steps;
/// gravity's own work is the drop of the potential energy.
double external_work_increment(const Model& model, std::span<const NodeState> before,
                               std::span<const NodeState> after, double t_before, double t_after,
                               const Vec3& gravity_before, const Vec3& gravity_after, bool dynamic);

/// What accepting the converged state `next` of the dynamic step ctx would
/// change in the energy account (J).
struct StepEnergy {
  double mechanical_change = 0;  ///< Δ(T + V) of the bodies
  double load_work = 0;          ///< of the applied loads
  double stored_change = 0;      ///< Δ of the energy stored in the contacts
  double dissipated = 0;         ///< by the contacts' damping and friction, as the ledger books it
  double boundary_work = 0;      ///< of moving boundaries, through the contacts
  double switched = 0;           ///< brought in by contacts switching inside the skin
  double unresolved = 0;         ///< damping booked as negative work: an unresolved contact event
  double largest_closure = 0;    ///< the most a contact closed over its skin (this process's)

  /// What the step adds to MonitorValues::energy_balance_error:
  /// Δ(T + V + contact energy) − work + dissipation − switched.
  double error() const {
    return mechanical_change - load_work + (stored_change + dissipated - boundary_work - switched);
  }
  /// The energy the step creates: Δ(T + V + contact energy) − work − switched,
  /// which no dissipation, however booked, can make positive in a real motion.
  double gain() const {
    return mechanical_change - load_work + (stored_change - boundary_work - switched);
  }
  /// The energy that appears in the step: what it creates, and what its
  /// dashpots are booked as giving (neither can be positive in a real motion).
  double created() const { return std::max(gain(), 0.0) + unresolved; }
};

StepEnergy step_energy(const Model& model, std::span<const NodeState> next, const StepContext& ctx);

class EnergyMonitor {
 public:
  /// Starts from the model's current (initial) state.
  explicit EnergyMonitor(const Model& model);

  /// After an accepted step from `previous_time` to `time`; load factors scale gravity.
  /// `dynamic`: the step was a dynamic one (external_work_increment).
  /// `booked`: the integrator's own dissipation, or null for the contact ledger's.
  const MonitorValues& update(const Model& model, double previous_time, double time,
                              double previous_load_factor, double load_factor, bool dynamic,
                              const BookedDissipation* booked = nullptr);
  const MonitorValues& values() const { return values_; }

  /// Checkpoints: the accumulated work and the references of the energy balance.
  void write_state(StateWriter& out) const;
  /// After read_state the monitor continues from `model`'s (restored) state.
  void read_state(StateReader& in, const Model& model);

 private:
  void measure_state(const Model& model, double load_factor);

  MonitorValues values_;
  std::vector<NodeState> previous_nodes_;
  double boundary_work_ = 0;  ///< the contact ledger's boundary work already counted
  Vec3 previous_gravity_;
};

}  // namespace polydem

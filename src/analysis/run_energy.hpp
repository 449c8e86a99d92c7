// The energy account of a run, kept by its driver: the monitor's values after
// every accepted step (the energy columns of monitor.csv), and the run's energy
// scale — the most mechanical energy it has moved (T + stored + |ΔV| + |W|, at
// least the weight of each body lifted by its own size) — which the energy a
// step may create and the drift of the run's balance are measured against.
//
// With large steps an impact can cross a contact's whole skin in one step; the
// Newmark step then ends deep in the barrier and returns more energy than the
// impact brought (issue 27: two tetrapods dropped with Δt up to 5 ms gained
// 20 % of their energy in single steps and bounced on for ever). By default no
// step may create more than dt.energy_gain_tolerance of the scale, and a run
// whose balance drifts by more than checks.energy_drift of it ends with a warning.
#pragma once

#include <string>

#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/model.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

class RunEnergy {
 public:
  /// From the model's current (initial) state.
  /// `start_time`: the deck's, where the first step starts.
  RunEnergy(const Model& model, double start_time);

  /// After an accepted step to `time` whose gravity factor is `load_factor`.
  /// `booked`: the integrator's own dissipation (EnergyMonitor::update), or null.
  const MonitorValues& update(const Model& model, double time, double load_factor, bool dynamic,
                              const BookedDissipation* booked = nullptr);
  const MonitorValues& values() const { return monitor_.values(); }
  /// The most energy the run has moved so far (J).
  double scale() const { return scale_; }

  /// Empty, or why the run's energy balance is not to be trusted: its error,
  /// less what static steps added, is more than `drift` of the scale.
  std::string drift_warning(double drift) const;

  void write_state(StateWriter& out) const;
  void read_state(StateReader& in, const Model& model);

 private:
  void widen_scale();

  EnergyMonitor monitor_;
  double initial_potential_;
  double previous_time_ = 0;
  double previous_load_factor_ = 1;
  double scale_ = 0;
  /// What static steps added to the balance error: the trapezoidal quadrature
  /// of the load's work between load levels, each of them an equilibrium.
  double static_error_ = 0;
};

}  // namespace polydem

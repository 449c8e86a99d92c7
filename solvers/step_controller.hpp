// Adaptive Δt (paper §2.6 and §3: large steps where the solution is smooth,
// small ones around impacts). A rejected step (no convergence, non-finite
// numbers, later also penetration or a night-owl contact) is retried with
// Δt·cut_factor; a step that converged in at most `easy_iterations` lets Δt
// grow by grow_factor up to the maximum. With an error tolerance, the local
// error estimate of the step (newmark_error.hpp) must also stay below it: the
// error scales as Δt³ where accelerations vary smoothly, so the next Δt is
// chosen from (tolerance/error)^(1/3) with a safety factor.
//
// The controller declares the deck's `dt` section (step_controller.cpp) and is
// made from it, so the deck's keys are its settings.
#pragma once

#include "src/params/param_set.hpp"

namespace polydem {

struct StepControlSettings {
  double initial = 1e-3;
  double min = 1e-9;
  double max = 1e-2;
  double grow_factor = 1.5;
  double cut_factor = 0.5;
  int easy_iterations = 4;
  double error_tolerance = 0;   ///< bound on the Newmark local error estimate; 0: none
  double energy_tolerance = 0;  ///< bound on a step's energy-balance error (J); 0: none
  /// bound on the energy a step creates, over the energy the run has moved; 0: none
  double energy_gain_tolerance = 0;
  /// bound on a step's energy-balance error, over the energy the run has moved; 0: none
  double relative_energy_tolerance = 0;
  /// the largest fraction of its skin a contact may close in one step; 0: no limit
  double skin_closure = 0;

  /// The settings a deck's `dt` section declares.
  static StepControlSettings from(const ParamSet& dt);
  /// Whether a converged step is tested for accuracy at all.
  bool tests_accuracy() const {
    return error_tolerance > 0 || energy_tolerance > 0 || energy_gain_tolerance > 0 ||
           relative_energy_tolerance > 0 || skin_closure > 0;
  }
};

class StepController {
 public:
  explicit StepController(const StepControlSettings& settings)
      : settings_(settings), dt_(settings.initial) {}

  /// The Δt to try next, before clipping to output samples and the step end.
  double proposed() const { return dt_; }
  /// Whether a converged step is accurate enough: `error` is its worst
  /// accuracy test's error over that test's tolerance (1: at the tolerance).
  bool accurate(double error) const;
  /// After an accepted step that took `iterations` Newton iterations with Δt = dt_taken.
  void accepted(int iterations, double dt_taken, double error = 0);
  /// After a rejected step with Δt = dt_taken (error > 1: rejected as inaccurate).
  /// False when Δt fell below the minimum.
  bool rejected(double dt_taken, double error = 0);
  double minimum() const { return settings_.min; }
  /// Continues with the Δt a checkpointed run was about to try.
  void resume(double dt) { dt_ = dt; }

 private:
  StepControlSettings settings_;
  double dt_;
};

}  // namespace polydem

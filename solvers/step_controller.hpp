// Adaptive Δt (paper §2.6 and §3: large steps where the solution is smooth,
// small ones around impacts). A rejected step (no convergence, non-finite
// numbers, later also penetration or a night-owl contact) is retried with
// Δt·cut_factor; a step that converged in at most `easy_iterations` lets Δt
// grow by grow_factor up to the maximum. With an error tolerance, the local
// error estimate of the step (newmark_error.hpp) must also stay below it: the
// error scales as Δt³ where accelerations vary smoothly, so after a rejection
// the next Δt is (tolerance/error)^(1/3) of it, with a safety factor; the energy
// and skin-closure tests' errors fall about linearly with Δt where they fail (an
// under-resolved contact event), so their retries take (tolerance/error)^1. After an
// accepted step a PI controller (Gustafsson 1991; Hairer & Wanner II, eq.
// IV.2.43) bounds the next Δt by Δt · 0.95 e_n^(−0.7/3) e_{n−1}^(0.4/3), e
// each step's worst accuracy test over its tolerance: an error that grows
// from step to step (a contact closing in) shrinks Δt before a step fails,
// where the cube-root rule alone waits for the rejection. Growth still comes
// from Newton's iteration count (easy_iterations, grow_factor).
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
  /// shorten a step before Newton where closing contacts foretell too much energy error
  bool foresee_impacts = false;

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
  /// `order`: how the failed test's error scales with Δt (3: the local error
  /// estimate where the motion is smooth).
  bool rejected(double dt_taken, double error = 0, double order = 3);
  double minimum() const { return settings_.min; }
  /// The last accepted step's error over tolerance (0: none yet), which the PI
  /// controller remembers; a checkpoint keeps it.
  double previous_error() const { return previous_error_; }
  /// Continues with the Δt (and the PI controller's memory) a checkpointed run had.
  void resume(double dt, double previous_error) {
    dt_ = dt;
    previous_error_ = previous_error;
  }

 private:
  /// The largest next Δt the accuracy tests allow after an accepted step.
  double accuracy_limit(double dt_taken, double error) const;

  StepControlSettings settings_;
  double dt_;
  double previous_error_ = 0;
};

}  // namespace polydem

// Adaptive Δt (paper §2.6 and §3: large steps where the solution is smooth,
// small ones around impacts). A rejected step (no convergence, non-finite
// numbers, later also penetration or a night-owl contact) is retried with
// Δt·cut_factor; a step that converged in at most `easy_iterations` lets Δt
// grow by grow_factor up to the maximum. With an error tolerance, the local
// error estimate of the step (newmark_error.hpp) must also stay below it: the
// error scales as Δt³ where accelerations vary smoothly, so the next Δt is
// chosen from (tolerance/error)^(1/3) with a safety factor.
#pragma once

namespace polydem {

struct StepControlSettings {
  double initial = 1e-3;
  double min = 1e-9;
  double max = 1e-2;
  double grow_factor = 1.5;
  double cut_factor = 0.5;
  int easy_iterations = 4;
  double error_tolerance = 0;  ///< 0: no accuracy test
};

class StepController {
 public:
  explicit StepController(const StepControlSettings& settings)
      : settings_(settings), dt_(settings.initial) {}

  /// The Δt to try next, before clipping to output samples and the step end.
  double proposed() const { return dt_; }
  /// Whether a converged step's local error estimate is within the tolerance.
  bool accurate(double error) const;
  /// After an accepted step that took `iterations` Newton iterations with Δt = dt_taken.
  void accepted(int iterations, double dt_taken, double error = 0);
  /// After a rejected step with Δt = dt_taken (error > 0: rejected as inaccurate).
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

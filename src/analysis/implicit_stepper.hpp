// The implicit driver's integrator for one analysis step, as the time loop
// (time_loop.hpp) drives it: each attempt is a Newmark step (paper §2.2) or a
// pseudo-time increment of a static step, solved by Newton–Raphson, then the
// end-of-step contact checks (§2.4.7, §2.6.3: a penetration rejects the step,
// a night-owl contact makes it re-solve) and, in a dynamic step, the accuracy
// tests (local error, energy balance). A rejected attempt is retried with the
// step controller's Δt (§2.6) until Δt would fall below its minimum.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "solvers/linear_solver.hpp"
#include "solvers/newton.hpp"
#include "solvers/step_controller.hpp"
#include "src/analysis/analysis.hpp"
#include "src/analysis/global_system.hpp"
#include "src/analysis/progress_line.hpp"
#include "src/analysis/time_loop.hpp"

namespace polydem {

class Analysis::Stepper final : public TimeIntegrator {
 public:
  /// For analysis step `index` of `analysis`, whose actions are applied.
  Stepper(Analysis& analysis, int index, AnalysisObserver& observer);

  Landing landing() const override { return Landing::ExactTimes; }
  double proposed_step() const override { return controller_.proposed(); }
  bool attempt(const TimeStep& step) override;
  Retry rejected(const TimeStep& step) override;
  StepRecord accept(const TimeStep& step, bool sampling) override;
  void before_report(bool sampling, StepRecord& record) override;
  void after_report(const StepRecord& record) override;
  void gave_up(const std::string& reason) override;
  /// The step ran to its end.
  void finish() { progress_.finish(); }

 private:
  /// The worst accuracy test of a converged dynamic step, as error over tolerance.
  struct Accuracy {
    double ratio = 0;
    const char* failure = "";
    double order = 3;  ///< how the worst test's error falls with Δt (error ∝ Δt^order)
  };
  bool begin_time_step();
  /// Whether this attempt keeps the search of the one the impact forecast cut short.
  bool keeps_search();
  bool solve_step();
  bool advance();
  /// Whether the contacts closing at i foretell more energy error than the step
  /// allows (impact_forecast.hpp): the attempt then stops before Newton and is
  /// retried with the Δt that keeps it within the step's energy tolerances
  /// (dt.relative_energy_tolerance of the energy moved, dt.energy_tolerance).
  bool foresees_impact(const TimeStep& step);
  Accuracy accuracy(const StepContext& context) const;

  Analysis& analysis_;
  Model& model_;
  RunTotals& totals_;
  const StepSpec& spec_;
  int index_;
  AnalysisObserver& observer_;
  double step_start_;
  GlobalSystem system_;
  std::unique_ptr<LinearSolver> linear_solver_;
  std::optional<NewtonSolver> newton_;
  StepController controller_;
  ProgressLine progress_;
  std::vector<NodeState> next_nodes_;
  std::vector<double> body_lengths_;  ///< each body's length scale (the local error's norm)
  // The last attempt:
  NewtonReport report_;
  int night_owls_ = 0;    ///< its night-owl re-solves
  Accuracy accuracy_;     ///< its accuracy tests' worst error over tolerance
  double impact_dt_ = 0;  ///< > 0: the attempt was cut short before Newton for an impact ahead
  double impact_checked_at_ = -1;  ///< the step start whose impacts were foreseen
  bool after_forecast_ = false;    ///< the last attempt was cut short before Newton
  double load_factor_ = 1;
  int rejected_attempts_ = 0;  ///< attempts rejected since the last accepted step
};

}  // namespace polydem

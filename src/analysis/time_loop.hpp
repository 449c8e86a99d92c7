// The time loop of an analysis step, shared by the implicit driver (analysis.hpp:
// Newmark–Newton with adaptive Δt, paper §2.6) and the explicit one
// (explicit_analysis.hpp: central differences). From the current time to the
// step's end, each time step aims at the next output sample, or the end of the
// step: a proposed Δt that reaches it (within 1e-12 of it) lands on it, so
// that samples fall at fixed times independent of Δt. An attempt that fails
// is retried with the Δt the integrator picks, or the run gives up; an accepted
// step goes to the observer, with a sample when it landed on a sample time.
//
// The integrator is what the drivers differ in: a TimeIntegrator proposes Δt,
// attempts a step from the accepted state, accepts it or picks the Δt of the
// retry. Each driver keeps the rounding of its times it always had (Landing).
#pragma once

#include <string>

#include "src/analysis/analysis.hpp"

namespace polydem {

/// One attempt at a time step: to t_{n+1} = `time`, over `dt`.
struct TimeStep {
  double time = 0;
  double dt = 0;
};

/// How an attempt's t_{n+1} and Δt are formed from t_n and the Δt it takes.
enum class Landing {
  /// t_{n+1} = t_n + Δt, or the target itself when it lands; Δt = t_{n+1} − t_n
  /// (the implicit driver).
  ExactTimes,
  /// Δt as taken, or target − t_n when it lands; t_{n+1} = t_n + Δt (the explicit driver).
  ExactSteps,
};

/// What follows a rejected attempt.
struct Retry {
  double dt = 0;  ///< the Δt of the next attempt
  /// Aimed at the target like a new proposal; false: Δt as it is (a halved step).
  bool aimed = true;
  std::string give_up;  ///< not empty: no retry, the run stops for this reason
};

/// The integrator of a driver, as the time loop drives it through one analysis step.
class TimeIntegrator {
 public:
  virtual ~TimeIntegrator() = default;
  virtual Landing landing() const = 0;
  /// The Δt the integrator would take next.
  virtual double proposed_step() const = 0;
  /// Tries `step` from the accepted state: true when it is to be accepted. A
  /// failed attempt leaves the accepted state as it was.
  virtual bool attempt(const TimeStep& step) = 0;
  /// After a failed attempt of `step`: the next one, or why the run stops.
  virtual Retry rejected(const TimeStep& step) = 0;
  /// Makes the attempt the accepted state (the loop then sets the time to
  /// step.time); the record of the step for the observer. `sampling`: the
  /// observer takes a sample of this state.
  virtual StepRecord accept(const TimeStep& step, bool sampling) = 0;
  /// Before the observer sees the accepted step `record`; `sampling`: with a sample.
  virtual void before_report(bool /*sampling*/, StepRecord& /*record*/) {}
  /// After the observer has seen it (checkpoints, progress).
  virtual void after_report(const StepRecord& /*record*/) {}
  /// The run stops for `reason`.
  virtual void gave_up(const std::string& reason) = 0;
};

/// The output time after `time`: the next multiple of the deck's output
/// interval, or without one the end of the last step.
double next_sample_time(const DeckData& deck, double time);

/// Why the run stops at the start of analysis step `spec`: its pre-flight problem.
std::string start_problem(const StepSpec& spec, const std::string& problem);

/// The start of analysis step `index` for a driver of free bodies (explicit,
/// convex): its actions, then after the first the contact set's pre-flight at
/// `time`. Why the run stops there, or empty.
std::string begin_free_body_step(Model& model, const DeckData& deck, int index, double time);

/// Where such a run starts: the deck's start, or a checkpoint's step (no first sample).
struct FreeBodyRunStart {
  int first_step = 0;
  bool samples_start = true;
};

/// The run of such a driver: the contact threads, the observer's start and first
/// sample, then `run_step(index)` for each analysis step until one returns false.
template <class RunStep>
void run_free_body_steps(Model& model, const DeckData& deck, int threads,
                         AnalysisObserver& observer, RunStep run_step,
                         FreeBodyRunStart start = {}) {
  if (model.contact) model.contact->set_threads(threads);
  observer.run_started(model);
  if (start.samples_start) observer.sample(model, deck.start_time);
  for (int index = start.first_step; index < static_cast<int>(deck.steps.size()); ++index)
    if (!run_step(index)) break;
}

/// What the observer is told at the end of such a run: `totals` has the driver's
/// steps, final_time, wall_seconds and why it gave up; `rejected` its rejected attempts.
template <class Totals>
RunTotals free_body_run_totals(const Totals& totals, long rejected) {
  RunTotals run;
  run.accepted_steps = totals.steps;
  run.rejected_steps = rejected;
  run.final_time = totals.final_time;
  run.total_seconds = totals.wall_seconds;
  run.gave_up = totals.gave_up;
  run.give_up_reason = totals.give_up_reason;
  return run;
}

class TimeLoop {
 public:
  /// The observer's calls add their wall time to `output_seconds`.
  TimeLoop(const DeckData& deck, const Model& model, AnalysisObserver& observer,
           double& output_seconds)
      : deck_(deck), model_(model), observer_(observer), output_seconds_(output_seconds) {}

  /// Steps `time` to `end_time` with `integrator`; false when it gave up.
  bool run(TimeIntegrator& integrator, double& time, double end_time);

 private:
  /// The step from `time` taking `dt`, landing on `target` when it reaches it.
  static TimeStep aimed(Landing landing, double time, double dt, double target);
  /// The step from `time` taking `dt` as it is.
  static TimeStep taking(Landing landing, double time, double dt);

  const DeckData& deck_;
  const Model& model_;
  AnalysisObserver& observer_;
  double& output_seconds_;
};

}  // namespace polydem

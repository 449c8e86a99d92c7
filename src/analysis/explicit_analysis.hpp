// The explicit baseline (issue 8): the same model as Analysis (bodies, loads,
// contact search, contact elements and laws) integrated by central differences
// (solvers/central_difference.hpp) instead of Newmark–Newton, so that the two
// can be compared on one scene: steps, wall time, energy, rest state.
//
// Each step of Δt: kick with the forces at t_n, drift; then the contact set
// runs as in an implicit step with the drift as the converged increment:
// begin_step (search at t_n, candidates), the crossing check, the forces at
// t_{n+1} (explicit_forces.hpp), the night-owl check, the second kick, commit
// (friction histories, energy ledger, reactions). Contact damping and viscous
// friction see the mean velocity over the step (what a central-difference
// code uses for velocity-dependent forces): the contact elements take the
// velocities of their Newmark kinematics, which for a start state with
// u̇ = u^Δ/Δt, ω = α^Δ/Δt and zero accelerations are exactly u^Δ/Δt and
// α^Δ/Δt, whatever β and γ.
//
// Δt = safety × min(Δt_crit of the model (explicit_time_step.hpp), the
// critical step of the stiffest active contact at t_n), and short enough that
// no contact in the barrier zone closes more than `barrier_closure` of its gap
// (explicit_forces.hpp). Inside the barrier the contact limits take over. A
// step that would carry a contact across the other body, close a gap tenfold
// (ContactSet::admissible) or close a barrier gap by more than twice the
// allowed fraction is halved and repeated from t_n.
//
// Free bodies and fixed bodies; no prescribed motion, rigid nodes or static
// steps (an InputError says which).
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "solvers/central_difference.hpp"
#include "src/analysis/analysis.hpp"
#include "src/analysis/explicit_forces.hpp"
#include "src/analysis/time_loop.hpp"

namespace polydem {

struct ExplicitSettings {
  double safety = 0.1;   ///< Δt as a fraction of the critical step
  double time_step = 0;  ///< > 0: Δt itself instead of safety × Δt_crit (contacts still limit it)
  double barrier_closure = 0.1;  ///< largest fraction of its gap a barrier contact closes per step
  int threads = 1;               ///< for the contact search and bookkeeping
};

struct ExplicitTotals {
  long steps = 0;
  long halved_steps = 0;  ///< attempts repeated with Δt/2 (crossing)
  long night_owl_reevaluations = 0;
  double critical_step = 0;  ///< Δt_crit of the model (s), without the safety fraction
  double smallest_step = std::numeric_limits<double>::infinity();
  double largest_step = 0;
  double smallest_gap = std::numeric_limits<double>::infinity();  ///< of an active contact (m)
  double start_time = 0;
  double final_time = 0;
  double wall_seconds = 0;
  double force_seconds = 0;    ///< element residuals (explicit_forces.hpp)
  double contact_seconds = 0;  ///< search, candidates, crossing checks, commit
  bool gave_up = false;
  std::string give_up_reason;

  double mean_step() const { return steps > 0 ? (final_time - start_time) / steps : 0.0; }
};

/// Runs its analysis steps in the time loop shared with the implicit driver
/// (time_loop.hpp), as the integrator: Δt halved and retried on a crossing.
class ExplicitAnalysis : private TimeIntegrator {
 public:
  /// InputError when the model has what the explicit integrator does not support.
  ExplicitAnalysis(Model& model, const DeckData& deck, ExplicitSettings settings);

  /// Runs the deck's steps (their end times and actions). The observer sees
  /// every step and the samples at the deck's output interval.
  ExplicitTotals run(AnalysisObserver& observer);

 private:
  bool run_analysis_step(int index, AnalysisObserver& observer);
  // The integrator of the time loop:
  Landing landing() const override { return Landing::ExactSteps; }
  double proposed_step() const override;
  /// From t_n to t_n + Δt; false (nothing changed) when a contact would cross.
  bool attempt(const TimeStep& step) override;
  /// Δt halved, until it falls below a 10⁻¹² of the step's first proposal.
  Retry rejected(const TimeStep& step) override;
  StepRecord accept(const TimeStep& step, bool sampling) override;
  void gave_up(const std::string& reason) override;

  void drift_bodies(double dt);
  void set_increments(double dt);
  StepContext contact_context(double time, double dt, const Eigen::VectorXd& increments) const;
  StepContext load_context(const StepContext& contact_ctx) const;
  void evaluate_forces(const StepContext& ctx);
  void centre_wrenches(std::vector<Wrench<double>>& wrenches) const;
  void store_nodes();
  void evaluate_start_forces();

  Model& model_;
  const DeckData& deck_;
  ExplicitSettings settings_;
  ExplicitTotals totals_;
  double time_ = 0;
  std::vector<char> free_;  ///< per body: moves (else fixed)
  std::vector<ExplicitBodyInertia> inertia_;
  std::vector<ExplicitBodyState> state_;  ///< at t_n
  std::vector<ExplicitBodyState> trial_;  ///< the attempt at t_{n+1}
  std::vector<Wrench<double>> wrench_;    ///< at t_n, about the centres of mass
  std::vector<Wrench<double>> trial_wrench_;
  std::vector<NodeState> step_start_;  ///< pose at t_n, mean velocities of the step
  Eigen::VectorXd increments_;
  Eigen::VectorXd zero_increments_;
  ExplicitForces forces_;
  double contact_step_limit_ = std::numeric_limits<double>::infinity();  ///< at t_n
  double closure_step_limit_ = std::numeric_limits<double>::infinity();  ///< at t_n
  int analysis_step_ = 0;      ///< the analysis step running
  double smallest_step_ = 0;   ///< Δt below which halving gives up, in the running step
  double output_seconds_ = 0;  ///< in the observer's calls
};

}  // namespace polydem

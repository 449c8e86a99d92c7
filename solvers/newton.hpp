// Newton–Raphson for one time step (paper §2.6): solve K δ = −r with the
// consistent tangent, apply δ, repeat until both the residual (relative to a
// force scale) and the correction (relative to the body sizes) are small.
// The residual norms of every iteration are recorded, so quadratic
// convergence can be shown rather than assumed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/evaluation_kind.hpp"
#include "solvers/forcing_term.hpp"
#include "solvers/linear_solver.hpp"
#include "solvers/newton_settings.hpp"

namespace polydem {

/// The nonlinear system of one step, as Newton sees it.
class NewtonProblem {
 public:
  virtual ~NewtonProblem() = default;
  /// Evaluates residual and tangent at the current iterate.
  virtual void evaluate() = 0;
  /// Evaluates the residual at the current iterate; tangent() is then valid
  /// only after prepare_tangent(). Newton factorises after about two thirds of
  /// its evaluations in a pack (the others: a residual that grew and is
  /// backtracked, or one that has converged), and a residual costs a fraction
  /// of its derivative.
  virtual void evaluate_residual() { evaluate(); }
  /// Makes tangent() the tangent at the iterate last evaluated.
  virtual void prepare_tangent() {}
  virtual const Eigen::VectorXd& residual() const = 0;
  /// The size of the whole system, the same on every process when it is split among several.
  virtual long equation_count() const { return residual().size(); }
  /// Whether the residual is finite (on every process, when the system is split among several).
  virtual bool residual_finite() const { return residual().allFinite(); }
  virtual const SparseMatrix& tangent() const = 0;
  /// Changes whenever the tangent's sparsity pattern changes.
  virtual std::uint64_t pattern_version() const = 0;
  /// Dimensionless residual norm: 1 means "as large as the force scale".
  virtual double residual_norm() const = 0;
  /// Dimensionless size of a correction (|δu|/L, |δα|).
  virtual double correction_norm(const Eigen::VectorXd& correction) const = 0;
  /// δ · r at the current iterate, over the whole system (every process's rows).
  virtual double projection(const Eigen::VectorXd& correction) const {
    return correction.dot(residual());
  }
  /// Adds the correction to the iterate.
  virtual void apply(const Eigen::VectorXd& correction) = 0;
  /// Whether the iterate plus `correction` is an admissible state (for contact:
  /// no barrier crossed). Newton halves a correction until it is.
  virtual bool admissible(const Eigen::VectorXd& /*correction*/) { return true; }
  /// Re-decides an active set (contacts) at the current iterate; true when it
  /// changed. `residual_tolerance` is the solve's, so that forces below it do
  /// not switch anything.
  virtual bool refresh_active_set(double /*residual_tolerance*/) { return false; }
  /// Identifies the active set the residual uses now: equal sets give equal
  /// values (0 for a problem without one).
  virtual std::uint64_t active_set_signature() const { return 0; }
};

struct NewtonReport {
  bool converged = false;
  int iterations = 0;   ///< linear solves performed (and tangents formed, one for each)
  std::string failure;  ///< why it did not converge (empty when it did)
  std::vector<double> residual_norms;            ///< one per evaluation, dimensionless
  std::vector<EvaluationKind> evaluation_kinds;  ///< one per evaluation
  /// Per evaluation: the halvings that kept the correction before it admissible.
  std::vector<int> correction_halvings;
  std::vector<double> correction_norms;
  int step_halvings = 0;       ///< corrections halved to keep iterates admissible
  int active_set_changes = 0;  ///< converged states whose active set had to change
  /// The active set changed back to one an earlier converged state had; the
  /// solve then ended at the next converged state without re-deciding it.
  bool active_set_cycled = false;
  int residual_backtracks = 0;  ///< corrections halved because the residual grew
  int line_searches = 0;        ///< corrections shortened because they overshot (line_search)
  double linear_solve_seconds = 0;
  double evaluate_seconds = 0;  ///< residuals and tangents
  /// Whether corrections cross contact barriers (admissible) and active-set decisions.
  double contact_check_seconds = 0;
};

class NewtonSolver {
 public:
  NewtonSolver(LinearSolver& linear_solver, NewtonSettings settings)
      : linear_solver_(linear_solver), settings_(settings) {}

  NewtonReport solve(NewtonProblem& problem);
  void set_settings(const NewtonSettings& settings) { settings_ = settings; }

 private:
  /// What the iterations of one solve carry from one to the next.
  struct Iterate {
    std::vector<std::uint64_t> converged_sets;  ///< the active set of each converged state
    double last_correction = 0;
    double previous_norm = 0;
    bool just_switched = false;  ///< the last evaluation saw a new active set
    int shortened_in_a_row = 0;
    EvaluationKind kind = EvaluationKind::start;  ///< of the next evaluation
    int halvings = 0;                             ///< of the correction just applied
    double projection = 0;  ///< δ · r at the iterate the correction δ was taken from
  };

  double checked_norm(NewtonProblem& problem, NewtonReport& report, Iterate& state, int iteration);
  bool at_converged_state(NewtonProblem& problem, NewtonReport& report, Iterate& state);
  bool may_go_on(NewtonReport& report, double norm, int iteration) const;
  bool take_correction(NewtonProblem& problem, NewtonReport& report, Iterate& state, int iteration);
  bool factorize_and_solve(NewtonProblem& problem, NewtonReport& report);
  bool limit_to_admissible(NewtonProblem& problem, NewtonReport& report);
  bool next_correction_small(NewtonProblem& problem, NewtonReport& report);
  double search_along_correction(NewtonProblem& problem, NewtonReport& report, Iterate& state);
  double backtrack_on_residual(NewtonProblem& problem, NewtonReport& report, double previous_norm,
                               double& last_correction);
  void evaluate(NewtonProblem& problem, NewtonReport& report, EvaluationKind kind,
                int halvings = 0);

  LinearSolver& linear_solver_;
  NewtonSettings settings_;
  std::uint64_t analysed_pattern_ = 0;
  bool analysed_ = false;
  Eigen::VectorXd rhs_;
  Eigen::VectorXd correction_;
  Eigen::VectorXd estimate_;  ///< the correction the converged residual still calls for
  EisenstatWalker forcing_;   ///< with settings_.eisenstat_walker
};

}  // namespace polydem

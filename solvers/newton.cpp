#include "solvers/newton.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace polydem {
namespace {

constexpr const char* kNoAdmissibleStep =
    "no admissible Newton step (every shortened correction crosses a contact barrier)";

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Calls `check` (a contact test of the problem's), its time booked as the report's contact checks.
template <class Check>
bool contact_check(NewtonReport& report, Check&& check) {
  const auto start = std::chrono::steady_clock::now();
  const bool result = check();
  report.contact_check_seconds += seconds_since(start);
  return result;
}

}  // namespace

void NewtonSolver::evaluate(NewtonProblem& problem, NewtonReport& report, EvaluationKind kind,
                            int halvings) {
  auto start = std::chrono::steady_clock::now();
  problem.evaluate_residual();
  report.evaluate_seconds += seconds_since(start);
  report.evaluation_kinds.push_back(kind);
  report.correction_halvings.push_back(halvings);
}

// The active set (contacts) may change during the first iterations; after
// that it is frozen, so Newton sees a smooth residual, and checked again once
// the iterate has converged: if it changes then, iteration goes on from the
// same state with the new set.
//
// A set can cycle: converged with set A, the check asks for B; converged with
// B, it asks for A again, for ever and at any Δt (seen in a pack of
// tetrapods: an edge–edge pair leaving its range at the end of an edge whose
// vertex–edge pair takes over; a contact whose pressure changes sign with its
// own force can do the same). Neither
// state is wrong by more than the switching contact's force, and that contact
// sits on the border of its range or its sign: the force is discontinuous
// there and no state satisfies the rule exactly. So once the set returns to
// one an earlier converged state had, the solve ends at the next converged
// state with the set it has, as a hysteresis on the switch would.
//
// A switch can also change nothing that matters: a vertex resting exactly on
// the border of a face is found by the face's pair or by the edge's, as
// rounding has it, with the same force. Re-deciding at every converged state
// then changed the set without end, through sets never seen before (bricks of
// a wall with flush sides: "did not settle" after ten changes, at any load
// step). A converged state still converged with its new set settles there.
NewtonReport NewtonSolver::solve(NewtonProblem& problem) {
  NewtonReport report;
  Iterate state;
  forcing_.reset();
  for (int iteration = 0;; ++iteration) {
    evaluate(problem, report, state.kind, state.halvings);
    const double norm = checked_norm(problem, report, state, iteration);
    if (!std::isfinite(norm)) {
      report.failure = "non-finite residual";
      return report;
    }
    state.previous_norm = norm;
    state.just_switched = false;
    const bool residual_small = norm <= settings_.residual_tolerance;
    // The predictor is corrected once unless its residual is exactly zero: one
    // accepted at the tolerance leaves an error that accumulates step by step
    // (free flight drifted in momentum by 1e-9 over 25 steps).
    const bool correction_small =
        iteration == 0 ? norm == 0.0
                       : state.last_correction <= settings_.increment_tolerance ||
                             (residual_small && next_correction_small(problem, report));
    if (residual_small && correction_small) {
      if (at_converged_state(problem, report, state)) return report;
      continue;  // the same state, evaluated with the new active set
    }
    if (!may_go_on(report, norm, iteration)) return report;
    if (!take_correction(problem, report, state, iteration)) return report;
  }
}

// The residual of the iterate just evaluated, backtracked when it grew once
// the active set is frozen; infinity when it is not finite.
double NewtonSolver::checked_norm(NewtonProblem& problem, NewtonReport& report, Iterate& state,
                                  int iteration) {
  if (!problem.residual_finite()) return std::numeric_limits<double>::infinity();
  double norm = problem.residual_norm();
  report.residual_norms.push_back(norm);
  if (settings_.line_search && state.kind == EvaluationKind::correction &&
      iteration > settings_.free_active_set_iterations)
    norm = search_along_correction(problem, report, state);
  if (iteration > settings_.free_active_set_iterations && !state.just_switched &&
      norm > state.previous_norm)
    norm = backtrack_on_residual(problem, report, state.previous_norm, state.last_correction);
  return norm;
}

// A converged state: done, unless the active set changes there (then the
// same state is evaluated again with the new set). True when the solve ends.
bool NewtonSolver::at_converged_state(NewtonProblem& problem, NewtonReport& report,
                                      Iterate& state) {
  // The evaluation just made switched the set at a converged state and is
  // converged too: an equilibrium with either set (see above).
  if (report.active_set_cycled || state.kind == EvaluationKind::switch_at_convergence) {
    report.converged = true;
    return true;
  }
  state.converged_sets.push_back(problem.active_set_signature());
  if (!contact_check(report,
                     [&] { return problem.refresh_active_set(settings_.residual_tolerance); })) {
    report.converged = true;
    return true;
  }
  if (++report.active_set_changes > settings_.max_active_set_changes) {
    report.failure = "the contact active set did not settle";
    return true;
  }
  report.active_set_cycled =
      std::find(state.converged_sets.begin(), state.converged_sets.end(),
                problem.active_set_signature()) != state.converged_sets.end();
  state.just_switched = true;
  state.kind = EvaluationKind::switch_at_convergence;
  state.halvings = 0;
  return false;
}

// Whether another correction may be taken: within the iteration limit and not diverging.
bool NewtonSolver::may_go_on(NewtonReport& report, double norm, int iteration) const {
  if (iteration >= settings_.max_iterations) {
    report.failure =
        "no convergence in " + std::to_string(settings_.max_iterations) + " iterations";
    return false;
  }
  if (iteration > 0 &&
      norm > settings_.divergence_factor * std::max(report.residual_norms.front(), 1.0)) {
    report.failure = "diverging residual";
    return false;
  }
  return true;
}

// Solves for the correction, shortens it until admissible and applies it.
// A shortened correction was stopped by a contact it would have crossed; that
// contact may not be in the frozen active set, and without its force every
// later correction drives it on towards g = 0 (each one shortened again) until
// no step is admissible. So the set is re-decided then too.
bool NewtonSolver::take_correction(NewtonProblem& problem, NewtonReport& report, Iterate& state,
                                   int iteration) {
  if (settings_.uses_eisenstat_walker(problem.equation_count()))
    linear_solver_.set_relative_tolerance(
        forcing_.next(state.previous_norm, settings_.residual_tolerance));
  if (!factorize_and_solve(problem, report)) return false;
  const int halvings_before = report.step_halvings;
  if (!limit_to_admissible(problem, report)) return false;
  ++report.iterations;
  state.last_correction = problem.correction_norm(correction_);
  report.correction_norms.push_back(state.last_correction);
  if (settings_.line_search) state.projection = problem.projection(correction_);
  problem.apply(correction_);
  state.halvings = report.step_halvings - halvings_before;
  const bool shortened = state.halvings > 0;
  state.shortened_in_a_row = shortened ? state.shortened_in_a_row + 1 : 0;
  if (state.shortened_in_a_row > settings_.max_shortened_iterations) {
    report.failure = kNoAdmissibleStep;
    return false;
  }
  state.kind = EvaluationKind::correction;
  if (iteration < settings_.free_active_set_iterations || shortened) {
    const bool changed = contact_check(
        report, [&] { return problem.refresh_active_set(settings_.residual_tolerance); });
    if (changed) state.kind = EvaluationKind::new_set;
    state.just_switched = changed && iteration >= settings_.free_active_set_iterations;
  }
  return true;
}

// Once the residual is below its tolerance, the correction it still calls for
// is estimated with the factorisation already at hand (the previous iterate's
// tangent): near a solution the two tangents agree to the size of the last
// correction, so the estimate is good to second order, and the confirming
// iteration (a factorisation and solve) that would only show a correction below
// the increment tolerance is spared; the estimate is applied (a chord step).
bool NewtonSolver::next_correction_small(NewtonProblem& problem, NewtonReport& report) {
  // A factorisation may refer to the matrix it was made from (UMFPACK's
  // refinement does), which a new sparsity pattern has reallocated.
  if (analysed_pattern_ != problem.pattern_version()) return false;
  auto start = std::chrono::steady_clock::now();
  rhs_ = -problem.residual();
  if (settings_.uses_eisenstat_walker(problem.equation_count()))
    linear_solver_.set_relative_tolerance(0.0);  // to its own
  const bool solved = linear_solver_.solve(rhs_, estimate_);
  report.linear_solve_seconds += seconds_since(start);
  if (!solved || problem.correction_norm(estimate_) > settings_.increment_tolerance ||
      !contact_check(report, [&] { return problem.admissible(estimate_); }))
    return false;
  // Applied, it leaves an error of second order in the estimate, as the full iteration would.
  problem.apply(estimate_);
  return true;
}

// A correction δ from x solves the linear model r + Kδ = 0, so the residual
// along it, φ(t) = δ · r(x + tδ), starts at φ(0) < 0 (K positive along δ)
// and would reach 0 at t = 1. Where the residual stiffens along the way (a
// contact's force grows faster than its tangent said: the barrier, the
// dashpot's √ of eq. 52 inside the skin) φ changes sign well before t = 1 and
// the full step overshoots; the next correction then nearly undoes it (the
// cosine of successive corrections about −0.95 in the 1005-tetrapod
// collapse), for several iterations, while the residual falls too little for
// a backtrack. Where φ(1) > −kOvershoot φ(0) the step is cut back to the
// secant root of φ, t = φ(0)/(φ(0) − φ(1)), one more residual. Near a
// solution φ(1) is of second order and the full step stays.
double NewtonSolver::search_along_correction(NewtonProblem& problem, NewtonReport& report,
                                             Iterate& state) {
  constexpr double kOvershoot = 0.5;
  constexpr double kShortest = 0.1;  // t stays within [kShortest, 1 − kShortest]
  double norm = report.residual_norms.back();
  const double before = state.projection;
  if (!(before < 0) || !std::isfinite(norm)) return norm;
  const double after = problem.projection(correction_);
  if (!(after > -kOvershoot * before)) return norm;
  const double t = std::clamp(before / (before - after), kShortest, 1 - kShortest);
  problem.apply((t - 1) * correction_);
  correction_ *= t;
  state.last_correction *= t;
  ++report.line_searches;
  evaluate(problem, report, EvaluationKind::line_search);
  norm =
      problem.residual_finite() ? problem.residual_norm() : std::numeric_limits<double>::infinity();
  report.residual_norms.push_back(norm);
  return norm;
}

// With the active set frozen the residual is smooth, yet where a contact's
// forces change fast across a short range of gap (eq. 52's dashpot grows like
// √(ḡ_n − g_n) inside the skin) full Newton steps can jump back and forth
// across it for ever. A correction that made the residual grow is halved
// (undone by half) until it does not, a few times at most; near a solution the
// full step always reduces the residual and the rate stays quadratic.
double NewtonSolver::backtrack_on_residual(NewtonProblem& problem, NewtonReport& report,
                                           double previous_norm, double& last_correction) {
  double norm = report.residual_norms.back();
  for (int halving = 0; halving < settings_.max_residual_backtracks && !(norm <= previous_norm);
       ++halving) {
    correction_ *= 0.5;
    problem.apply(-correction_);
    last_correction *= 0.5;
    ++report.residual_backtracks;
    evaluate(problem, report, EvaluationKind::backtrack);
    norm = problem.residual_finite() ? problem.residual_norm()
                                     : std::numeric_limits<double>::infinity();
    report.residual_norms.push_back(norm);
  }
  return norm;
}

// Backtracking on the step length only (no merit function): the barrier law is
// undefined across g = 0, so an iterate may never jump across it (paper §2.4.7).
// Near convergence the full step is admissible and the rate stays quadratic.
bool NewtonSolver::limit_to_admissible(NewtonProblem& problem, NewtonReport& report) {
  for (int halving = 0; !contact_check(report, [&] { return problem.admissible(correction_); });
       ++halving) {
    if (halving >= settings_.max_step_halvings) {
      report.failure = kNoAdmissibleStep;
      return false;
    }
    correction_ *= 0.5;
    ++report.step_halvings;
  }
  return true;
}

bool NewtonSolver::factorize_and_solve(NewtonProblem& problem, NewtonReport& report) {
  const auto tangent_start = std::chrono::steady_clock::now();
  problem.prepare_tangent();
  report.evaluate_seconds += seconds_since(tangent_start);
  const auto start = std::chrono::steady_clock::now();
  const SparseMatrix& tangent = problem.tangent();
  if (!analysed_ || analysed_pattern_ != problem.pattern_version()) {
    linear_solver_.analyze(tangent);
    analysed_pattern_ = problem.pattern_version();
    analysed_ = true;
  }
  bool ok = linear_solver_.factorize(tangent);
  if (!ok) {
    report.failure = "singular tangent (" + linear_solver_.name() + ")";
  } else {
    rhs_ = -problem.residual();
    ok = linear_solver_.solve(rhs_, correction_);
    if (!ok) report.failure = "non-finite correction (" + linear_solver_.name() + ")";
  }
  report.linear_solve_seconds += seconds_since(start);
  return ok;
}

}  // namespace polydem

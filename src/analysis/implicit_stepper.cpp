#include "src/analysis/implicit_stepper.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "solvers/newmark_error.hpp"
#include "solvers/newmark_update.hpp"
#include "src/analysis/barrier_hint.hpp"
#include "src/analysis/domain_decomposition.hpp"
#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/phase_timer.hpp"
#include "src/analysis/rigid_nodes.hpp"
#include "src/analysis/structure_tally.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

// A forecast that would shorten the step by less than this keeps it as it is.
constexpr double kForecastMargin = 0.9;

/// What a user can change when the energy tests keep cutting the step.
std::string energy_hint(const std::string& failure) {
  if (failure.find("energy") == std::string::npos) return {};
  return "; the contact law may be too stiff for the speeds of the impacts (see \"Choosing the "
         "law and the step\" in docs/deck.md), or the tolerance too tight (0 turns it off)";
}

/// The barrier's hint where a contact is deep in it (its stiffness is then too low, not
/// too high), else the energy tests' where they cut the step.
std::string give_up_hint(const Model& model, const std::string& failure) {
  const std::string barrier = barrier_hint(model);
  return barrier.empty() ? energy_hint(failure) : barrier;
}

template <class T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

bool all_finite(const std::vector<NodeState>& nodes) {
  for (const NodeState& n : nodes) {
    if (!n.position.allFinite() || !n.rotation.coeffs().allFinite() || !n.velocity.allFinite() ||
        !n.acceleration.allFinite() || !n.angular_velocity.allFinite() ||
        !n.angular_acceleration.allFinite())
      return false;
  }
  return true;
}

/// Whether every body's kinetic energy is finite: velocities so large that it
/// overflows would write infinities and NaNs into monitor.csv.
bool finite_energy(const Model& model, const std::vector<NodeState>& nodes) {
  for (const auto& body : model.bodies)
    if (!std::isfinite(body->kinetic_energy(nodes[static_cast<std::size_t>(body->node())])))
      return false;
  return true;
}

// A back end reads its options when the solver is made (PETSc): a rejection is a deck error.
std::unique_ptr<LinearSolver> linear_solver_for(const StepSpec& spec,
                                                DomainDecomposition* decomposition) {
  const LinearSolverChoice& choice = spec.linear_solver;
  try {
    return decomposition ? decomposition->linear_solver(choice) : choice.make();
  } catch (const LinearSolverOptionsError& error) {
    throw InputError(choice.options_mark, choice.options_key, error.what());
  }
}

std::string format_time(double t) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", t);
  return buffer;
}

}  // namespace

Analysis::Stepper::Stepper(Analysis& analysis, int index, AnalysisObserver& observer)
    : analysis_(analysis),
      model_(analysis.model_),
      totals_(analysis.totals_),
      spec_(analysis.deck_.steps[static_cast<std::size_t>(index)]),
      index_(index),
      observer_(observer),
      step_start_(analysis.step_start_time(index)),
      system_(model_, analysis.options_.threads,
              analysis.decomposition_ ? analysis.decomposition_->system() : whole_system()),
      controller_(spec_.dt),
      progress_(analysis.options_.progress, step_start_, spec_.end_time, spec_.name),
      next_nodes_(model_.nodes.size()) {
  if (model_.contact) model_.contact->set_threads(analysis.options_.threads);
  body_lengths_.reserve(model_.bodies.size());
  for (const auto& body : model_.bodies) body_lengths_.push_back(body->length_scale());
  system_.set_force_scale(spec_.newton.force_scale);
  linear_solver_ = linear_solver_for(spec_, analysis.decomposition_.get());
  linear_solver_->set_threads(analysis.options_.threads);
  newton_.emplace(*linear_solver_, spec_.newton);
  if (analysis.resume_dt_ > 0)
    controller_.resume(std::exchange(analysis.resume_dt_, 0.0),
                       std::exchange(analysis.resume_error_, 0.0));
}

// The decomposition first (new owners, ghosts for the step's search), then the
// search; the pattern is rebuilt when either changed this process's elements.
bool Analysis::Stepper::begin_time_step() {
  bool changed = false;
  if (analysis_.decomposition_) {
    PhaseTimer timer(totals_.decomposition_seconds);
    changed = analysis_.decomposition_->begin_time_step(system_.context());
  }
  if (!model_.contact) return changed;
  PhaseTimer timer(totals_.contact_seconds);
  return model_.contact->begin_step(system_.context()) || changed;
}

// An attempt the forecast cut short left the contact set as its search made it:
// no iteration ran. A decomposition chooses its ghosts afresh for each attempt.
bool Analysis::Stepper::keeps_search() {
  const bool same_start = impact_checked_at_ == analysis_.time_;
  if (!std::exchange(after_forecast_, false) || !same_start || !model_.contact ||
      analysis_.decomposition_)
    return false;
  PhaseTimer timer(totals_.contact_seconds);
  return model_.contact->keep_search(system_.context());
}

// Newton, then the end-of-step contact checks of §2.4.7 and §2.6.3: a
// penetration rejects the step; a night-owl contact joins the step's
// candidates and the step is solved again from the converged increments.
bool Analysis::Stepper::solve_step() {
  constexpr int kMaxNightOwlResolves = 8;
  DomainDecomposition* decomposition = analysis_.decomposition_.get();
  NewtonReport& report = report_;
  NewtonReport solves;  // the evaluations of this step's solves, night-owl re-solves included
  for (;;) {
    report = newton_->solve(system_);
    totals_.assembly_seconds += report.evaluate_seconds;
    totals_.contact_seconds += report.contact_check_seconds;
    totals_.linear_solve_seconds += report.linear_solve_seconds;
    totals_.linear_solver_fallbacks += linear_solver_->take_fallbacks();
    totals_.newton_iterations += report.iterations;
    solves.iterations += report.iterations;
    append(solves.residual_norms, report.residual_norms);
    append(solves.evaluation_kinds, report.evaluation_kinds);
    append(solves.correction_halvings, report.correction_halvings);
    report.iterations = solves.iterations;
    report.residual_norms = solves.residual_norms;
    report.evaluation_kinds = solves.evaluation_kinds;
    report.correction_halvings = solves.correction_halvings;
    if (!report.converged) return false;
    system_.share_increments();
    if (!model_.contact) return true;
    if (decomposition) {
      PhaseTimer timer(totals_.decomposition_seconds);
      decomposition->before_end_of_step_search(system_.context());
    }
    StepVerdict verdict = StepVerdict::Accept;
    {
      PhaseTimer timer(totals_.contact_seconds);
      verdict = model_.contact->check_converged(system_.context());
    }
    switch (decomposition ? decomposition->agreed(verdict) : verdict) {
      case StepVerdict::Accept:
        return true;
      case StepVerdict::Penetration:
        report.failure = "penetration at the end of the step";
        return false;
      case StepVerdict::NightOwl:
        ++night_owls_;
        ++totals_.night_owl_resolves;
        if (model_.contact->elements_changed()) system_.rebuild_pattern();
        system_.decide_active_set();  // the newcomers too, as at the prediction
        if (night_owls_ > kMaxNightOwlResolves) {
          report.failure = "night-owl contacts kept appearing";
          return false;
        }
        break;
    }
  }
}

// The converged increments become state i+1 when every number is finite.
bool Analysis::Stepper::advance() {
  const StepContext& context = system_.context();
  for (std::size_t n = 0; n < model_.nodes.size(); ++n)
    next_nodes_[n] = advance_node(
        model_.nodes[n],
        system_.increments().segment<kDofsPerNode>(kDofsPerNode * static_cast<long>(n)),
        context.newmark, spec_.type);
  place_rigid_nodes(model_, next_nodes_);
  if (!all_finite(next_nodes_) || !finite_energy(model_, next_nodes_)) {
    report_.failure = "non-finite state";
    return false;
  }
  return true;
}

// How a failed test's error falls with Δt, which sets the Δt of the retry
// (StepController::rejected). The local error estimate falls as Δt³. The energy
// tests fail where a contact event is under-resolved (a barrier oscillation or an
// impact inside one step), and there the error falls about linearly: on the 60
// tetrapods' fill, 40 of 50 steps rejected again after a cube-root cut had
// errors falling as Δt¹ (issue 31). The closure of a skin is speed × Δt.
constexpr double kLocalErrorOrder = 3;
constexpr double kEnergyErrorOrder = 1;
constexpr double kClosureOrder = 1;

Analysis::Stepper::Accuracy Analysis::Stepper::accuracy(const StepContext& context) const {
  Accuracy result;
  if (spec_.type != AnalysisType::Dynamic) return result;
  if (spec_.dt.error_tolerance > 0) {
    result.ratio = newmark_local_error(model_.nodes, next_nodes_, body_lengths_, spec_.newmark.beta,
                                       context.dt) /
                   spec_.dt.error_tolerance;
    result.failure = "local error estimate above dt.error_tolerance";
    result.order = kLocalErrorOrder;
  }
  const StepControlSettings& dt = spec_.dt;
  if (dt.energy_tolerance <= 0 && dt.energy_gain_tolerance <= 0 &&
      dt.relative_energy_tolerance <= 0 && dt.skin_closure <= 0)
    return result;
  const StepEnergy energy = step_energy(model_, next_nodes_, context);
  if (spec_.dt.energy_tolerance > 0) {
    const double ratio = std::abs(energy.error()) / spec_.dt.energy_tolerance;
    if (ratio > result.ratio)
      result = {ratio, "energy-balance error above dt.energy_tolerance", kEnergyErrorOrder};
  }
  // What the run has moved so far, and what the loads put in over this step:
  // a run that starts at rest under loads has moved nothing before it.
  const double scale =
      analysis_.energy_.scale() + std::abs(energy.load_work) + std::abs(energy.boundary_work);
  if (dt.energy_gain_tolerance > 0 && scale > 0) {
    const double ratio = energy.created() / (dt.energy_gain_tolerance * scale);
    if (ratio > result.ratio)
      result = {ratio, "energy created above dt.energy_gain_tolerance", kEnergyErrorOrder};
  }
  if (dt.relative_energy_tolerance > 0 && scale > 0) {
    const double ratio = std::abs(energy.error()) / (dt.relative_energy_tolerance * scale);
    if (ratio > result.ratio)
      result = {ratio, "energy-balance error above dt.relative_energy_tolerance",
                kEnergyErrorOrder};
  }
  if (dt.skin_closure > 0) {
    double closure = energy.largest_closure;
    if (analysis_.decomposition_)
      closure = analysis_.decomposition_->system().max_over_processes(closure);
    const double ratio = closure / dt.skin_closure;
    if (ratio > result.ratio)
      result = {ratio, "a contact closed more of its skin than dt.skin_closure", kClosureOrder};
  }
  return result;
}

bool Analysis::Stepper::attempt(const TimeStep& step) {
  StepContext context;
  context.type = spec_.type;
  context.time = step.time;
  context.dt = step.dt;
  context.gravity = model_.gravity;
  context.load_factor = spec_.type == AnalysisType::Static
                            ? (step.time - step_start_) / (spec_.end_time - step_start_)
                            : 1.0;
  context.newmark = NewmarkCoefficients::make(spec_.newmark.beta, spec_.newmark.gamma, step.dt);
  load_factor_ = context.load_factor;
  system_.begin_step(context, analysis_.time_);
  if (!keeps_search() && begin_time_step()) system_.rebuild_pattern();
  if (foresees_impact(step)) return false;
  system_.predict();
  report_ = NewtonReport{};
  night_owls_ = 0;
  const bool converged = solve_step() && advance();
  accuracy_ = converged ? this->accuracy(system_.context()) : Accuracy{};
  const bool accepted = converged && controller_.accurate(accuracy_.ratio);
  if (converged && !accepted) report_.failure = accuracy_.failure;
  return accepted;
}

// The budget is the step's own energy test (accuracy() above), so that a step
// the forecast lets through fails that test only for what the forecast does not
// see: rotations, friction, contacts switching.
bool Analysis::Stepper::foresees_impact(const TimeStep& step) {
  const StepControlSettings& dt = spec_.dt;
  if (!dt.foresee_impacts || !model_.contact || spec_.type != AnalysisType::Dynamic) return false;
  if (impact_checked_at_ == analysis_.time_) return false;  // once per step
  impact_checked_at_ = analysis_.time_;
  double budget = HUGE_VAL;
  if (dt.relative_energy_tolerance > 0)
    budget = dt.relative_energy_tolerance * analysis_.energy_.scale();
  if (dt.energy_tolerance > 0) budget = std::min(budget, dt.energy_tolerance);
  if (!(budget > 0) || budget == HUGE_VAL) return false;
  const double shortened = [&] {
    PhaseTimer timer(totals_.contact_seconds);
    return std::max(model_.contact->impact_limited_step(system_.context(), budget), dt.min);
  }();
  if (shortened >= kForecastMargin * step.dt) return false;
  impact_dt_ = shortened;
  return true;
}

Retry Analysis::Stepper::rejected(const TimeStep& step) {
  if (impact_dt_ > 0) {
    const double dt = impact_dt_;
    impact_dt_ = 0;
    after_forecast_ = true;
    ++totals_.impact_shortened_steps;
    return {dt, true, {}};
  }
  ++totals_.rejected_steps;
  ++totals_.rejections[report_.failure];
  ++rejected_attempts_;
  if (!controller_.rejected(step.dt, accuracy_.ratio, accuracy_.order))
    return {0.0, true,
            "time step fell below the minimum " + format_time(spec_.dt.min) +
                " s at t = " + format_time(analysis_.time_) + " s in step '" + spec_.name +
                "' (last failure: " + report_.failure + ")" +
                give_up_hint(model_, report_.failure)};
  return {controller_.proposed(), true, {}};
}

StepRecord Analysis::Stepper::accept(const TimeStep& step, bool sampling) {
  if (model_.contact) {
    PhaseTimer timer(totals_.contact_seconds);
    // Under domain decomposition the first process's output gathers every process's records.
    model_.contact->commit(system_.context(), analysis_.records_read(observer_, sampling));
  }
  model_.nodes.swap(next_nodes_);
  store_rigid_node_reactions(model_, system_.increments());
  ++totals_.accepted_steps;
  if (report_.active_set_cycled) ++totals_.active_set_cycles;
  tally_structures(system_.tangent().nonZeros(), system_.assembly_bytes(), model_, totals_);
  controller_.accepted(report_.iterations, step.dt, accuracy_.ratio);
  StepRecord record{index_,
                    step.time,
                    step.dt,
                    load_factor_,
                    report_.iterations,
                    rejected_attempts_,
                    std::move(report_.residual_norms),
                    night_owls_,
                    std::move(report_.evaluation_kinds),
                    std::move(report_.correction_halvings),
                    {}};
  rejected_attempts_ = 0;
  return record;
}

// The energy account needs the whole contact snapshot, which the processes share first.
void Analysis::Stepper::before_report(bool sampling, StepRecord& record) {
  if (analysis_.decomposition_) {
    PhaseTimer timer(totals_.decomposition_seconds);
    analysis_.decomposition_->share_contact_snapshot(
        observer_.reads_contact_records(model_, sampling));
  }
  record.energy = analysis_.energy_.update(model_, record.time, record.load_factor,
                                           spec_.type == AnalysisType::Dynamic);
}

void Analysis::Stepper::after_report(const StepRecord& record) {
  analysis_.checkpoint_if_due(observer_, index_, controller_.proposed(),
                              controller_.previous_error());
  progress_.update(analysis_.time_, record.dt, record.newton_iterations);
  analysis_.progress_record_.update(
      analysis_.time_, spec_.name,
      {totals_.accepted_steps, totals_.rejected_steps, totals_.newton_iterations});
}

void Analysis::Stepper::gave_up(const std::string& reason) {
  totals_.gave_up = true;
  totals_.give_up_reason = reason;
  progress_.finish();
  analysis_.sample(observer_);
}

}  // namespace polydem

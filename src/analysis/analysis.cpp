#include "src/analysis/analysis.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <utility>

#include "solvers/newmark_error.hpp"
#include "solvers/newmark_update.hpp"
#include "solvers/newton.hpp"
#include "solvers/step_controller.hpp"
#include "src/analysis/domain_decomposition.hpp"
#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/global_system.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/model_state.hpp"
#include "src/analysis/phase_timer.hpp"
#include "src/analysis/progress_line.hpp"
#include "src/analysis/rigid_nodes.hpp"
#include "src/analysis/step_actions.hpp"
#include "src/core/file_bytes.hpp"
#include "src/io/atomic_file.hpp"

namespace polydem {
namespace {

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

Analysis::Analysis(Model& model, const DeckData& deck, RunOptions options,
                   std::unique_ptr<DomainDecomposition> decomposition)
    : model_(model), deck_(deck), options_(options), decomposition_(std::move(decomposition)) {}

Analysis::Analysis(Model& model, const DeckData& deck, RunOptions options)
    : Analysis(model, deck, options, nullptr) {}

Analysis::~Analysis() = default;

bool Analysis::decomposed() const { return decomposition_ && decomposition_->processes() > 1; }

void Analysis::sample(AnalysisObserver& observer) {
  if (decomposition_) decomposition_->share_contact_snapshot(true);
  PhaseTimer timer(totals_.output_seconds);
  observer.sample(model_, time_);
}

// The decomposition first (new owners, ghosts for the step's search), then the
// search; the pattern is rebuilt when either changed this process's elements.
bool Analysis::begin_time_step(GlobalSystem& system) {
  bool changed = false;
  if (decomposition_) {
    PhaseTimer timer(totals_.decomposition_seconds);
    changed = decomposition_->begin_time_step(system.context());
  }
  if (!model_.contact) return changed;
  PhaseTimer timer(totals_.contact_seconds);
  return model_.contact->begin_step(system.context()) || changed;
}

// Newton, then the end-of-step contact checks of §2.4.7 and §2.6.3: a
// penetration rejects the step; a night-owl contact joins the step's
// candidates and the step is solved again from the converged increments.
bool Analysis::solve_step(GlobalSystem& system, NewtonSolver& newton, NewtonReport& report,
                          int& night_owls) {
  constexpr int kMaxNightOwlResolves = 8;
  NewtonReport solves;  // the evaluations of this step's solves, night-owl re-solves included
  for (;;) {
    report = newton.solve(system);
    totals_.assembly_seconds += report.evaluate_seconds;
    totals_.linear_solve_seconds += report.linear_solve_seconds;
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
    system.share_increments();
    if (!model_.contact) return true;
    if (decomposition_) {
      PhaseTimer timer(totals_.decomposition_seconds);
      decomposition_->before_end_of_step_search(system.context());
    }
    StepVerdict verdict = StepVerdict::Accept;
    {
      PhaseTimer timer(totals_.contact_seconds);
      verdict = model_.contact->check_converged(system.context());
    }
    switch (decomposition_ ? decomposition_->agreed(verdict) : verdict) {
      case StepVerdict::Accept:
        return true;
      case StepVerdict::Penetration:
        report.failure = "penetration at the end of the step";
        return false;
      case StepVerdict::NightOwl:
        ++night_owls;
        ++totals_.night_owl_resolves;
        if (model_.contact->elements_changed()) system.rebuild_pattern();
        if (night_owls > kMaxNightOwlResolves) {
          report.failure = "night-owl contacts kept appearing";
          return false;
        }
        break;
    }
  }
}

// The converged increments become state i+1 when every number is finite.
bool Analysis::advance(const GlobalSystem& system, const StepSpec& spec,
                       std::vector<NodeState>& next_nodes, NewtonReport& report) {
  const StepContext& context = system.context();
  for (std::size_t n = 0; n < model_.nodes.size(); ++n)
    next_nodes[n] =
        advance_node(model_.nodes[n],
                     system.increments().segment<kDofsPerNode>(kDofsPerNode * static_cast<long>(n)),
                     context.newmark, spec.type);
  place_rigid_nodes(model_, next_nodes);
  if (!all_finite(next_nodes)) {
    report.failure = "non-finite state";
    return false;
  }
  return true;
}

/// The worst accuracy test of a converged dynamic step, as error over tolerance.
struct Analysis::Accuracy {
  double ratio = 0;
  const char* failure = "";
};

// Both errors scale as Δt³ where the motion is smooth, which is what the
// controller's next Δt assumes.
Analysis::Accuracy Analysis::accuracy(const std::vector<NodeState>& next_nodes,
                                      const StepSpec& spec, const StepContext& context) const {
  Accuracy result;
  if (spec.type != AnalysisType::Dynamic) return result;
  if (spec.dt.error_tolerance > 0) {
    std::vector<double> lengths;
    lengths.reserve(model_.bodies.size());
    for (const auto& body : model_.bodies) lengths.push_back(body->length_scale());
    result.ratio =
        newmark_local_error(model_.nodes, next_nodes, lengths, spec.newmark.beta, context.dt) /
        spec.dt.error_tolerance;
    result.failure = "local error estimate above dt.error_tolerance";
  }
  if (spec.dt.energy_tolerance > 0) {
    const double ratio =
        std::abs(step_energy_error(model_, next_nodes, context)) / spec.dt.energy_tolerance;
    if (ratio > result.ratio) result = {ratio, "energy-balance error above dt.energy_tolerance"};
  }
  return result;
}

double Analysis::next_sample_time(double time) const {
  const double interval = deck_.output.interval;
  if (interval <= 0) return deck_.steps.back().end_time;
  // Samples sit at k·interval; the tolerance keeps a sample just reached from being chosen again.
  const double k = std::floor(time / interval * (1 + 1e-12) + 1e-9) + 1;
  return k * interval;
}

double Analysis::step_start_time(int index) const {
  return index > 0 ? deck_.steps[static_cast<std::size_t>(index - 1)].end_time : 0.0;
}

namespace {

constexpr const char* kCheckpointMagic = "polydem checkpoint 3";

void write_totals(const RunTotals& totals, StateWriter& out) {
  for (const long v : {totals.accepted_steps, totals.rejected_steps, totals.newton_iterations,
                       totals.night_owl_resolves, totals.active_set_cycles})
    out.put(static_cast<std::int64_t>(v));
  out.put(static_cast<std::int64_t>(totals.rejections.size()));
  for (const auto& [cause, count] : totals.rejections) {
    out.put(cause);
    out.put(static_cast<std::int64_t>(count));
  }
}

void read_totals(RunTotals& totals, StateReader& in) {
  for (long* v : {&totals.accepted_steps, &totals.rejected_steps, &totals.newton_iterations,
                  &totals.night_owl_resolves, &totals.active_set_cycles})
    *v = in.integer();
  const std::size_t causes = in.count(1 << 20);
  for (std::size_t k = 0; k < causes; ++k) {
    const std::string cause = in.text();
    totals.rejections[cause] = in.integer();
  }
}

}  // namespace

// Written after an accepted step, whole or not at all, so a crash at any moment
// leaves the previous checkpoint usable.
void Analysis::write_checkpoint(AnalysisObserver& observer, int index, double next_dt) {
  observer.persist();
  StateWriter out;
  out.put(std::string(kCheckpointMagic));
  out.put(static_cast<std::int64_t>(options_.deck_fingerprint));
  out.put(static_cast<std::int64_t>(index));
  out.put(time_);
  out.put(next_dt);
  out.put(next_checkpoint_);
  write_totals(totals_, out);
  write_model_state(model_, out);
  StateWriter observer_state;  // length-prefixed: an observer that keeps no state skips it
  observer.write_state(observer_state);
  out.put(observer_state.bytes());
  write_file_atomically(options_.checkpoint_path, out.bytes(), Durability::Synced);
}

void Analysis::resume(const std::string& checkpoint_file, AnalysisObserver& observer) {
  StateReader in(read_file_bytes(checkpoint_file), checkpoint_file);
  if (in.text() != kCheckpointMagic)
    in.fail(std::string("not a checkpoint of this polydem version (expected '") + kCheckpointMagic +
            "')");
  if (static_cast<std::uint64_t>(in.integer()) != options_.deck_fingerprint)
    in.fail("the checkpoint was written by a run of another deck (or another version of this one)");
  first_step_ = static_cast<int>(in.count(deck_.steps.size()));
  time_ = in.real();
  resume_dt_ = in.real();
  next_checkpoint_ = in.real();
  read_totals(totals_, in);
  // The actions up to this step set flags and gravity; replaying them rebuilds what
  // the checkpoint does not store (the gravity read next overrides theirs).
  for (int index = 0; index <= first_step_; ++index)
    apply_step_actions(model_, deck_.steps[static_cast<std::size_t>(index)]);
  read_model_state(model_, in);
  StateReader observer_state(in.text(), checkpoint_file);
  observer.read_state(observer_state, model_);
  if (!in.at_end()) in.fail("the checkpoint has trailing data");
}

RunTotals Analysis::run(AnalysisObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  if (resume_dt_ <= 0) observer.sample(model_, time_);  // the built state: nothing to share yet
  if (options_.checkpoint_every > 0 && resume_dt_ <= 0)
    next_checkpoint_ = options_.checkpoint_every;
  for (int index = first_step_; index < static_cast<int>(deck_.steps.size()); ++index) {
    if (!run_analysis_step(index, observer)) break;
  }
  totals_.final_time = time_;
  totals_.total_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (decomposition_) totals_.decomposition_report = decomposition_->report();
  observer.finished(model_, totals_);
  return totals_;
}

bool Analysis::run_analysis_step(int index, AnalysisObserver& observer) {
  const StepSpec& spec = deck_.steps[static_cast<std::size_t>(index)];
  const double step_start = step_start_time(index);
  const bool resuming = resume_dt_ > 0;
  if (!resuming) apply_step_actions(model_, spec);
  if (decomposition_) decomposition_->begin_analysis_step(time_);
  // Newmark needs accelerations that balance the forces now acting: after a
  // static step, and after actions that changed the forces (walls, gravity).
  const bool after_static =
      index > 0 && deck_.steps[static_cast<std::size_t>(index - 1)].type == AnalysisType::Static;
  if (!resuming && spec.type == AnalysisType::Dynamic && (after_static || !spec.actions.empty()))
    set_consistent_accelerations(model_, time_);
  if (!resuming && (index > 0 || !spec.actions.empty()) &&
      model_.contact) {  // step 0 was checked at build
    std::string problem = model_.contact->preflight(model_.nodes, time_, index == 0);
    if (decomposition_) problem = decomposition_->first_problem(problem);
    if (!problem.empty()) {
      totals_.gave_up = true;
      totals_.give_up_reason = "at the start of step '" + spec.name + "': " + problem;
      sample(observer);
      return false;
    }
  }
  GlobalSystem system(model_, options_.threads,
                      decomposition_ ? decomposition_->system() : whole_system());
  if (model_.contact) model_.contact->set_threads(options_.threads);
  system.set_force_scale(spec.newton.force_scale);
  auto linear_solver = linear_solver_for(spec, decomposition_.get());
  NewtonSolver newton(*linear_solver, spec.newton);
  StepController controller(spec.dt);
  if (resuming) controller.resume(std::exchange(resume_dt_, 0.0));
  ProgressLine progress(options_.progress, step_start, spec.end_time, spec.name);
  std::vector<NodeState> next_nodes(model_.nodes.size());

  int rejected_attempts = 0;
  while (time_ < spec.end_time * (1 - 1e-14) - 1e-300) {
    const double target = std::min(spec.end_time, next_sample_time(time_));
    double dt = controller.proposed();
    const bool lands = time_ + dt >= target * (1 - 1e-12);
    const double time_next = lands ? target : time_ + dt;
    dt = time_next - time_;

    StepContext context;
    context.type = spec.type;
    context.time = time_next;
    context.dt = dt;
    context.gravity = model_.gravity;
    context.load_factor = spec.type == AnalysisType::Static
                              ? (time_next - step_start) / (spec.end_time - step_start)
                              : 1.0;
    context.newmark = NewmarkCoefficients::make(spec.newmark.beta, spec.newmark.gamma, dt);
    system.begin_step(context, time_);
    if (begin_time_step(system)) system.rebuild_pattern();
    system.predict();
    NewtonReport report;
    int night_owls = 0;
    const bool converged =
        solve_step(system, newton, report, night_owls) && advance(system, spec, next_nodes, report);
    const Accuracy accuracy =
        converged ? this->accuracy(next_nodes, spec, system.context()) : Accuracy{};
    const double error = accuracy.ratio;
    const bool accepted = converged && controller.accurate(error);
    if (converged && !accepted) report.failure = accuracy.failure;
    if (!accepted) {
      ++totals_.rejected_steps;
      ++totals_.rejections[report.failure];
      ++rejected_attempts;
      if (!controller.rejected(dt, error)) {
        totals_.gave_up = true;
        totals_.give_up_reason = "time step fell below the minimum " + format_time(spec.dt.min) +
                                 " s at t = " + format_time(time_) + " s in step '" + spec.name +
                                 "' (last failure: " + report.failure + ")";
        progress.finish();
        sample(observer);
        return false;
      }
      continue;
    }

    if (model_.contact) {
      PhaseTimer timer(totals_.contact_seconds);
      model_.contact->commit(system.context());
    }
    model_.nodes.swap(next_nodes);
    store_rigid_node_reactions(model_, system.increments());
    time_ = time_next;
    ++totals_.accepted_steps;
    if (report.active_set_cycled) ++totals_.active_set_cycles;
    controller.accepted(report.iterations, dt, error);
    StepRecord record{index,
                      time_,
                      dt,
                      context.load_factor,
                      report.iterations,
                      rejected_attempts,
                      std::move(report.residual_norms),
                      night_owls,
                      std::move(report.evaluation_kinds),
                      std::move(report.correction_halvings)};
    rejected_attempts = 0;
    const bool sampling = time_ >= target * (1 - 1e-12);
    if (decomposition_) {
      PhaseTimer timer(totals_.decomposition_seconds);
      decomposition_->share_contact_snapshot(sampling);
    }
    {
      PhaseTimer timer(totals_.output_seconds);
      observer.step_accepted(model_, record);
      if (sampling) observer.sample(model_, time_);
    }
    if (options_.checkpoint_every > 0 && time_ >= next_checkpoint_ * (1 - 1e-12)) {
      while (next_checkpoint_ <= time_ * (1 + 1e-12)) next_checkpoint_ += options_.checkpoint_every;
      write_checkpoint(observer, index, controller.proposed());
    }
    progress.update(time_, dt, record.newton_iterations);
  }
  progress.finish();
  return true;
}

}  // namespace polydem

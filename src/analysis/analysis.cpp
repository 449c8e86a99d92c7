#include "src/analysis/analysis.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "solvers/newmark_update.hpp"
#include "solvers/step_controller.hpp"
#include "src/analysis/global_system.hpp"
#include "src/analysis/progress_line.hpp"

namespace polydem {
namespace {

NewtonSettings newton_settings(const NewtonSpec& spec) {
  NewtonSettings settings;
  settings.max_iterations = spec.max_iterations;
  settings.residual_tolerance = spec.residual_tolerance;
  settings.increment_tolerance = spec.increment_tolerance;
  return settings;
}

StepControlSettings step_control_settings(const TimeStepSpec& spec) {
  return {spec.initial, spec.min, spec.max, spec.grow_factor, spec.cut_factor, spec.easy_iterations};
}

// Newmark needs ü and ω̇ that satisfy the equations of motion when a dynamic
// step starts from rest after a static one.
void restart_dynamics(Model& model, double time) {
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    NodeState& state = model.nodes[b];
    model.bodies[b]->initial_accelerations(state, time, model.gravity);
    const int first = kDofsPerNode * static_cast<int>(b);
    for (int k = 0; k < 3; ++k) {
      if (model.dofs.is_constrained(first + k)) state.acceleration[k] = 0;
      if (model.dofs.is_constrained(first + 3 + k)) state.angular_acceleration[k] = 0;
    }
  }
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

// PETSc reads its options when the solver is made: a rejection is a deck error.
std::unique_ptr<LinearSolver> linear_solver_for(const StepSpec& spec, int index) {
  try {
    return make_linear_solver(spec.linear_solver, spec.petsc_options);
  } catch (const LinearSolverOptionsError& error) {
    throw InputError(spec.petsc_options_mark, "steps[" + std::to_string(index) + "].petsc_options",
                     error.what());
  }
}

std::string format_time(double t) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", t);
  return buffer;
}

}  // namespace

Analysis::Analysis(Model& model, const DeckData& deck, RunOptions options)
    : model_(model), deck_(deck), options_(options) {}

double Analysis::next_sample_time(double time) const {
  const double interval = deck_.output.interval;
  if (interval <= 0) return deck_.steps.back().end_time;
  // Samples sit at k·interval; the tolerance keeps a sample just reached from being chosen again.
  const double k = std::floor(time / interval * (1 + 1e-12) + 1e-9) + 1;
  return k * interval;
}

RunTotals Analysis::run(AnalysisObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  observer.sample(model_, time_);
  for (int index = 0; index < static_cast<int>(deck_.steps.size()); ++index) {
    if (!run_analysis_step(index, observer)) break;
  }
  totals_.final_time = time_;
  totals_.total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  observer.finished(model_, totals_);
  return totals_;
}

bool Analysis::run_analysis_step(int index, AnalysisObserver& observer) {
  const StepSpec& spec = deck_.steps[static_cast<std::size_t>(index)];
  const double step_start = time_;
  if (spec.type == AnalysisType::Dynamic && index > 0 &&
      deck_.steps[static_cast<std::size_t>(index - 1)].type == AnalysisType::Static)
    restart_dynamics(model_, time_);

  GlobalSystem system(model_, options_.threads);
  system.set_force_scale(spec.newton.force_scale);
  auto linear_solver = linear_solver_for(spec, index);
  NewtonSolver newton(*linear_solver, newton_settings(spec.newton));
  StepController controller(step_control_settings(spec.dt));
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
    context.newmark = NewmarkCoefficients::make(spec.beta, spec.gamma, dt);
    system.begin_step(context, time_);
    NewtonReport report = newton.solve(system);
    totals_.assembly_seconds += report.evaluate_seconds;
    totals_.linear_solve_seconds += report.linear_solve_seconds;
    totals_.newton_iterations += report.iterations;

    bool accepted = report.converged;
    if (accepted) {
      for (std::size_t n = 0; n < model_.nodes.size(); ++n)
        next_nodes[n] = advance_node(model_.nodes[n], system.increments().segment<kDofsPerNode>(kDofsPerNode * static_cast<long>(n)),
                                     context.newmark, spec.type);
      accepted = all_finite(next_nodes);
      if (!accepted) report.failure = "non-finite state";
    }
    if (!accepted) {
      ++totals_.rejected_steps;
      ++rejected_attempts;
      if (!controller.rejected(dt)) {
        totals_.gave_up = true;
        totals_.give_up_reason = "time step fell below the minimum " + format_time(spec.dt.min) +
                                 " s at t = " + format_time(time_) + " s in step '" + spec.name +
                                 "' (last failure: " + report.failure + ")";
        progress.finish();
        observer.sample(model_, time_);
        return false;
      }
      continue;
    }

    model_.nodes.swap(next_nodes);
    time_ = time_next;
    ++totals_.accepted_steps;
    controller.accepted(report.iterations, dt);
    StepRecord record{index,         time_, dt, context.load_factor, report.iterations, rejected_attempts,
                      std::move(report.residual_norms)};
    rejected_attempts = 0;
    observer.step_accepted(model_, record);
    if (time_ >= target * (1 - 1e-12)) observer.sample(model_, time_);
    progress.update(time_, dt, record.newton_iterations);
  }
  progress.finish();
  return true;
}

}  // namespace polydem

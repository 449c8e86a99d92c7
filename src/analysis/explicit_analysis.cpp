#include "src/analysis/explicit_analysis.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <Eigen/Cholesky>

#include "src/analysis/explicit_time_step.hpp"
#include "src/analysis/free_body_limits.hpp"
#include "src/analysis/mean_velocity_context.hpp"
#include "src/core/errors.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

ExplicitAnalysis::ExplicitAnalysis(Model& model, const DeckData& deck, ExplicitSettings settings)
    : model_(model),
      deck_(deck),
      settings_(settings),
      time_(deck.start_time),
      forces_(model, settings.barrier_closure) {
  if (const std::string what = unsupported_by_free_body_integrators(model, deck); !what.empty())
    throw InputError(deck.path + ": the explicit integrator does not support " + what);
  const std::size_t count = model.bodies.size();
  for (std::size_t b = 0; b < count; ++b) {
    const RigidBody& body = *model.bodies[b];
    free_.push_back(!model.dofs.is_constrained(kDofsPerNode * static_cast<int>(b)));
    inertia_.push_back(ExplicitBodyInertia::of(body.mass(), body.inertia_about_com()));
  }
  state_.resize(count);
  trial_.resize(count);
  wrench_.resize(count);
  trial_wrench_.resize(count);
  step_start_.resize(count);
  increments_.setZero(model.dofs.dof_count());
  zero_increments_.setZero(model.dofs.dof_count());
  totals_.critical_step = contact_critical_step(model, deck).step;
  if (!(settings_.time_step > 0) && !std::isfinite(totals_.critical_step))
    throw InputError(
        deck.path +
        ": nothing can touch, so there is no critical step: set ExplicitSettings::time_step");
}

double ExplicitAnalysis::proposed_step() const {
  const double base =
      settings_.time_step > 0 ? settings_.time_step : settings_.safety * totals_.critical_step;
  return std::min({base, settings_.safety * contact_step_limit_, closure_step_limit_});
}

StepContext ExplicitAnalysis::contact_context(double time, double dt,
                                              const Eigen::VectorXd& increments) const {
  return mean_velocity_context(time, dt, model_.gravity, step_start_, increments);
}

StepContext ExplicitAnalysis::load_context(const StepContext& contact_ctx) const {
  StepContext ctx = contact_ctx;
  ctx.type = AnalysisType::Static;  // the body residual is then the loads alone
  ctx.load_factor = 1.0;
  return ctx;
}

// About the centres of mass at t_{n+1}: M_G = M_P − (x_G − x_P) × F.
void ExplicitAnalysis::centre_wrenches(std::vector<Wrench<double>>& wrenches) const {
  for (std::size_t b = 0; b < wrenches.size(); ++b) {
    const Wrench<double>& at_pole = forces_.on_body(static_cast<int>(b));
    const Vec3 arm = trial_[b].orientation * model_.bodies[b]->centre_of_mass_offset();
    wrenches[b] = {at_pole.force, at_pole.moment - arm.cross(at_pole.force)};
  }
}

void ExplicitAnalysis::evaluate_forces(const StepContext& ctx) {
  const auto start = Clock::now();
  forces_.evaluate(model_, ctx, load_context(ctx));
  totals_.force_seconds += seconds_since(start);
}

void ExplicitAnalysis::drift_bodies(double dt) {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    trial_[b] = state_[b];
    if (!free_[b]) continue;
    kick(trial_[b], inertia_[b], wrench_[b].force, wrench_[b].moment, 0.5 * dt);
    drift(trial_[b], inertia_[b], dt);
  }
}

void ExplicitAnalysis::set_increments(double dt) {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    const NodeState& node = model_.nodes[b];
    NodeState& start = step_start_[b];
    start = NodeState{};
    start.position = node.position;
    start.rotation = node.rotation;
    if (!free_[b]) continue;
    const Vec3 pole =
        trial_[b].centre - trial_[b].orientation * model_.bodies[b]->centre_of_mass_offset();
    const Vec3 u_delta = pole - node.position;
    const Vec3 alpha_delta = rodrigues_increment(node.rotation, trial_[b].orientation);
    increments_.segment<3>(kDofsPerNode * static_cast<long>(b)) = u_delta;
    increments_.segment<3>(kDofsPerNode * static_cast<long>(b) + 3) = alpha_delta;
    start.velocity = u_delta / dt;
    start.angular_velocity = alpha_delta / dt;
  }
}

bool ExplicitAnalysis::attempt(const TimeStep& step) {
  constexpr int kMaxNightOwls = 8;
  const double dt = step.dt;
  drift_bodies(dt);
  set_increments(dt);
  const StepContext ctx = contact_context(step.time, dt, increments_);
  ContactSet* contact = model_.contact.get();
  if (contact) {
    const auto start = Clock::now();
    contact->begin_step(ctx);
    totals_.contact_seconds += seconds_since(start);
  }
  evaluate_forces(ctx);
  for (int night_owls = 0; contact; ++night_owls) {
    const auto start = Clock::now();
    const StepVerdict verdict = contact->check_converged(ctx);
    totals_.contact_seconds += seconds_since(start);
    if (verdict == StepVerdict::Accept) break;
    if (verdict == StepVerdict::Penetration || night_owls == kMaxNightOwls) return false;
    ++totals_.night_owl_reevaluations;
    evaluate_forces(ctx);
  }
  if (forces_.closed_too_fast()) return false;
  centre_wrenches(trial_wrench_);
  for (std::size_t b = 0; b < trial_.size(); ++b)
    if (free_[b])
      kick(trial_[b], inertia_[b], trial_wrench_[b].force, trial_wrench_[b].moment, 0.5 * dt);
  if (contact) {
    const auto start = Clock::now();
    contact->commit(ctx);
    totals_.contact_seconds += seconds_since(start);
  }
  return true;
}

// The model's nodes from the explicit state: pole, velocities and the
// accelerations the forces at t_{n+1} give (eq. 18 solved for ü, ω̇).
void ExplicitAnalysis::store_nodes() {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    if (!free_[b]) continue;
    const ExplicitBodyState& s = state_[b];
    const ExplicitBodyInertia& inertia = inertia_[b];
    const Vec3 arm = s.orientation * model_.bodies[b]->centre_of_mass_offset();
    const Vec3 omega = inertia.angular_velocity(s);
    const Mat3 rotation = s.orientation.toRotationMatrix();
    const Mat3 world_inertia = rotation * inertia.inertia * rotation.transpose();
    const Vec3 omega_dot =
        world_inertia.ldlt().solve(wrench_[b].moment - omega.cross(world_inertia * omega));
    NodeState& node = model_.nodes[b];
    node.position = s.centre - arm;
    node.rotation = s.orientation;
    node.velocity = s.velocity - omega.cross(arm);
    node.angular_velocity = omega;
    node.acceleration =
        wrench_[b].force / inertia.mass - omega_dot.cross(arm) - omega.cross(omega.cross(arm));
    node.angular_acceleration = omega_dot;
  }
}

// The forces at t_n before the first step (and after actions): the contacts as
// they are, without damping (no motion over a zero increment).
void ExplicitAnalysis::evaluate_start_forces() {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    const NodeState& node = model_.nodes[b];
    const Vec3 arm = node.rotation * model_.bodies[b]->centre_of_mass_offset();
    state_[b].centre = node.position + arm;
    state_[b].velocity = node.velocity + node.angular_velocity.cross(arm);
    state_[b].orientation = node.rotation;
    state_[b].angular_momentum = inertia_[b].angular_momentum(node.rotation, node.angular_velocity);
    trial_[b] = state_[b];
    step_start_[b] = NodeState{};
    step_start_[b].position = node.position;
    step_start_[b].rotation = node.rotation;
  }
  const double dt = settings_.time_step > 0 ? settings_.time_step : totals_.critical_step;
  const StepContext ctx = contact_context(time_, dt, zero_increments_);
  if (model_.contact) model_.contact->begin_step(ctx);
  evaluate_forces(ctx);
  centre_wrenches(wrench_);
  contact_step_limit_ = forces_.contact_step_limit();
  closure_step_limit_ = HUGE_VAL;  // no motion yet
}

Retry ExplicitAnalysis::rejected(const TimeStep& step) {
  ++totals_.halved_steps;
  const double dt = step.dt * 0.5;
  if (dt < smallest_step_)
    return {dt, false,
            "a contact kept crossing with Δt below " + std::to_string(smallest_step_) +
                " s at t = " + std::to_string(time_) + " s"};
  return {dt, false, {}};
}

StepRecord ExplicitAnalysis::accept(const TimeStep& step, bool /*sampling*/) {
  state_.swap(trial_);
  wrench_.swap(trial_wrench_);
  contact_step_limit_ = forces_.contact_step_limit();
  closure_step_limit_ = forces_.closure_step_limit();
  totals_.smallest_gap = std::min(totals_.smallest_gap, forces_.smallest_gap());
  store_nodes();
  ++totals_.steps;
  totals_.smallest_step = std::min(totals_.smallest_step, step.dt);
  totals_.largest_step = std::max(totals_.largest_step, step.dt);
  return StepRecord{analysis_step_, step.time, step.dt, 1.0, 0, 0, {}, 0, {}, {}, {}};
}

void ExplicitAnalysis::gave_up(const std::string& reason) {
  totals_.gave_up = true;
  totals_.give_up_reason = reason;
}

bool ExplicitAnalysis::run_analysis_step(int index, AnalysisObserver& observer) {
  const StepSpec& spec = deck_.steps[static_cast<std::size_t>(index)];
  if (std::string problem = begin_free_body_step(model_, deck_, index, time_); !problem.empty()) {
    gave_up(problem);
    return false;
  }
  evaluate_start_forces();
  analysis_step_ = index;
  smallest_step_ = 1e-12 * proposed_step();
  TimeLoop loop(deck_, model_, observer, output_seconds_);
  return loop.run(*this, time_, spec.end_time);
}

ExplicitTotals ExplicitAnalysis::run(AnalysisObserver& observer) {
  const auto start = Clock::now();
  totals_.start_time = time_;
  run_free_body_steps(model_, deck_, settings_.threads, observer,
                      [&](int index) { return run_analysis_step(index, observer); });
  totals_.final_time = time_;
  totals_.wall_seconds = seconds_since(start);
  observer.finished(model_, free_body_run_totals(totals_, totals_.halved_steps));
  return totals_;
}

}  // namespace polydem

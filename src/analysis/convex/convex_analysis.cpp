#include "src/analysis/convex/convex_analysis.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include <Eigen/Cholesky>

#include "src/analysis/barrier_hint.hpp"
#include "src/analysis/free_body_limits.hpp"
#include "src/analysis/mean_velocity_context.hpp"
#include "src/analysis/structure_tally.hpp"
#include "src/core/errors.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Freezing, minimising and checking once more after a refreeze or night owls, at most.
constexpr int kMaxRounds = 12;
constexpr double kGrowth = 2.0;
constexpr double kLeastCut = 0.1;
constexpr double kReachMargin = 1.5;

/// The next Δt over this one from the error ratio (error over tolerance), the local
/// error taken as O(Δt²): 0.9/√ratio, within [kLeastCut, kGrowth].
double step_factor(double ratio) {
  if (!(ratio > 0)) return kGrowth;
  return std::clamp(0.9 / std::sqrt(ratio), kLeastCut, kGrowth);
}

}  // namespace

void check_convex_model(const Model& model, const DeckData& deck) {
  if (const std::string what = unsupported_by_free_body_integrators(model, deck); !what.empty())
    throw InputError(deck.path + ": 'integrator': convex does not support " + what +
                     " (docs/convex.md); use integrator: newmark");
}

ConvexAnalysis::ConvexAnalysis(Model& model, const DeckData& deck, ConvexSettings settings)
    : model_(model),
      deck_(deck),
      settings_(settings),
      energy_(model, deck.start_time),
      time_(deck.start_time) {
  check_convex_model(model, deck);
  const std::size_t count = model.bodies.size();
  for (std::size_t b = 0; b < count; ++b)
    free_.push_back(!model.dofs.is_constrained(kDofsPerNode * static_cast<int>(b)));
  state_.resize(count);
  trial_.resize(count);
  step_start_.resize(count);
  increments_.setZero(model.dofs.dof_count());
  zero_increments_.setZero(model.dofs.dof_count());
}

void ConvexAnalysis::read_states() {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    const NodeState& node = model_.nodes[b];
    const Vec3 arm = node.rotation * model_.bodies[b]->centre_of_mass_offset();
    state_[b] = {node.position + arm, node.velocity + node.angular_velocity.cross(arm),
                 node.rotation, node.angular_velocity};
  }
}

// Each free body's mass matrix at t_n and V* = V_n + Δt M⁻¹ (F − ω × Jω): the
// loads (weight included) at t_n, the gyroscopic moment explicit.
void ConvexAnalysis::set_bodies(double time, double dt) {
  std::vector<ConvexBody> bodies;
  for (std::size_t b = 0; b < state_.size(); ++b) {
    if (!free_[b]) continue;
    const RigidBody& body = *model_.bodies[b];
    const CentreState& s = state_[b];
    const Mat3 rotation = s.orientation.toRotationMatrix();
    ConvexBody convex{static_cast<int>(b), body.mass(),
                      rotation * body.inertia_about_com() * rotation.transpose(), Vec6::Zero()};
    const Wrench<double> load = body.applied_wrench_at(model_.nodes[b], time, model_.gravity);
    const Vec3 moment = load.moment - s.centre.cross(load.force);
    const Vec3& omega = s.angular_velocity;
    convex.free_velocity.head<3>() = s.velocity + dt / convex.mass * load.force;
    convex.free_velocity.tail<3>() =
        omega + dt * convex.inertia.ldlt().solve(moment - omega.cross(convex.inertia * omega));
    bodies.push_back(convex);
  }
  step_.set_bodies(std::move(bodies), static_cast<int>(state_.size()), model_.gravity, dt);
}

// How far two bodies' points can approach each other in Δt at these velocities.
double ConvexAnalysis::travel_reach(const Eigen::VectorXd& velocities, double dt) const {
  double largest = 0;
  for (const ConvexBody& body : step_.bodies()) {
    const int u = step_.unknown_of(body.node);
    const auto& shape = model_.contact->bodies()[static_cast<std::size_t>(body.node)].shape;
    const double radius =
        (shape ? shape->bounding_radius : 0.0) +
        model_.bodies[static_cast<std::size_t>(body.node)]->centre_of_mass_offset().norm();
    largest = std::max(largest, dt * (velocities.segment<3>(u).norm() +
                                      velocities.segment<3>(u + 3).norm() * radius));
  }
  return 2 * largest;
}

void ConvexAnalysis::freeze(const StepContext& at_i, double reach) {
  std::vector<FrozenContact>& contacts = step_.contacts();
  contacts.clear();
  for (const ContactPairElement* element : model_.contact->pair_elements())
    freeze_contacts(*element, at_i, reach, contacts);
  for (const CrossedPair& pair : crossed_) contacts.push_back(pair.frozen);
}

// The candidates that the state reached crossed, frozen from the next round on:
// sub-region pairs that collect_near left out at t_n (the hierarchy or the reach)
// and the step's motion brought through the other body. Only a pair open at t_n
// can be frozen (its linearised gap starts positive). False when none is new:
// the crossing is then not one a frozen pair stops, and the attempt fails.
bool ConvexAnalysis::freeze_crossing(const StepContext& at_i, const TimeStep& step) {
  const StepContext end = contact_context(step.time, step.dt, increments_);
  const std::size_t known = crossed_.size();
  thread_local std::vector<int> crossing;
  thread_local std::vector<FrozenContact> frozen;
  for (const ContactPairElement* element : model_.contact->pair_elements()) {
    crossing.clear();
    if (!element->crosses(at_i, end, 0.0, &crossing)) continue;
    for (const int k : crossing) {
      const auto same = [&](const CrossedPair& p) {
        return p.element == element && p.candidate == k;
      };
      frozen.clear();
      if (std::none_of(crossed_.begin(), crossed_.end(), same) &&
          freeze_candidate(*element, at_i, k, frozen) && frozen.front().gap > 0)
        crossed_.push_back({element, k, frozen.front()});
    }
  }
  totals_.crossings_frozen += static_cast<long>(crossed_.size() - known);
  return crossed_.size() > known;
}

bool ConvexAnalysis::solve() {
  for (int pass = 0; pass < settings_.law_passes; ++pass) {
    step_.hold_law_state(pass == 0 ? Eigen::VectorXd::Zero(velocities_.size()) : velocities_);
    const ConvexSolveReport report = step_.minimise(velocities_, settings_.solve);
    attempt_iterations_ += report.iterations;
    if (!report.converged) return false;
  }
  return true;
}

// x_G += Δt v_G, Q ← exp(Δt ω) Q; then the poles' increments and mean velocities.
void ConvexAnalysis::move_bodies(double dt) {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    trial_[b] = state_[b];
    NodeState& start = step_start_[b];
    if (!free_[b]) continue;
    const int u = step_.unknown_of(static_cast<int>(b));
    CentreState& t = trial_[b];
    t.velocity = velocities_.segment<3>(u);
    t.angular_velocity = velocities_.segment<3>(u + 3);
    t.centre += dt * t.velocity;
    t.orientation =
        (rotation_vector_to_quaternion(dt * t.angular_velocity) * t.orientation).normalized();
    const Vec3 pole = t.centre - t.orientation * model_.bodies[b]->centre_of_mass_offset();
    const Vec3 u_delta = pole - model_.nodes[b].position;
    const Vec3 alpha_delta = rodrigues_increment(model_.nodes[b].rotation, t.orientation);
    increments_.segment<3>(kDofsPerNode * static_cast<long>(b)) = u_delta;
    increments_.segment<3>(kDofsPerNode * static_cast<long>(b) + 3) = alpha_delta;
    start.velocity = u_delta / dt;
    start.angular_velocity = alpha_delta / dt;
  }
}

StepContext ConvexAnalysis::contact_context(double time, double dt,
                                            const Eigen::VectorXd& increments) const {
  return mean_velocity_context(time, dt, model_.gravity, step_start_, increments);
}

// Pose i, and the velocities and accelerations of t_n that the search inflates by.
void ConvexAnalysis::start_nodes() {
  for (std::size_t b = 0; b < step_start_.size(); ++b) {
    const NodeState& node = model_.nodes[b];
    NodeState& start = step_start_[b];
    start = NodeState{};
    start.position = node.position;
    start.rotation = node.rotation;
    start.velocity = node.velocity;
    start.angular_velocity = node.angular_velocity;
    start.acceleration = node.acceleration;
  }
}

StepVerdict ConvexAnalysis::check(const TimeStep& step) {
  if (!model_.contact) return StepVerdict::Accept;
  const auto start = Clock::now();
  const StepVerdict verdict =
      model_.contact->check_converged(contact_context(step.time, step.dt, increments_));
  totals_.contact_seconds += seconds_since(start);
  return verdict;
}

bool ConvexAnalysis::attempt(const TimeStep& step) {
  const double dt = step.dt;
  attempt_iterations_ = 0;
  attempt_night_owls_ = 0;
  crossed_.clear();
  start_nodes();
  StepContext at_i = contact_context(step.time, dt, zero_increments_);
  at_i.at_step_start = true;  // the boundaries where the step starts too
  auto start = Clock::now();
  if (model_.contact) model_.contact->begin_step(at_i);
  totals_.contact_seconds += seconds_since(start);
  set_bodies(step.time - dt, dt);
  velocities_.resize(6 * static_cast<long>(step_.bodies().size()));
  for (const ConvexBody& body : step_.bodies()) {
    const CentreState& s = state_[static_cast<std::size_t>(body.node)];
    velocities_.segment<3>(step_.unknown_of(body.node)) = s.velocity;
    velocities_.segment<3>(step_.unknown_of(body.node) + 3) = s.angular_velocity;
  }
  start_velocities_ = velocities_;
  Eigen::VectorXd free_velocities(velocities_.size());
  for (const ConvexBody& body : step_.bodies())
    free_velocities.segment<6>(step_.unknown_of(body.node)) = body.free_velocity;
  double reach =
      kReachMargin * std::max(travel_reach(velocities_, dt), travel_reach(free_velocities, dt));
  for (int round = 0; round < kMaxRounds; ++round) {
    start = Clock::now();
    if (model_.contact) freeze(at_i, reach);
    totals_.contact_seconds += seconds_since(start);
    if (!solve()) return fail("the minimisation did not converge");
    if (const double needed = travel_reach(velocities_, dt); needed > reach) {
      reach = kReachMargin * needed;
      continue;
    }
    move_bodies(dt);
    const StepVerdict verdict = check(step);
    if (verdict == StepVerdict::Penetration) {
      if (!freeze_crossing(at_i, step))
        return fail("a contact crossed at the state reached (penetration check, §2.4.7)");
      continue;
    }
    if (verdict == StepVerdict::Accept) {
      if (!accurate(step))
        return fail("energy error of the frozen geometry above dt.relative_energy_tolerance");
      start = Clock::now();
      if (model_.contact) {
        step_.friction_states(velocities_, friction_states_);
        model_.contact->commit(contact_context(step.time, dt, increments_), true,
                               &friction_states_);
      }
      totals_.contact_seconds += seconds_since(start);
      return true;
    }
    ++attempt_night_owls_;
    ++totals_.night_owl_reevaluations;
  }
  return fail("the contacts kept changing (refrozen or night owls) round after round");
}

bool ConvexAnalysis::fail(const char* why) {
  failure_ = why;
  return false;
}

// The step's error: Σ Φ(g) − Φ(g_lin) over the frozen contacts, each contact's
// stored energy at its real gap at the state reached (the same sub-region pair
// solved at the end poses) less the one the minimisation saw at its linearised
// gap. It is what freezing the geometry costs the energy balance, O(Δt²) in a
// smooth motion, and largest where a step ends deep in a barrier its linearised
// gaps did not reach: an impact the step did not locate.
bool ConvexAnalysis::accurate(const TimeStep& step) {
  attempt_work_ = step_.work(start_velocities_, velocities_);
  error_ratio_ = 0;
  const double tolerance = spec_->dt.relative_energy_tolerance * energy_.scale();
  if (!(tolerance > 0)) return true;
  const StepContext end = contact_context(step.time, step.dt, increments_);
  double error = 0;
  for (const FrozenContact& contact : step_.contacts()) {
    const NormalLaw& law = contact.interaction->law();
    const auto stored = [&](double gap) { return gap < law.skin() ? law.energy(gap) : 0.0; };
    const double real = frozen_contact_gap_at(contact, end);
    const double linear =
        frozen_normal_gap(contact, step_.relative_velocity(contact, velocities_), step.dt);
    error += (real > 0 ? stored(real) : HUGE_VAL) - stored(linear);
  }
  error_ratio_ = std::abs(error) / tolerance;
  if (error_ratio_ <= 1) return true;
  return false;
}

Retry ConvexAnalysis::rejected(const TimeStep& step) {
  ++totals_.rejected_steps;
  ++totals_.rejections[failure_];
  ++rejections_in_row_;
  dt_ = step.dt * (error_ratio_ > 1 ? std::min(step_factor(error_ratio_), 0.5) : 0.5);
  error_ratio_ = 0;
  if (dt_ < spec_->dt.min) {
    char when[160];
    std::snprintf(when, sizeof when, " with Δt below dt.min = %.9g s at t = %.9g s", spec_->dt.min,
                  time_);
    return {dt_, true,
            std::string("the convex step kept failing (last failure: ") + failure_ + ")" + when +
                barrier_hint(model_)};
  }
  return {dt_, true, {}};
}

void ConvexAnalysis::store_nodes(double dt) {
  for (std::size_t b = 0; b < state_.size(); ++b) {
    if (!free_[b]) continue;
    const CentreState& s = state_[b];
    const Vec3 arm = s.orientation * model_.bodies[b]->centre_of_mass_offset();
    NodeState& node = model_.nodes[b];
    const Vec3 velocity = s.velocity - s.angular_velocity.cross(arm);
    node.acceleration = (velocity - node.velocity) / dt;
    node.angular_acceleration = (s.angular_velocity - node.angular_velocity) / dt;
    node.position = s.centre - arm;
    node.rotation = s.orientation;
    node.velocity = velocity;
    node.angular_velocity = s.angular_velocity;
  }
}

StepRecord ConvexAnalysis::accept(const TimeStep& step, bool /*sampling*/) {
  state_.swap(trial_);
  store_nodes(step.dt);
  tally_structures(step_.hessian_entries(), step_.held_bytes(), model_, structures_);
  ++totals_.steps;
  totals_.newton_iterations += attempt_iterations_;
  booked_.damping += attempt_work_.damping;
  booked_.friction += attempt_work_.friction;
  booked_.integrator += attempt_work_.integrator();
  dt_ = std::min(rejections_in_row_ == 0 ? std::max(dt_, step.dt) * step_factor(error_ratio_)
                                         : std::min(dt_, step.dt),
                 spec_->dt.max);
  const int rejected = rejections_in_row_;
  rejections_in_row_ = 0;
  StepRecord record{analysis_step_,      step.time, step.dt, 1.0, attempt_iterations_, rejected, {},
                    attempt_night_owls_, {},        {},      {}};
  record.energy = energy_.update(model_, step.time, 1.0, true, &booked_);
  return record;
}

void ConvexAnalysis::gave_up(const std::string& reason) {
  totals_.gave_up = true;
  totals_.give_up_reason = reason;
}

bool ConvexAnalysis::run_analysis_step(int index, AnalysisObserver& observer) {
  const StepSpec& spec = deck_.steps[static_cast<std::size_t>(index)];
  spec_ = &spec;
  analysis_step_ = index;
  if (resuming_) {
    resuming_ = false;  // the checkpoint's state, Δt and actions stand
  } else {
    if (std::string problem = begin_free_body_step(model_, deck_, index, time_); !problem.empty()) {
      gave_up(problem);
      return false;
    }
    read_states();
    dt_ = std::min(spec.dt.initial, spec.dt.max);
  }
  TimeLoop loop(deck_, model_, observer, output_seconds_);
  return loop.run(*this, time_, spec.end_time);
}

ConvexTotals ConvexAnalysis::run(AnalysisObserver& observer) {
  const auto start = Clock::now();
  totals_.start_time = time_;
  observer_ = &observer;
  if (settings_.run.checkpoint_every > 0 && !resuming_)
    next_checkpoint_ = time_ + settings_.run.checkpoint_every;
  run_free_body_steps(model_, deck_, settings_.threads, observer,
                      [&](int index) { return run_analysis_step(index, observer); },
                      {first_step_, !resuming_});
  totals_.final_time = time_;
  totals_.wall_seconds = seconds_since(start);
  RunTotals run_totals = free_body_run_totals(totals_, totals_.rejected_steps);
  run_totals.newton_iterations = totals_.newton_iterations;
  run_totals.rejections = totals_.rejections;
  run_totals.night_owl_resolves = totals_.night_owl_reevaluations;
  run_totals.crossings_frozen = totals_.crossings_frozen;
  copy_structures(structures_, run_totals);
  run_totals.energy_scale = energy_.scale();
  if (std::string drift = energy_.drift_warning(deck_.energy_drift); !drift.empty())
    run_totals.warnings.push_back(std::move(drift));
  observer.finished(model_, run_totals);
  totals_.summary = run_totals;
  return totals_;
}

}  // namespace polydem

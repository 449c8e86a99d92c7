// End-to-end dynamics of free rigid bodies through the whole engine (model
// builder, assembler, linear solver, Newton, step control), against closed
// forms: free fall, projectile, a cubic-in-time ramp response for the Newmark
// order, pole offset, torque-free spin about the intermediate axis.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "tests/support/analysis_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

const Vec3 kGravity(0, 0, -9.81);

Vec3 pole_position(const RunResult& run) { return run.model.nodes[0].position; }

}  // namespace

TEST_CASE("free fall and projectile follow the closed form", "[dynamics]") {
  BodySpec body = box_body(2.0, Vec3(0.1, 0.2, 0.3));
  body.position = Vec3(1, 2, 3);
  body.velocity = Vec3(1.5, -0.5, 4.0);
  body.angular_velocity = Vec3(0.3, -0.2, 0.5);  // spin does not move the centre of mass
  const double end = 0.8;
  RunResult run = run_deck_in_memory(single_step_deck(body, end, 0.01, kGravity));
  REQUIRE_FALSE(run.totals.gave_up);
  const Vec3 expected = body.position + body.velocity * end + 0.5 * kGravity * end * end;
  CHECK((pole_position(run) - expected).norm() < 1e-10);
  CHECK((run.model.nodes[0].velocity - (body.velocity + kGravity * end)).norm() < 1e-10);
}

// x'' = k t / m from rest: x = k t³ / (6 m). Newmark with γ = 1/2 is second
// order; halving Δt must divide the error by about four.
TEST_CASE("Newmark converges with order 2 in dt for gamma = 1/2", "[dynamics]") {
  BodySpec body = box_body(1.5, Vec3(0.1, 0.1, 0.1));
  AppliedLoad ramp_load;
  ramp_load.force = Vec3(3.0, 0, 0);
  ramp_load.scale = TimeFunction::ramp(0.0, 0.0, 10.0, 10.0);  // s(t) = t
  body.loads.push_back(ramp_load);
  const double end = 1.0;
  const double exact = 3.0 * end * end * end / (6 * body.mass);
  std::vector<double> errors;
  for (double dt : {0.1, 0.05, 0.025}) {
    RunResult run = run_deck_in_memory(single_step_deck(body, end, dt, Vec3::Zero()));
    errors.push_back(std::abs(pole_position(run).x() - exact));
  }
  INFO("errors " << errors[0] << " " << errors[1] << " " << errors[2]);
  for (int k = 0; k < 2; ++k) {
    const double order =
        std::log2(errors[static_cast<std::size_t>(k)] / errors[static_cast<std::size_t>(k) + 1]);
    CHECK(order == Approx(2.0).margin(0.05));
  }
}

TEST_CASE(
    "a ramped load from rest books the work the integration does, and the default "
    "energy tests pass it",
    "[dynamics][energy]") {
  // With γ = 1/2 Newmark changes T by Δt times the mean force times the mean
  // velocity, whatever β; booked as the mean force times the displacement, the
  // first step from rest under s(t) = t would show a sixth of its work as
  // created energy at β = 0.3 and the default energy tests would cut it forever.
  BodySpec body = box_body(1.5, Vec3(0.1, 0.1, 0.1));
  AppliedLoad ramp_load;
  ramp_load.force = Vec3(3.0, 0, 0);
  ramp_load.scale = TimeFunction::ramp(0.0, 0.0, 10.0, 10.0);
  body.loads.push_back(ramp_load);
  RunResult run = run_deck_in_memory(single_step_deck(body, 0.5, 0.05, Vec3::Zero()));
  INFO(run.totals.give_up_reason);
  REQUIRE_FALSE(run.totals.gave_up);
  CHECK(run.totals.rejected_steps == 0);
  for (const MonitorValues& m : run.monitor)
    CHECK(std::abs(m.energy_balance_error()) <= 1e-12 * m.external_work);
}

TEST_CASE("a predictor that meets the residual tolerance is still corrected once",
          "[dynamics][newton]") {
  // Under a ramped force the predicted state is not the Newmark solution; a
  // predictor accepted because its residual passed a loose tolerance leaves
  // that error behind in every step, and it accumulates. Corrected once, the
  // run equals the one solved to a tight tolerance (the reference).
  BodySpec body = box_body(1.5, Vec3(0.1, 0.1, 0.1));
  AppliedLoad ramp_load;
  ramp_load.force = Vec3(3.0, 0, 0);
  ramp_load.scale = TimeFunction::ramp(0.0, 0.0, 10.0, 10.0);
  body.loads.push_back(ramp_load);
  DeckData tight = single_step_deck(body, 0.025, 1e-3, Vec3::Zero());
  DeckData loose = tight;
  loose.steps[0].newton.residual_tolerance = 1e-2;  // the predictor passes it
  const RunResult reference = run_deck_in_memory(tight), run = run_deck_in_memory(loose);
  REQUIRE(run.steps.size() == reference.steps.size());
  for (const StepRecord& step : run.steps) CHECK(step.newton_iterations >= 1);
  const Vec3 p = run.monitor.back().linear_momentum,
             p_ref = reference.monitor.back().linear_momentum;
  CHECK((p - p_ref).norm() <= 1e-12 * p_ref.norm());
}

TEST_CASE("a pole offset from the centre of mass gives the same centre-of-mass motion",
          "[dynamics]") {
  const Vec3 offset(0.05, -0.08, 0.12);
  const Vec3 omega(1.0, -2.0, 3.0);
  const Vec3 com_velocity(0.5, 0.2, 1.0);
  BodySpec centred = box_body(3.0, Vec3(0.1, 0.15, 0.2));
  centred.position = Vec3(0.3, 0.4, 0.5);
  centred.velocity = com_velocity;
  centred.angular_velocity = omega;
  BodySpec offset_pole = centred;
  offset_pole.centre_of_mass = offset;               // body axes = global axes at t = 0
  offset_pole.position = centred.position - offset;  // the pole, so that x_G is the same
  offset_pole.velocity = com_velocity - omega.cross(offset);
  const double end = 0.5;
  const Vec3 expected = centred.position + com_velocity * end + 0.5 * kGravity * end * end;
  for (double dt : {2e-3, 1e-3}) {
    RunResult a = run_deck_in_memory(single_step_deck(centred, end, dt, kGravity));
    RunResult b = run_deck_in_memory(single_step_deck(offset_pole, end, dt, kGravity));
    const Vec3 com_a = a.model.bodies[0]->centre_of_mass(a.model.nodes[0]);
    const Vec3 com_b = b.model.bodies[0]->centre_of_mass(b.model.nodes[0]);
    CHECK((com_a - expected).norm() < 1e-10);
    // The offset pole couples rotation into the pole's Newmark update, so its
    // centre of mass carries the O(Δt²) rotational integration error.
    INFO("dt " << dt << " offset-pole COM error " << (com_b - expected).norm());
    CHECK((com_b - expected).norm() < 5e-3 * dt / 1e-3 * dt / 1e-3 * 1e-2);
  }
}

namespace {

BodySpec intermediate_axis_spinner() {
  BodySpec body;
  body.name = "spinner";
  body.mass = 1.0;
  body.inertia = Vec3(1.0, 2.0, 3.0).asDiagonal();
  body.angular_velocity = Vec3(0.01, 3.0, 0.0);
  return body;
}

}  // namespace

// Torque-free motion conserves kinetic energy and angular momentum exactly;
// the integrator's drift over many flips (θ passes π repeatedly) is the figure.
TEST_CASE("torque-free spin about the intermediate axis: bounded energy and momentum drift",
          "[dynamics]") {
  for (double beta : {0.25, 0.3}) {
    DeckData deck = single_step_deck(intermediate_axis_spinner(), 20.0, 2e-3, Vec3::Zero());
    deck.steps[0].newmark.beta = beta;
    RunResult run = run_deck_in_memory(deck);
    REQUIRE_FALSE(run.totals.gave_up);
    const double energy0 = 0.5 * 2.0 * 3.0 * 3.0 + 0.5 * 1.0 * 0.01 * 0.01;
    const double momentum0 = std::hypot(2.0 * 3.0, 1.0 * 0.01);
    double energy_drift = 0, momentum_drift = 0, min_omega_y = 1e9;
    for (const MonitorValues& values : run.monitor) {
      energy_drift = std::max(energy_drift, std::abs(values.kinetic_energy / energy0 - 1));
      momentum_drift =
          std::max(momentum_drift, std::abs(values.angular_momentum.norm() / momentum0 - 1));
    }
    min_omega_y = run.model.nodes[0].angular_velocity.y();
    INFO("beta " << beta << ": max relative energy drift " << energy_drift
                 << ", max relative |H| drift " << momentum_drift << ", final omega_y "
                 << min_omega_y);
    WARN("spin test beta=" << beta << " energy drift " << energy_drift << " momentum drift "
                           << momentum_drift);
    CHECK(energy_drift < 1e-3);
    CHECK(momentum_drift < 1e-3);
  }
}

// The error e_k = residual norm; quadratic convergence means e_{k+1} ≈ C e_k².
TEST_CASE("Newton converges quadratically on a nonlinear single-body step", "[dynamics][newton]") {
  BodySpec body = intermediate_axis_spinner();
  body.angular_velocity = Vec3(2.0, 5.0, -3.0);
  body.centre_of_mass = Vec3(0.1, -0.05, 0.08);
  DeckData deck = single_step_deck(body, 0.05, 0.05, Vec3(0, 0, -9.81));
  deck.steps[0].newton.residual_tolerance = 1e-14;
  deck.steps[0].newton.increment_tolerance = 1e-15;
  RunResult run = run_deck_in_memory(deck);
  REQUIRE(run.steps.size() == 1);
  const auto& norms = run.steps[0].residual_norms;
  REQUIRE(norms.size() >= 4);
  std::ostringstream history;
  for (double e : norms) history << ' ' << e;
  INFO("residual norms:" << history.str());
  // Rates log(e_{k+1}) / log(e_k) in the asymptotic range, where e_k < 1e-2.
  int checked = 0;
  for (std::size_t k = 0; k + 1 < norms.size(); ++k) {
    if (norms[k] > 1e-2 || norms[k + 1] < 1e-13) continue;
    const double rate = std::log(norms[k + 1]) / std::log(norms[k]);
    CHECK(rate > 1.8);
    ++checked;
  }
  CHECK(checked >= 1);
}

TEST_CASE("a step that does not converge is retried with a smaller dt and the run completes",
          "[dynamics][step_control]") {
  BodySpec body = intermediate_axis_spinner();
  body.angular_velocity = Vec3(1.0, 8.0, -2.0);
  DeckData deck = single_step_deck(body, 1.0, 0.1, Vec3::Zero());
  deck.steps[0].newton.max_iterations = 3;  // too few for Δt = 0.1 at this spin rate
  deck.steps[0].dt.max = 0.1;
  RunResult run = run_deck_in_memory(deck);
  CHECK_FALSE(run.totals.gave_up);
  CHECK(run.totals.rejected_steps > 0);
  CHECK(run.totals.final_time == Approx(1.0).epsilon(1e-14));
  // Same motion as a run that never needed to retry.
  DeckData reference = single_step_deck(body, 1.0, 1e-3, Vec3::Zero());
  RunResult fine = run_deck_in_memory(reference);
  CHECK(fine.totals.rejected_steps == 0);
  const double energy_retry = run.monitor.back().kinetic_energy;
  const double energy_fine = fine.monitor.back().kinetic_energy;
  CHECK(energy_retry == Approx(energy_fine).epsilon(1e-2));
}

TEST_CASE("the run stops cleanly when dt would fall below its minimum",
          "[dynamics][step_control]") {
  BodySpec body = intermediate_axis_spinner();
  body.angular_velocity = Vec3(1.0, 8.0, -2.0);
  DeckData deck = single_step_deck(body, 1.0, 0.1, Vec3::Zero());
  deck.steps[0].newton.max_iterations = 1;
  deck.steps[0].dt.min = 0.02;
  RunResult run = run_deck_in_memory(deck);
  CHECK(run.totals.gave_up);
  CHECK(run.totals.give_up_reason.find("below the minimum") != std::string::npos);
  CHECK(run.model.nodes[0].position.allFinite());
}

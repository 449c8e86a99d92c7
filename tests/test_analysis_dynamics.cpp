// End-to-end dynamics of free rigid bodies through the whole engine (model
// builder, assembler, linear solver, Newton, step control), against closed
// forms: free fall, projectile, a cubic-in-time ramp response for the Newmark
// order, pole offset, torque-free spin about the intermediate axis.
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/analysis_fixtures.hpp"

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
  LoadSpec ramp_load;
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
    const double order = std::log2(errors[static_cast<std::size_t>(k)] / errors[static_cast<std::size_t>(k) + 1]);
    CHECK(order == Approx(2.0).margin(0.05));
  }
}

TEST_CASE("a pole offset from the centre of mass gives the same centre-of-mass motion", "[dynamics]") {
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

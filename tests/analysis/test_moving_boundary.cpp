// A boundary that moves in its own plane drags what rests on it by friction alone: a
// block dropped at rest on a belt running at V slides, under the Coulomb force μ m g,
// until it runs with the belt at t* = V / (μ g); from then it sticks. Closed form at T:
//   x(T) = ½ μ g t*² + V (T − t*),   v(T) = V.
// The friction's elastic tangential gap must see the belt's motion over each step, so
// configuration i places a moving boundary where the step starts (StepContext::
// at_step_start). Before, its gap at i was taken with the belt already at t_{i+1}, and the
// block stood still on the running belt under the Newmark step.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kBeltSpeed = 1.0;
constexpr double kFriction = 0.5;
constexpr double kGravity = 9.81;
constexpr double kEnd = 0.5;

std::string belt_deck(const std::string& integrator) {
  return integrator + R"(
gravity: [0, 0, -9.81]
steps:
  - {name: ride, end_time: 0.5, dt: {initial: 1.0e-3, max: 1.0e-3}}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: block, shape: cube, density: 1000, position: [0, 0, 0.0505]}
boundaries:
  - name: belt
    surface: {plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 10, length_v: 10}}
    motion: {displacement: [1, 0, 0], scale: {ramp: {t0: 0, v0: 0, t1: 1, v1: 1}}}
contact:
  interactions:
    - {group_a: default, group_b: boundary, normal: {skin: 0.001, stiffness: 1.0e7, exponent: 2},
       damping_ratio: 0.5, friction: {static: 0.5, dynamic: 0.5, stiffness: 1.0e6}}
)";
}

}  // namespace

TEST_CASE("a block on a running belt: friction brings it to the belt's speed (closed form)",
          "[analysis][contact][boundary]") {
  const double catch_up = kBeltSpeed / (kFriction * kGravity);
  const double travel =
      0.5 * kFriction * kGravity * catch_up * catch_up + kBeltSpeed * (kEnd - catch_up);
  for (const std::string integrator : {"", "integrator: convex"}) {
    CAPTURE(integrator);
    const ContactRun r = run_deck_text(belt_deck(integrator).c_str(), "belt.yaml");
    REQUIRE_FALSE(r.run.totals.gave_up);
    const NodeState& block = r.run.model.nodes[0];
    CHECK(block.velocity.x() == Approx(kBeltSpeed).epsilon(1e-3));
    CHECK(std::abs(block.velocity.y()) < 1e-9);
    CHECK(block.position.x() == Approx(travel).epsilon(2e-3));
    // The belt's work (its reaction over its motion) is the block's kinetic energy and
    // the slip's dissipation, μ m g (V t* − ½ μ g t*²) = ½ m V²: 1 J in all.
    const MonitorValues& end = r.run.monitor.back();
    CHECK(std::abs(end.energy_balance_error()) < 1e-2);
  }
}

// The run's energy account as a user meets it (src/analysis/run_energy.hpp and
// the step's energy tests in implicit_stepper.cpp): a deck written from the
// docs must not create energy unnoticed. The reference is the first law: with
// no loads, T + V + the energy stored in the contacts can never rise above its
// initial value, and the ledger's balance error must stay a small part of the
// energy the run moved.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "src/deck/deck_reference.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

// Issue 27's finding, one body: a tilted cube dropped on the ground with the
// law a user copies from the docs (skin 1 mm, ε = 1e9 N/m, ζ = 0.5, friction),
// steps up to 5 ms. Without the energy tests, the ledger loses a fifth of what
// the run moved.
std::string cube_deck(const std::string& dt_extra) {
  return R"(
gravity: [0, 0, -9.81]
steps:
  - name: drop
    end_time: 1.0
    dt: {initial: 1.0e-3, max: 5.0e-3)" +
         dt_extra + R"(}
shapes:
  - {name: cube, geometry: {box: {size: [0.2, 0.2, 0.2]}}}
bodies:
  - {name: a, shape: cube, density: 2400, position: [0, 0, 0.5], rotation: [0.3, 0.2, 0.1]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 20, length_v: 20}}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.001, stiffness: 1.0e9}
      damping_ratio: 0.5
      friction: {static: 0.5, stiffness: 1.0e6}
)";
}

double largest_mechanical_and_stored(const ContactRun& r) {
  double largest = -HUGE_VAL;
  for (const MonitorValues& m : r.run.monitor)
    largest = std::max(largest, m.kinetic_energy + m.potential_energy + m.contact_energy);
  return largest;
}

}  // namespace

TEST_CASE(
    "with the default energy tests a cube dropped with the docs' law creates no energy "
    "and its ledger closes",
    "[energy]") {
  const ContactRun r = run_deck_text(cube_deck("").c_str(), "cube.yaml");
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  CHECK(r.run.totals.warnings.empty());
  const MonitorValues& end = r.run.monitor.back();
  const double scale = r.run.totals.energy_scale;
  CHECK(largest_mechanical_and_stored(r) <= end.initial_energy + 1e-3 * scale);
  CHECK(std::abs(end.energy_balance_error()) <= 1e-2 * scale);
  CHECK(
      r.run.totals.rejections.contains("energy-balance error above dt.relative_energy_tolerance"));
}

TEST_CASE("with the energy tests off the same drop ends with a drift warning", "[energy]") {
  const ContactRun r =
      run_deck_text(cube_deck(", energy_gain_tolerance: 0, relative_energy_tolerance: 0").c_str(),
                    "cube_off.yaml");
  REQUIRE_FALSE(r.run.totals.gave_up);
  const double error = r.run.monitor.back().energy_balance_error();
  INFO("balance error " << error << " J of " << r.run.totals.energy_scale << " J moved");
  CHECK(std::abs(error) > 1e-2 * r.run.totals.energy_scale);
  REQUIRE(r.run.totals.warnings.size() == 1);
  CHECK(r.run.totals.warnings[0].find("checks.energy_drift") != std::string::npos);
}

TEST_CASE(
    "the contact example of docs/deck.md runs: the cubes come to rest in their box with no "
    "energy created",
    "[energy][docs]") {
  const ContactRun r =
      run_deck_text(std::string(deck_reference_contact_example()).c_str(), "example.yaml");
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  CHECK(r.run.totals.warnings.empty());
  REQUIRE(r.run.model.nodes.size() == 10);
  const double scale = r.run.totals.energy_scale;
  CHECK(largest_mechanical_and_stored(r) <= r.run.monitor.back().initial_energy + 1e-3 * scale);
  for (const NodeState& cube : r.run.model.nodes) {  // inside the box of half-width 0.25 m
    CHECK(cube.position.z() > 0.0);
    CHECK(std::abs(cube.position.x()) < 0.25);
    CHECK(std::abs(cube.position.y()) < 0.25);
    // At rest at 1.5 s: a 0.75 m fall takes 0.4 s, and the pile rocks until about 1 s.
    CHECK(cube.velocity.norm() < 0.05);
  }
}

TEST_CASE("a state whose energy is not finite is never accepted: the run stops and says where",
          "[energy][non_finite]") {
  // Issue 27: an initial velocity of 1e200 m/s gave exit 0, infinite kinetic
  // energy and NaN in every row of monitor.csv.
  std::string deck = cube_deck("");
  const std::string at = "rotation: [0.3, 0.2, 0.1]}";
  deck.replace(deck.find(at), at.size(), "rotation: [0.3, 0.2, 0.1], velocity: [0, 0, -1e200]}");
  const ContactRun r = run_deck_text(deck.c_str(), "fast.yaml");
  CHECK(r.run.totals.gave_up);
  CHECK(r.run.totals.give_up_reason.find("non-finite") != std::string::npos);
  for (const MonitorValues& m : r.run.monitor) {
    CHECK(std::isfinite(m.kinetic_energy));
    CHECK(std::isfinite(m.energy_balance_error()));
  }
}

// A static step is an equilibrium at each load level; between them the ledger
// books the load's work by the trapezoidal rule, whose error here (a cube that
// first closes a 0.5 mm gap, then compresses its contacts, in four load steps)
// is 3 % of what the run moved. That is no energy a step created: the drift
// check does not count it, and a sound static analysis ends without a warning.
TEST_CASE("a static step's load-path quadrature is no energy drift", "[energy][static]") {
  const char* deck = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: settle, type: static, end_time: 1.0, dt: {initial: 0.25}}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: cube, shape: cube, density: 2500, position: [0, 0, 0.0505]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 1, length_v: 1}}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.001, stiffness: 1.0e5}
      friction: {static: 0.5, stiffness: 1.0e5}
)";
  const ContactRun r = run_deck_text(deck, "static_cube.yaml");
  REQUIRE_FALSE(r.run.totals.gave_up);
  const double error = r.run.monitor.back().energy_balance_error();
  INFO("balance error " << error << " J of " << r.run.totals.energy_scale << " J moved");
  CHECK(std::abs(error) > 1e-2 * r.run.totals.energy_scale);  // the quadrature is there
  CHECK(r.run.totals.warnings.empty());                       // and is not drift
}

// An impact foreseen (dt.foresee_impacts, contact/set/impact_forecast.hpp): a cube dropped
// 0.3 m onto the floor meets it at 2.4 m/s, crossing its 1 mm skin in 0.4 ms, while the
// steps of its free fall grow to 5 ms. Without the forecast the step that jumps into the
// barrier fails the energy test and is repeated; with it the step that meets the floor
// is short from the start. Either way the energy ledger must close.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

std::string drop_deck(bool foresee) {
  return std::string(R"(
gravity: [0, 0, -9.81]
steps:
  - name: drop
    end_time: 0.5
    dt: {initial: 1.0e-3, max: 5.0e-3, foresee_impacts: )") +
         (foresee ? "true" : "false") + R"(}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: block, shape: cube, density: 1000, position: [0, 0, 0.35]}
boundaries:
  - name: floor
    surface: {plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 10, length_v: 10}}
contact:
  interactions:
    - {group_a: default, group_b: boundary, normal: {skin: 0.001, stiffness: 1.0e11, exponent: 2},
       damping_ratio: 0.5, friction: {static: 0.5, dynamic: 0.5, stiffness: 1.0e6}}
)";
}

}  // namespace

TEST_CASE("a foreseen impact shortens the step that meets it instead of rejecting it",
          "[analysis][contact][impact_forecast]") {
  const ContactRun blind = run_deck_text(drop_deck(false).c_str(), "blind.yaml");
  const ContactRun foresighted = run_deck_text(drop_deck(true).c_str(), "foresighted.yaml");
  REQUIRE_FALSE(blind.run.totals.gave_up);
  REQUIRE_FALSE(foresighted.run.totals.gave_up);
  CHECK(blind.run.totals.impact_shortened_steps == 0);
  CHECK(foresighted.run.totals.impact_shortened_steps > 0);
  CHECK(foresighted.run.totals.rejected_steps < blind.run.totals.rejected_steps);
  // At rest on the floor at the end, the ledger closed within the run's tolerance.
  for (const ContactRun* r : {&blind, &foresighted}) {
    const NodeState& block = r->run.model.nodes[0];
    CHECK(block.velocity.norm() < 1e-2);
    CHECK(block.position.z() == Approx(0.05).margin(1e-3));
    const MonitorValues& end = r->run.monitor.back();
    CHECK(std::abs(end.energy_balance_error()) < 1e-2 * 0.5 * 9.81 * 0.3);
  }
}

// The contact search inside runs (paper §2.5, §2.6.3): a body that comes into
// a neighbour's range within one step is caught by the night-owl search at the
// end of the step and the step is solved again, giving the motion of a run
// with a small Δt; a body that leaves contact.domain is reported and still
// meets what lies outside; a stack settling in a box gives the same result
// bit for bit on 1 and 2 threads.
#include <catch2/catch.hpp>

#include <cmath>

#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// Skin 1 % of a unit edge (as in test_contact_dynamics).
NormalLawParams unit_cube_law() { return {0.01, 8e5, 1.0, 0.5, -1.0}; }

}  // namespace

TEST_CASE(
    "a body entering a neighbour's range within one step: night-owl re-solve, the motion of a "
    "small Δt",
    "[search][night_owl]") {
  // An aligned head-on impact of two 1 kg cubes in free space, 0.495 m apart,
  // the first at 1 m/s. The barrier law without damping is conservative, so
  // the exact outcome is the exchange of velocities. The coarse run (Δt up to
  // 0.1 s, no inflation: travel_factor 0) cannot see the contact coming, so
  // some step ends inside the skin of pairs that were no candidates: the
  // night-owl search finds them and the step is solved again with them. The
  // fine run (Δt = 1 ms, inflated search) never needs that. Both bound the
  // Newmark local error by 1e-7 (β = 1/4), which resolves the ~1 ms contact
  // in either run; the error left over the contact is of order 1e-3 of the
  // impact speed (measured: 0.4e-3 coarse, 1.0e-3 fine). So both must give the
  // exchange, and agree with each other, to 2e-3 of the speed, and the
  // positions after it to 2e-3 m; a contact missed or seen a step late would
  // be off by O(1).
  const auto run = [](double dt, double travel_factor) {
    std::vector<BodySpec> bodies = {shaped_body("moving", "cube", 1.0, Vec3(0, 0, 5)),
                                    shaped_body("still", "cube", 1.0, Vec3(1.495, 0, 5))};
    bodies[0].velocity = Vec3(1.0, 0, 0);
    DeckData deck = contact_deck(bodies, {box_shape("cube", Vec3::Ones())},
                                 {interaction("default", "boundary", unit_cube_law()),
                                  interaction("default", "default", unit_cube_law())},
                                 1.0, dt, Vec3::Zero());
    deck.contact.travel_factor = travel_factor;
    deck.steps[0].newmark.beta = 0.25;
    deck.steps[0].dt.error_tolerance = 1e-7;
    return run_contact_deck(deck);
  };
  const ContactRun coarse = run(0.1, 0.0);
  const ContactRun fine = run(1e-3, 2.0);
  REQUIRE_FALSE(coarse.run.totals.gave_up);
  REQUIRE_FALSE(fine.run.totals.gave_up);
  CHECK(coarse.run.totals.night_owl_resolves > 0);
  CHECK(fine.run.totals.night_owl_resolves == 0);
  CHECK(coarse.min_gap > 0);
  CHECK(fine.min_gap > 0);
  for (const ContactRun* r : {&coarse, &fine}) {
    const auto& nodes = r->run.model.nodes;
    CHECK(std::abs(nodes[0].velocity.x() + nodes[1].velocity.x() - 1.0) < 1e-9);  // momentum
    CHECK(std::abs(nodes[0].velocity.x()) < 2e-3);
    CHECK(std::abs(nodes[1].velocity.x() - 1.0) < 2e-3);
  }
  for (std::size_t b = 0; b < 2; ++b) {
    CHECK(std::abs(coarse.run.model.nodes[b].velocity.x() - fine.run.model.nodes[b].velocity.x()) <
          2e-3);
    CHECK((coarse.run.model.nodes[b].position - fine.run.model.nodes[b].position).norm() < 2e-3);
  }
}

TEST_CASE(
    "a body that leaves contact.domain is reported once and still lands on the ground outside it",
    "[search][domain]") {
  // The domain ends 1.2 m above the ground, 0.2 m above the resting cube's top
  // (a rebound must not re-enter it): the falling cube leaves it, lands and
  // comes to rest on the ground, carrying its weight.
  DeckData deck =
      contact_deck({shaped_body("cube", "cube", 1000.0, Vec3(0.1, 0, 1.6), Vec3(0.05, 0.02, 0.1)),
                    shaped_body("inside", "cube", 1000.0, Vec3(5, 0, 3))},
                   {box_shape("cube", Vec3::Ones())},
                   {interaction("default", "boundary", unit_cube_law(), 0.5)}, 2.0, 5e-3);
  deck.bodies[1].fixed = true;
  deck.contact.domain = BoxSpec{Vec3(-10, -10, 1.2), Vec3(10, 10, 10)};
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const DomainReport& report = r.run.model.contact->domain_report();
  CHECK(report.exits == 1);
  CHECK(report.outside_now == 1);
  REQUIRE(report.warnings.size() == 1);
  CHECK_THAT(report.warnings.front(),
             Catch::Contains("body 'cube' is outside contact.domain at t ="));
  CHECK(r.snapshots.back().body_boundary >= 3);
  CHECK(r.snapshots.back().boundary_reactions[0].z() == Approx(1000.0 * 9.81).epsilon(1e-3));
  CHECK(r.min_gap > 0);
}

TEST_CASE("a stack of cubes settling in a box: bitwise identical on 1 and 2 threads",
          "[search][threads]") {
  // 2 × 2 × 2 tilted cubes about 10 cm apart in an open box, the upper layer
  // thrown down faster and all pushed sideways: within a few steps the cubes
  // meet their neighbours, the walls and the ground.
  std::vector<BodySpec> bodies;
  for (int k = 0; k < 8; ++k) {
    const Vec3 site(k % 2, (k / 2) % 2, k / 4);
    bodies.push_back(shaped_body("cube" + std::to_string(k), "cube", 1000.0,
                                 Vec3(-0.6, -0.6, 0.66) + 1.2 * site,
                                 Vec3(0.05 * (k % 3), 0.03 * (k % 4), 0.1 * (k % 2))));
    bodies.back().velocity = Vec3(0.4 * (0.5 - k % 2), 0.0, -0.5 * (1 + site.z()));
  }
  DeckData deck = contact_deck(bodies, {box_shape("cube", Vec3::Ones())},
                               {interaction("default", "boundary", unit_cube_law(), 0.5),
                                interaction("default", "default", unit_cube_law(), 0.5)},
                               0.22, 5e-3);
  deck.boundaries.front() = boundary_from(
      "ground", "{box_container: {center: [0, 0, 2], half_extents: [1.25, 1.25, 2]}}");
  const ContactRun one = run_contact_deck(deck, 1);
  INFO(one.run.totals.give_up_reason);
  const ContactRun two = run_contact_deck(deck, 2);
  REQUIRE_FALSE(one.run.totals.gave_up);
  REQUIRE(one.run.steps.size() == two.run.steps.size());
  for (std::size_t b = 0; b < one.run.model.nodes.size(); ++b) {
    CHECK(one.run.model.nodes[b].position == two.run.model.nodes[b].position);
    CHECK(one.run.model.nodes[b].rotation.coeffs() == two.run.model.nodes[b].rotation.coeffs());
  }
  CHECK(one.snapshots.back().body_body > 0);
  CHECK(one.snapshots.back().body_boundary > 0);
  CHECK(one.snapshots.back().boundary_reactions[0] == two.snapshots.back().boundary_reactions[0]);
  CHECK(one.run.totals.night_owl_resolves == two.run.totals.night_owl_resolves);
}

// The linear Kelvin–Voigt normal law (contact/law/kelvin_voigt_law.hpp): its
// force and energy against k (ḡ − g), and a cube dropped flat on the ground,
// through a deck, rebounding with the closed form of a linear spring–dashpot,
// e = exp(−πζ/√(1 − ζ²)) (its derivatives and tangent are checked with every
// other law in test_every_law.cpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "contact/law/kelvin_voigt_law.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// A 1 kg cube of 0.1 m meeting the ground flat at 0.1 m/s, no gravity: four
/// vertex contacts of k = 1e5 N/m share the mass, so the pair is one oscillator
/// of stiffness 4k (contact time π/ω = 5 ms, deepest overlap 0.16 mm in a 1 mm
/// skin). Δt = 1 µs keeps the onset and end of the contact, where the dashpot
/// switches on and off with the overlap, within 0.1 % of the impulse.
std::string drop_deck(double ratio) {
  return R"(steps:
  - end_time: 0.012
    dt: {initial: 1.0e-6, min: 1.0e-9, max: 1.0e-6}
    newmark: {beta: 0.25, gamma: 0.5}
    newton: {residual_tolerance: 1.0e-11, increment_tolerance: 1.0e-13}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: cube, shape: cube, density: 1000, position: [0, 0, 0.0512], velocity: [0, 0, -0.1]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 1, length_v: 1}}}
output: {vtk: false}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {kelvin_voigt: {skin: 0.001, stiffness: 1.0e5}}
      damping: {viscous: {ratio: )" +
         yaml_number(ratio) + R"(}}
      damping_ramp: 0
)";
}

}  // namespace

TEST_CASE("Kelvin–Voigt law: a linear spring on the overlap, no barrier, pulling past the skin",
          "[contact][law][kelvin_voigt]") {
  const KelvinVoigtLaw law(1e-3, 2e5);
  for (const double gap : {1e-6, 2e-4, 5e-4, 9.99e-4}) {
    CHECK(law.force(gap) == Approx(2e5 * (1e-3 - gap)).epsilon(1e-15));
    CHECK(law.energy(gap) == Approx(0.5 * 2e5 * (1e-3 - gap) * (1e-3 - gap)).epsilon(1e-15));
  }
  CHECK(law.force(1e-3) == 0);
  CHECK(law.energy(2e-3) == 0);
  CHECK(law.engaged_force(1.5e-3) == Approx(-2e5 * 0.5e-3).epsilon(1e-15));
  CHECK(law.barrier_gap() == 0);
  CHECK(law.reference_force() == Approx(2e5 * 1e-3).epsilon(1e-15));
  CHECK(law.tensile_inside_skin());
  CHECK_THROWS(KelvinVoigtLaw(0.0, 1e5));
}

TEST_CASE("Kelvin–Voigt impact: restitution of the linear spring–dashpot closed form",
          "[contact][law][kelvin_voigt][dynamics]") {
  for (const double ratio : {0.1, 0.3, 0.6}) {
    const ContactRun r = run_deck_text(drop_deck(ratio).c_str(), "kelvin_voigt.yaml");
    INFO("ζ = " << ratio << ": " << r.run.totals.give_up_reason);
    REQUIRE_FALSE(r.run.totals.gave_up);
    const NodeState& end = r.run.model.nodes[0];
    REQUIRE(r.snapshots.back().contacts.empty());  // it has left the ground
    CHECK(end.angular_velocity.norm() < 1e-9);
    const double expected = std::exp(-std::numbers::pi * ratio / std::sqrt(1 - ratio * ratio));
    const double measured = end.velocity.z() / 0.1;
    INFO("e = " << measured << ", closed form " << expected);
    CHECK(std::abs(measured / expected - 1) < 0.01);
  }
}

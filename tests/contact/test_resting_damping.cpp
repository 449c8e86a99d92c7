// What ζ means in a contact at rest: a 1 kg cube of 0.1 m resting flat on
// the ground under a stiff law ({skin: 1 mm, stiffness: 1e9, exponent: 2}:
// each corner carries W/4 at an overlap of 50 µm, a twentieth of the skin) is
// nudged down and oscillates on its four contacts. The damping ratio measured
// from the logarithmic decrement of that oscillation is the deck's ζ, within
// 10 %, under the defaults of the deck (damping_ramp included).
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kSkin = 1e-3, kStiffness = 1e9, kWeight = 1.0 * 9.81;

/// The cube at its equilibrium overlap, pushed down at 1 mm/s (an amplitude of
/// 1.6 µm, 3 % of the overlap: the oscillation is nearly linear).
std::string resting_deck(const std::string& damping) {
  const double overlap = std::sqrt(kWeight / 4 / kStiffness);
  return R"(gravity: [0, 0, -9.81]
steps:
  - end_time: 0.04
    dt: {initial: 1.0e-4, min: 1.0e-8, max: 1.0e-4}
    newmark: {beta: 0.25, gamma: 0.5}
    newton: {residual_tolerance: 1.0e-11, increment_tolerance: 1.0e-13}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: cube, shape: cube, density: 1000, position: [0, 0, )" +
         yaml_number(0.05 + kSkin - overlap) + R"(], velocity: [0, 0, -0.001]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 1, length_v: 1}}}
output: {vtk: false}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.001, stiffness: 1.0e9, exponent: 2}
      )" +
         damping + "\n";
}

/// ζ from the logarithmic decrement δ of successive maxima of the overlap's
/// deviation from its mean: ζ = δ/√(4π² + δ²), averaged over the run.
double measured_ratio(const ContactRun& r) {
  std::vector<double> overlap;
  for (const ContactSnapshot& s : r.snapshots)
    if (s.contacts.size() == 4) overlap.push_back(kSkin - s.contacts.front().outcome.gap);
  REQUIRE(overlap.size() == r.snapshots.size());  // it stays on its four corners
  const double rest = std::sqrt(kWeight / 4 / kStiffness);
  std::vector<double> peaks;
  for (std::size_t k = 1; k + 1 < overlap.size(); ++k) {
    const double left = overlap[k - 1] - rest, mid = overlap[k] - rest,
                 right = overlap[k + 1] - rest;
    if (mid > left && mid >= right && mid > 0)  // the parabola's top through the three
      peaks.push_back(mid + (right - left) * (right - left) / (8 * (2 * mid - left - right)));
  }
  REQUIRE(peaks.size() >= 3);
  const double decrement = std::log(peaks.front() / peaks.back()) / (peaks.size() - 1.0);
  return decrement / std::sqrt(4 * std::numbers::pi * std::numbers::pi + decrement * decrement);
}

}  // namespace

TEST_CASE("a resting contact is damped with the deck's zeta under the default damping ramp",
          "[contact][damping]") {
  const double ratio = 0.1;
  for (const std::string damping :
       {"damping_ratio: 0.1",                   // eq. 52: each corner meets m/4 of the cube
        "damping: {viscous: {ratio: 0.1}}"}) {  // the face shares the cube's mass
    const ContactRun r = run_deck_text(resting_deck(damping).c_str(), "resting.yaml");
    INFO(damping << ": " << r.run.totals.give_up_reason);
    REQUIRE_FALSE(r.run.totals.gave_up);
    CHECK(measured_ratio(r) == Approx(ratio).epsilon(0.1));
  }
}

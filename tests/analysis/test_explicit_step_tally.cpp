// The implicit run's steps against an explicit integrator's (paper §3.6,
// Fig. 11): the critical step each accepted state records, against the closed
// form of a cube resting in the barrier of the hybrid law, and the run's tally.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "src/analysis/explicit_step_tally.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("a cube on the ground records the explicit critical step 2√(m/k) of its gap",
          "[contact][explicit]") {
  // Linear part (i), barrier n2 = −1 from g* = ḡ/2: C¹ matching (eq. 51) gives
  // f_n = ε1 g*²/g there (c2 = ε1 (ḡ − 2 g*) = 0), so k = −df_n/dg is ε1 in
  // part (i) and ε1 g*²/g² in the barrier, where each of the four corners of a
  // cube at rest carries W/4 at g = 4 ε1 g*²/W.
  const double mass = 1000.0, weight = mass * 9.81, skin = 0.01, epsilon1 = 3e5;
  const double switch_gap = 0.5 * skin;
  const double rest_gap = 4 * epsilon1 * switch_gap * switch_gap / weight;
  REQUIRE(rest_gap < switch_gap);
  const auto stiffness = [&](double g) {
    return g < switch_gap ? epsilon1 * switch_gap * switch_gap / (g * g) : epsilon1;
  };
  const double zeta = GENERATE(0.0, 0.5);
  const NormalLawParams law{skin, epsilon1, 1.0, 0.5, -1.0};
  const DeckData deck = contact_deck({shaped_body("block", "cube", mass, Vec3(0, 0, 0.506))},
                                     {box_shape("cube", Vec3::Ones())},
                                     {interaction("default", "boundary", law, zeta)}, 2.0, 1e-2);
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const ContactSnapshot& last = r.snapshots.back();
  REQUIRE(last.body_boundary == 4);
  double closest = kInfinity;
  for (const ContactRecord& c : last.contacts) closest = std::min(closest, c.outcome.gap);
  const double expected =
      2 * std::sqrt(mass / stiffness(closest)) * (std::sqrt(1 + zeta * zeta) - zeta);
  INFO("ζ = " << zeta << ", closest gap " << closest << " m (at rest: " << rest_gap << ")");
  CHECK(last.closest_gap == closest);
  CHECK(last.explicit_critical_step == Approx(expected).epsilon(1e-12));
  if (zeta > 0) CHECK(closest == Approx(rest_gap).epsilon(1e-6));  // damped to rest
}

TEST_CASE("without contacts no explicit critical step is recorded", "[contact][explicit]") {
  const NormalLawParams law{0.01, 3e5, 1.0, 0.5, -1.0};
  const DeckData deck = contact_deck({shaped_body("block", "cube", 1000.0, Vec3(0, 0, 2.0))},
                                     {box_shape("cube", Vec3::Ones())},
                                     {interaction("default", "boundary", law)}, 0.05, 1e-2);
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  CHECK(r.snapshots.back().explicit_critical_step == kInfinity);
  CHECK(r.snapshots.back().closest_gap == kInfinity);
}

TEST_CASE("the step tally: the paper's ratio and an explicit run's step count",
          "[explicit][tally]") {
  ExplicitStepTally tally;
  tally.add(0.01, 0.01, kInfinity, kInfinity);  // free flight: no contact limits an explicit step
  CHECK(tally.mean_step_over_smallest() == kInfinity);  // no ratio yet, not 0
  tally.add(0.03, 0.02, 4e-4, 2e-3);
  tally.add(0.06, 0.03, 1e-4, 5e-4);
  tally.add(0.10, 0.04, 2e-4, 1e-3);
  CHECK(tally.steps() == 4);
  CHECK(tally.mean_step() == Approx(0.025));
  CHECK(tally.smallest_critical_step() == 1e-4);
  CHECK(tally.time_of_smallest() == 0.06);
  CHECK(tally.closest_gap() == 5e-4);
  CHECK(tally.mean_step_over_smallest() == Approx(250));
  CHECK(tally.steps_with_contact() == 3);
  CHECK(tally.explicit_steps_with_contact() == Approx(0.02 / 4e-4 + 0.03 / 1e-4 + 0.04 / 2e-4));

  StateWriter out;
  tally.write_state(out);
  StateReader in(out.bytes(), "tally");
  ExplicitStepTally restored;
  restored.read_state(in);
  restored.add(0.11, 0.01, 5e-5, 1e-4);
  tally.add(0.11, 0.01, 5e-5, 1e-4);
  CHECK(restored.explicit_steps_with_contact() == tally.explicit_steps_with_contact());
  CHECK(restored.smallest_critical_step() == 5e-5);
  CHECK(restored.time_of_smallest() == 0.11);
  CHECK(restored.mean_step() == tally.mean_step());
}

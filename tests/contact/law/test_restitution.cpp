// A coefficient of restitution given directly: the impact calibration of each
// law (closed form for the linear law, tables for Hertz and the hybrid law
// once an impact reaches the barrier) against direct integration of the
// single-contact impact, the velocity-dependent e(v), and full runs in which
// a cube dropped flat (four contacts) and a sphere-like polyhedron (one
// contact) rebound with the requested e, and a brick dropped on a corner
// rebounds there with it (the contact meets the brick's mass at that point).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "contact/law/impact_calibration.hpp"
#include "contact/law/restitution_law.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// Scaled speeds from V_b/20 to 2.5 V_b: out of the barrier and into it.
double random_scaled_speed(std::mt19937& rng, const ImpactCalibration& calibration) {
  std::uniform_real_distribution<double> log_factor(std::log(0.05), std::log(2.5));
  return calibration.barrier_speed() * std::exp(log_factor(rng));
}

}  // namespace

TEST_CASE("linear law: the closed-form restitution matches the integrated impact",
          "[contact][restitution]") {
  const HybridBarrierLaw law({0.01, 1e6, 1.0, 0.5, -1.0});
  for (double ratio : {0.0, 0.05, 0.3, 0.7, 0.99, 1.0, 1.01, 1.5, 3.0}) {
    INFO("ζ = " << ratio);
    CHECK(scaled_impact_restitution(law, *viscous_dashpot(), ratio, 0.2) ==
          Approx(linear_oscillator_restitution(ratio)).epsilon(1e-5));
  }
  CHECK(linear_oscillator_restitution(1.0) == Approx(std::exp(-2.0)).epsilon(1e-14));
  CHECK(linear_oscillator_restitution(1 - 1e-9) == Approx(std::exp(-2.0)).epsilon(1e-6));
  CHECK(linear_oscillator_restitution(1 + 1e-9) == Approx(std::exp(-2.0)).epsilon(1e-6));
}

TEST_CASE("the calibration gives the dashpot whose impact has the requested restitution",
          "[contact][restitution]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> restitution(0.05, 0.98);
  const double mass = 2.5;
  for (const NormalLawParams& params :
       {NormalLawParams{0.01, 1e6, 1.0, 0.5, -1.0}, NormalLawParams{2e-3, 3e8, 1.5, 0.3, -2.0}})
    for (const auto& dashpot : {viscous_dashpot(), hunt_crossley_dashpot()}) {
      const HybridBarrierLaw law(params);
      const ImpactCalibration calibration(law, dashpot);
      double worst = 0;
      for (int k = 0; k < 40; ++k) {
        const double e = restitution(rng), speed = random_scaled_speed(rng, calibration);
        const double v0 = speed / calibration.scaled_speed(1.0, mass);
        const double c = calibration.dashpot_coefficient(e, v0, mass);
        const double damping = dashpot == viscous_dashpot() ? c : c * v0;
        worst = std::max(
            worst, std::abs(scaled_impact_restitution(law, *dashpot, damping, speed) / e - 1));
      }
      INFO("n1 " << params.exponent << " dashpot " << dashpot->name());
      CHECK(worst < 1e-3);
    }
}

TEST_CASE("laws of one shape share their calibration whatever their scales",
          "[contact][restitution]") {
  const HybridBarrierLaw small({1e-3, 2e5, 1.5, 0.5, -1.0}), large({0.05, 7e7, 1.5, 0.5, -1.0});
  CHECK(small.shape_key() == large.shape_key());
  const ImpactCalibration a(small, viscous_dashpot()), b(large, viscous_dashpot());
  for (double e : {0.1, 0.5, 0.9})
    CHECK(a.dashpot_coefficient(e, 1e-3, 1.0) == b.dashpot_coefficient(e, 1e-3, 1.0));
}

TEST_CASE("velocity-dependent restitution: capture, constant, plastic decay, minimum",
          "[contact][restitution]") {
  RestitutionParams p;
  p.coefficient = 0.8;
  p.capture_speed = 0.05;
  p.yield_speed = 1.0;
  p.minimum = 0.3;
  CHECK(restitution_at(p, 0.01) == 0.3);
  CHECK(restitution_at(p, -1.0) == 0.3);
  CHECK(restitution_at(p, 0.05) == 0.8);
  CHECK(restitution_at(p, 1.0) == 0.8);
  CHECK(restitution_at(p, 16.0) == Approx(0.4).epsilon(1e-15));
  CHECK(restitution_at(p, 1e4) == 0.3);
  CHECK(restitution_at(RestitutionParams{}, 3.0) == 1.0);
}

namespace {

/// A body of size 0.1 m (pole 0.05 m above its lowest point) meeting the ground
/// at 0.1 m/s; Δt resolves the contact with a few hundred steps.
struct Impact {
  ShapeSpec shape;
  NormalLawParams law;
  std::shared_ptr<const Dashpot> dashpot = viscous_dashpot();
  double bottom = 0.05;  ///< distance from the pole down to the lowest point (m)
  double speed = 0.1;    ///< approach speed (m/s)
  double dt = 2.5e-5;
  double end_time = 0.012;
};

/// The body's rebound speed over its approach speed, no gravity.
double measured_restitution(const Impact& impact, RestitutionParams restitution) {
  InteractionSpec spec = interaction("default", "boundary", impact.law);
  spec.laws.damping = {impact.dashpot, 0.0, impact.dashpot->uses_pair_stiffness(), restitution};
  BodySpec body = shaped_body("body", impact.shape.name, 1000,
                              Vec3(0, 0, impact.bottom + 1.2 * impact.law.skin));
  body.velocity = Vec3(0, 0, -impact.speed);
  DeckData deck =
      contact_deck({body}, {impact.shape}, {spec}, impact.end_time, impact.dt, Vec3::Zero());
  deck.steps[0].newmark.beta = 0.25;
  const ContactRun r = run_contact_deck(deck);
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const NodeState& end = r.run.model.nodes[0];
  INFO("final velocity " << end.velocity.transpose() << ", ω " << end.angular_velocity.transpose());
  CHECK(end.angular_velocity.norm() * impact.bottom < 1e-3 * impact.speed);
  CHECK(r.snapshots.back().contacts.size() <= 4);
  // Whatever force is left could not change the rebound speed by 0.1 % over the whole run.
  const double mass = r.run.model.bodies[0]->mass();
  for (const ContactRecord& c : r.snapshots.back().contacts)
    CHECK(c.outcome.pressure * impact.end_time < 1e-3 * mass * impact.speed);
  return end.velocity.z() / impact.speed;
}

double measured_restitution(const Impact& impact, double e) {
  RestitutionParams restitution;
  restitution.coefficient = e;
  return measured_restitution(impact, restitution);
}

}  // namespace

TEST_CASE("a cube dropped flat rebounds with the requested restitution (four contacts)",
          "[contact][restitution][dynamics]") {
  // 1 kg cube, 0.1 m; each vertex takes a quarter of the mass (shared pair mass).
  Impact linear{box_shape("cube", Vec3::Constant(0.1)), {1e-3, 1e5, 1.0, 0.5, -1.0}};
  Impact hertz = linear;
  hertz.law = {1e-3, 5e6, 1.5, 0.5, -1.0};
  hertz.dashpot = hunt_crossley_dashpot();
  for (const Impact& impact : {linear, hertz})
    for (double e : {0.1, 0.5, 0.9}) {
      INFO("n1 " << impact.law.exponent << " dashpot " << impact.dashpot->name() << " e " << e);
      CHECK(measured_restitution(impact, e) == Approx(e).epsilon(0.02));
    }
  // Above the yield speed e falls as (v_yield/v)^¼: the event's onset speed sets its damping.
  RestitutionParams plastic;
  plastic.coefficient = 0.8;
  plastic.yield_speed = 0.025;
  CHECK(measured_restitution(linear, plastic) == Approx(0.8 * std::pow(0.25, 0.25)).epsilon(0.02));
}

TEST_CASE("a sphere-like polyhedron rebounds with the requested restitution (one contact)",
          "[contact][restitution][dynamics]") {
  // About 0.5 kg, radius 0.05 m, landing on the vertex under its centre.
  Impact hertz{sphere_like_shape("sphere", 0.05, 2), {1e-3, 5e6, 1.5, 0.5, -1.0}};
  // The linear law hit at about twice the speed that just reaches the barrier
  // f·ḡ: the calibration comes from the table rows inside the barrier.
  Impact barrier = hertz;
  barrier.law = {1e-3, 1e5, 1.0, 0.5, -1.0};
  barrier.speed = 0.45;
  barrier.end_time = 0.008;
  for (const Impact& impact : {hertz, barrier})
    for (double e : {0.1, 0.5, 0.9}) {
      INFO("n1 " << impact.law.exponent << " v0 " << impact.speed << " e " << e);
      CHECK(measured_restitution(impact, e) == Approx(e).epsilon(0.02));
    }
}

namespace {

/// The normal velocity ġ_n at the contact point when the brick's contact
/// force has gone (the end of the impact), over ġ_n at its start: a 2 kg
/// 0.2 × 0.1 × 0.05 m brick turned by `rotation` (a rotation vector) meets the
/// ground at 0.1 m/s, no gravity, with restitution e. `contacts`: how many
/// pointwise contacts the impact had at most.
double contact_point_restitution(const Vec3& rotation, double e, std::size_t& contacts) {
  const NormalLawParams law{1e-3, 1e6, 1.0, 0.5, -1.0};
  const double speed = 0.1;
  const Vec3 size(0.2, 0.1, 0.05);
  InteractionSpec spec = interaction("default", "boundary", law);
  RestitutionParams restitution;
  restitution.coefficient = e;
  spec.laws.damping = {viscous_dashpot(), 0.0, true, restitution};
  const Mat3 q = rotation.norm() > 0
                     ? Mat3(Eigen::AngleAxisd(rotation.norm(), rotation.normalized()))
                     : Mat3::Identity();
  double lowest = 0;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 sign(corner & 1 ? 1 : -1, corner & 2 ? 1 : -1, corner & 4 ? 1 : -1);
    lowest = std::min(lowest, (q * (0.5 * size.cwiseProduct(sign))).z());
  }
  BodySpec body =
      shaped_body("brick", "brick", 2000, Vec3(0, 0, -lowest + 1.2 * law.skin), rotation);
  body.velocity = Vec3(0, 0, -speed);
  DeckData deck =
      contact_deck({body}, {box_shape("brick", size)}, {spec}, 0.015, 1e-5, Vec3::Zero());
  deck.steps[0].newmark.beta = 0.25;
  const ContactRun r = run_contact_deck(deck);
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  bool pressed = false;
  contacts = 0;
  for (const ContactSnapshot& s : r.snapshots) {
    contacts = std::max(contacts, s.contacts.size());
    const bool pushing = std::any_of(s.contacts.begin(), s.contacts.end(),
                                     [](const ContactRecord& c) { return c.outcome.pressure > 0; });
    if (pushing) pressed = true;
    if (pressed && !pushing && !s.contacts.empty())
      return s.contacts.front().outcome.normal_velocity / speed;
  }
  FAIL("the impact did not end within the skin");
  return 0;
}

}  // namespace

TEST_CASE("a brick dropped on a corner rebounds there with the requested restitution",
          "[contact][restitution][dynamics]") {
  // The corner meets the brick's mass at that point, rotation included; a
  // dashpot calibrated for and damping the whole 2 kg gave 0.210 for 0.392 and
  // 0.663 for 0.8 here. Dropped flat, its four corners share the whole mass.
  for (double e : {0.392, 0.8}) {
    std::size_t contacts = 0;
    INFO("e " << e);
    CHECK(contact_point_restitution(Vec3(0.5, -0.3, 0.2), e, contacts) == Approx(e).epsilon(0.01));
    CHECK(contacts == 1);
    CHECK(contact_point_restitution(Vec3::Zero(), e, contacts) == Approx(e).epsilon(0.01));
    CHECK(contacts == 4);
  }
}

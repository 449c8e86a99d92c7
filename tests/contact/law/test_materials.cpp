// Materials in series: a rigid beam on three supports whose moduli stand
// 1 : 5 : 1 (a statically indeterminate rest state) carries its weight in the
// shares the series stiffness of beam and support gives each support. The laws
// come from a deck: materials, the groups made of them and part (i) of the
// normal law derived from them.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "src/deck/deck_reader.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

// A 1 × 0.2 × 0.1 m beam of 20 kg, 0.8 mm above three 0.1 m square pads (skin
// 1 mm), found at rest in one static increment. Friction gives the tangential
// stiffness a static solve needs, soft enough (ε_t = 10³ N/m) that the sticking
// springs hardly resist the tilt.
std::string supports_deck(const std::string& branch, double right_pad) {
  return R"(gravity: [0, 0, -9.81]
steps:
  - {type: static, end_time: 1.0, dt: {initial: 1.0}, newton: {residual_tolerance: 1.0e-12}}
bodies:
  - {name: beam, shape: bar, density: 1000, position: [0, 0, 0.0508], group: beam}
shapes:
  - {name: bar, geometry: {box: {size: [1, 0.2, 0.1]}}}
boundaries:
  - {name: left, group: soft, surface: {plane: {center: [-0.4, 0, 0], length_u: 0.1, length_v: 0.1}}}
  - {name: middle, group: stiff, surface: {plane: {center: [0, 0, 0], length_u: 0.1, length_v: 0.1}}}
  - {name: right, group: soft, surface: {plane: {center: [)" +
         std::to_string(right_pad) + R"(, 0, 0], length_u: 0.1, length_v: 0.1}}}
contact:
  materials:
    - {name: beam_material, young_modulus: 2.0e6, poisson_ratio: 0.25}
    - {name: soft_material, young_modulus: 1.0e6, poisson_ratio: 0.25}
    - {name: stiff_material, young_modulus: 5.0e6, poisson_ratio: 0.25}
  groups:
    - {name: beam, material: beam_material}
    - {name: soft, material: soft_material}
    - {name: stiff, material: stiff_material}
  interactions:
    - group_a: beam
      group_b: soft
      normal: &law {skin: 0.001, barrier_fraction: 0.2, branch: )" +
         branch + R"(}
      friction: &friction {static: 0.5, stiffness: 1.0e3}
    - {group_a: beam, group_b: stiff, normal: *law, friction: *friction}
)";
}

/// E* of the beam with a support of modulus E (ν = 0.25 for all).
double effective_modulus_with(double modulus) {
  const double beam = 2e6 / (1 - 0.0625), support = modulus / (1 - 0.0625);
  return beam * support / (beam + support);
}

/// The vertical reactions of the three supports at rest, over the weight.
Vec3 support_shares(const std::string& deck_text) {
  const DeckData deck = read_deck_string(deck_text, "supports.yaml");
  const ContactRun r = run_contact_deck(deck);
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const ContactSnapshot& last = r.snapshots.back();
  CHECK(last.body_boundary == 12);  // each pad's four corners on the beam's bottom face
  const double weight = 20 * 9.81;
  return Vec3(last.boundary_reactions[0].z(), last.boundary_reactions[1].z(),
              last.boundary_reactions[2].z()) /
         weight;
}

}  // namespace

TEST_CASE("three supports with moduli 1 : 5 : 1 share the weight by series stiffness",
          "[contact][materials]") {
  SECTION("linear part (i), k = E* l, supports off centre: the beam tilts") {
    // Rigid beam: each pad corner v pushes with k_i (δ0 + θ x_v), x_v = x_i ± 0.05;
    // force and moment balance about the centre of mass fix δ0 and θ.
    const Vec3 x(-0.4, 0.0, 0.3);
    const Vec3 k(effective_modulus_with(1e6), effective_modulus_with(5e6),
                 effective_modulus_with(1e6));
    Eigen::Matrix2d balance = Eigen::Matrix2d::Zero();
    for (int s = 0; s < 3; ++s)
      for (double corner : {-0.05, 0.05}) {
        const double xv = x(s) + corner;
        balance += 2 * k(s) * (Eigen::Matrix2d() << 1, xv, xv, xv * xv).finished();
      }
    const Eigen::Vector2d solution = balance.inverse() * Eigen::Vector2d(1, 0);
    const Vec3 expected = 4 * k.cwiseProduct(Vec3::Constant(solution(0)) + solution(1) * x);
    const Vec3 shares = support_shares(supports_deck("{linear: {contact_length: 0.045}}", 0.3));
    INFO("shares " << shares.transpose() << ", series-stiffness split " << expected.transpose()
                   << ", plain moduli would give 1:5:1");
    for (int s = 0; s < 3; ++s) CHECK(shares(s) == Approx(expected(s)).epsilon(1e-3));
  }
  SECTION("Hertz part (i), E* from the materials, supports symmetric") {
    const Vec3 e(effective_modulus_with(1e6), effective_modulus_with(5e6),
                 effective_modulus_with(1e6));
    const Vec3 expected = e / e.sum();
    const Vec3 shares = support_shares(supports_deck("{hertz: {effective_radius: 0.01}}", 0.4));
    INFO("shares " << shares.transpose() << ", series split " << expected.transpose());
    for (int s = 0; s < 3; ++s) CHECK(shares(s) == Approx(expected(s)).epsilon(1e-3));
  }
}

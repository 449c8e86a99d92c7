// The normal laws on their own: the hybrid law's C¹ matching (eqs. 50–51) and
// stored energy for the paper's power-law part (i) and for any other
// NormalBranch, which is what makes part (i) pluggable; Hertz's and the linear
// part (i) from material data, with the two materials in series; the Stribeck
// curve of sliding friction.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/normal_branch_family.hpp"
#include "contact/law/power_law_branch.hpp"
#include "contact/law/stribeck_friction.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/finite_differences.hpp"

using namespace polydem;

namespace {

/// A part (i) that is no power law: f = a(e^{δ/ℓ} − 1 − δ/ℓ), stiff enough at
/// the switch and with f(0) = f'(0) = 0.
class ExponentialBranch final : public NormalBranch {
 public:
  double force(double d) const override { return a * (std::exp(d / l) - 1 - d / l); }
  double stiffness(double d) const override { return a / l * (std::exp(d / l) - 1); }
  double stiffness_slope(double d) const override { return a / (l * l) * std::exp(d / l); }
  double energy(double d) const override {
    return a * (l * (std::exp(d / l) - 1) - d - d * d / (2 * l));
  }
  std::string shape_key() const override { return "exponential"; }
  double a = 3e3, l = 2e-3;
};

/// Central-difference checks of f' = d f/dg, f'' and −dΦ/dg = f at gap g.
void check_derivatives(const HybridBarrierLaw& law, double g) {
  // Steps relative to the gap alone (h = 1e-6 g): gaps are millimetres.
  const auto d_dg = [&](auto f) { return testing::finite_derivative(g, f, {.floor = 0}); };
  INFO("gap " << g);
  CHECK(law.force_derivative(g) ==
        Approx(d_dg([&](double x) { return law.force(x); })).epsilon(1e-6));
  CHECK(law.force_second_derivative(g) ==
        Approx(d_dg([&](double x) { return law.force_derivative(x); })).epsilon(1e-5));
  CHECK(law.force(g) == Approx(-d_dg([&](double x) { return law.energy(x); })).epsilon(1e-6));
}

/// Value and slope agree on both sides of the switch f·ḡ (eq. 50).
void check_c1_at_switch(const HybridBarrierLaw& law) {
  const double s = law.barrier_gap(), h = 1e-9 * s;
  CHECK(law.force(s - h) == Approx(law.force(s + h)).epsilon(1e-7));
  CHECK(law.force_derivative(s - h) == Approx(law.force_derivative(s + h)).epsilon(1e-7));
  CHECK(law.energy(s - h) == Approx(law.energy(s + h)).epsilon(1e-7));
}

}  // namespace

TEST_CASE("the paper's power law matches eq. 51 and is C1 at the switch", "[contact][law]") {
  const NormalLawParams p{0.01, 8e5, 1.5, 0.4, -2.0};
  const HybridBarrierLaw law(p);
  const double switch_gap = p.barrier_fraction * p.skin, depth = p.skin - switch_gap;
  const double eps2 = -p.stiffness * p.exponent * std::pow(depth, p.exponent - 1) /
                      (p.barrier_exponent * std::pow(switch_gap, p.barrier_exponent - 1));
  CHECK(law.barrier_coefficient() == Approx(eps2).epsilon(1e-14));
  CHECK(law.barrier_offset() ==
        Approx(p.stiffness * std::pow(depth, p.exponent) - eps2 * std::pow(switch_gap, -2.0))
            .epsilon(1e-12));
  check_c1_at_switch(law);
  for (double g : {0.001, 0.003, 0.0041, 0.006, 0.0099}) check_derivatives(law, g);
  CHECK(law.force(p.skin) == 0);
  CHECK(law.energy(p.skin * 0.999999) < 1e-12);
}

TEST_CASE("any part (i) branch joins the barrier with the same C1 matching and energy",
          "[contact][law]") {
  const auto branch = std::make_shared<const ExponentialBranch>();
  const HybridBarrierLaw law(0.01, branch, 0.3, -1.0);
  CHECK(law.force(0.005) == branch->force(0.005));
  check_c1_at_switch(law);
  for (double g : {0.0005, 0.002, 0.0031, 0.007, 0.0099}) check_derivatives(law, g);
  CHECK(law.force(1e-6) > 1e3 * law.force(law.barrier_gap()));
  CHECK(law.shape_key() == "exponential f=0.29999999999999999 n2=-1");
}

TEST_CASE("Hertz part (i): force against overlap is (4/3) E* sqrt(R*) delta^(3/2)",
          "[contact][law]") {
  const ContactMaterial steel{"steel", 210e9, 0.3, 0}, glass{"glass", 70e9, 0.22, 0};
  const double e_star = 1 / ((1 - 0.09) / 210e9 + (1 - 0.22 * 0.22) / 70e9);
  CHECK(effective_modulus(steel, glass) == Approx(e_star).epsilon(1e-14));
  const double radius = 0.02, skin = 1e-4;
  const auto hertz_branch = [](const std::string& keys) {
    return normal_branches().build(testing::declared("normal_branch", "{hertz: " + keys + "}"));
  };
  const NormalLawParams law_params =
      hertz_branch("{effective_radius: 0.02}")->resolve({skin, 0, 1, 0.2, -1}, &steel, &glass);
  CHECK(law_params.exponent == 1.5);
  const HybridBarrierLaw law(law_params);
  for (double overlap : {1e-7, 1e-6, 1e-5, 5e-5, 7.9e-5}) {
    const double hertz = 4.0 / 3.0 * e_star * std::sqrt(radius) * std::pow(overlap, 1.5);
    CHECK(law.force(skin - overlap) == Approx(hertz).epsilon(1e-13));
    check_derivatives(law, skin - overlap);
  }
  check_c1_at_switch(law);
  // A given E* overrides the materials.
  const NormalLawParams given = hertz_branch("{effective_radius: 0.02, effective_modulus: 1.0e9}")
                                    ->resolve({skin, 0, 1, 0.2, -1}, nullptr, nullptr);
  CHECK(given.stiffness == Approx(4.0 / 3.0 * 1e9 * std::sqrt(radius)).epsilon(1e-15));
}

TEST_CASE("linear part (i): given, from contact-layer stiffnesses or moduli in series",
          "[contact][law]") {
  const ContactMaterial soft{"soft", 1e7, 0.0, 2e5}, hard{"hard", 5e7, 0.0, 1e6};
  const NormalLawParams base{0.01, 0, 1.7, 0.5, -1};
  const auto linear = [](const std::string& keys) {
    return normal_branches().build(testing::declared("normal_branch", "{linear: " + keys + "}"));
  };
  const auto resolve = [&](const std::string& keys) {
    return linear(keys)->resolve(base, &soft, &hard);
  };
  CHECK(resolve("{stiffness: 3.0e5}").stiffness == 3e5);
  CHECK(resolve("{stiffness: 3.0e5}").exponent == 1);
  CHECK(resolve("{}").stiffness == Approx(2e5 * 1e6 / (2e5 + 1e6)).epsilon(1e-15));
  CHECK(resolve("{contact_length: 0.02}").stiffness ==
        Approx(0.02 * 1e7 * 5e7 / (1e7 + 5e7)).epsilon(1e-15));
  // What each needs of a group's material (none: a null material).
  const ContactMaterial moduli_only{"moduli", 1e7, 0.0, 0};
  CHECK(linear("{stiffness: 3.0e5}")->material_problem(nullptr).empty());
  CHECK_FALSE(linear("{contact_length: 0.02}")->material_problem(nullptr).empty());
  CHECK(linear("{contact_length: 0.02}")->material_problem(&moduli_only).empty());
  CHECK_FALSE(linear("{}")->material_problem(&moduli_only).empty());
  CHECK(linear("{}")->material_problem(&soft).empty());
  const auto hertz = normal_branches().build(
      testing::declared("normal_branch", "{hertz: {effective_radius: 0.1}}"));
  CHECK_FALSE(hertz->material_problem(nullptr).empty());
  CHECK(hertz->material_problem(&moduli_only).empty());
}

TEST_CASE("Stribeck curve: mu_s at the start of sliding, mu_d beyond v_s, plus mu_v v",
          "[contact][law]") {
  const StribeckParams curve{0.1, 0.5};
  const auto mu = [&](double v) {
    return sliding_coefficient<double>(0.6, 0.4, curve, Vec3(v, 0, 0));
  };
  CHECK(mu(0) == 0.6);
  CHECK(mu(0.1) == Approx(0.4 + 0.2 * std::exp(-1.0) + 0.05).epsilon(1e-15));
  CHECK(mu(2.0) == Approx(0.4 + 1.0).epsilon(1e-12));
  CHECK(sliding_coefficient<double>(0.6, 0.4, {}, Vec3(3, 4, 0)) == 0.4);
  CHECK(sliding_coefficient<double>(0.6, 0.4, {0, 0.5}, Vec3(3, 4, 0)) ==
        Approx(0.4 + 2.5).epsilon(1e-15));
}

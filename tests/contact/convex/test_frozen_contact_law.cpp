// The paper's contact law as a convex potential of a frozen contact's relative
// velocity (contact/convex/frozen_contact_law.hpp): its gradient against finite
// differences of the potential, its Hessian against finite differences of the
// gradient (the shared helper), both positive semi-definite, and the impulse
// against the law itself: p = f_n(g) − c ġ_n at the linearised gap, the
// friction force on the Coulomb cone.
#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>

#include "contact/convex/frozen_contact_law.hpp"
#include "tests/support/finite_differences.hpp"
#include "tests/support/law_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kDt = 2e-3;
constexpr double kSkin = 1e-3;

std::shared_ptr<const Interaction> interaction(double damping_ratio, const FrictionParams& f) {
  InteractionParams params;
  params.normal = hybrid_law({kSkin, 1e9, 2.0, 0.5, -1.0});
  params.damping = viscous_damping(damping_ratio);
  params.friction = f;
  return std::make_shared<const Interaction>(params);
}

FrozenContact contact_at(const Interaction& law, double gap, const Vec3& history) {
  FrozenContact c;
  c.body_a = 0;
  c.body_b = 1;
  c.interaction = &law;
  c.arm_a = Vec3(0.03, -0.02, -0.05);
  c.arm_b = Vec3(-0.01, 0.02, 0.05);
  c.normal = Vec3(0.2, -0.1, 1.0).normalized();
  c.gap = gap;
  c.mass = 1.3;
  c.dashpot_coefficient = law.damping.coefficient;
  c.tangential_gap = history - c.normal.dot(history) * c.normal;
  return c;
}

Eigen::VectorXd as_vector(const Vec3& v) { return Eigen::VectorXd(v); }

void check_derivatives(const FrozenContact& c, const FrozenLawState& held, const Vec3& w) {
  const FrozenContactResponse r = frozen_contact_response(c, held, w, kDt, true);
  const FiniteDifference fd{.step = 1e-6, .floor = 1e-3};
  const Eigen::VectorXd gradient = finite_gradient(
      as_vector(w),
      [&](const Eigen::VectorXd& v) { return frozen_contact_potential(c, held, Vec3(v), kDt); },
      fd);
  INFO("gradient " << r.gradient.transpose() << " FD " << gradient.transpose());
  CHECK(relative_max_error(r.gradient, gradient) < 1e-6 * std::max(1.0, gradient.norm()));
  const Eigen::MatrixXd hessian = finite_jacobian(
      as_vector(w),
      [&](const Eigen::VectorXd& v) {
        return as_vector(frozen_contact_response(c, held, Vec3(v), kDt, false).gradient);
      },
      fd);
  INFO("Hessian\n" << r.hessian << "\nFD\n" << hessian);
  CHECK((r.hessian - hessian).norm() <= 1e-6 * std::max(1.0, hessian.norm()));
  CHECK(Eigen::SelfAdjointEigenSolver<Mat3>(r.hessian).eigenvalues().minCoeff() >=
        -1e-9 * r.hessian.norm());
}

}  // namespace

TEST_CASE("a frozen contact's potential: gradient and Hessian against finite differences",
          "[convex][law]") {
  const FrictionParams friction{0.5, 0.4, 1e5, 300, {}};
  const auto law = interaction(0.5, friction);
  const FrozenContact c = contact_at(*law, 0.6 * kSkin, Vec3(2e-5, 1e-5, 0));
  const FrozenLawState held = frozen_law_state(c, Vec3::Zero(), kDt);
  REQUIRE(held.dashpot > 0);
  REQUIRE(held.friction_bound > 0);
  SECTION("approaching, sticking") { check_derivatives(c, held, Vec3(1e-4, 2e-5, -0.05)); }
  SECTION("approaching, slipping") { check_derivatives(c, held, Vec3(0.3, -0.2, -0.05)); }
  SECTION("separating beyond the skin") { check_derivatives(c, held, Vec3(0.02, 0.01, 0.4)); }
  SECTION("deep in the barrier") { check_derivatives(c, held, Vec3(0.01, 0.0, -0.25)); }
}

TEST_CASE("a frozen contact's impulse is the paper's law at the linearised gap", "[convex][law]") {
  const FrictionParams friction{0.6, 0.5, 1e5, 0, {}};
  const auto law = interaction(0.5, friction);
  const FrozenContact c = contact_at(*law, 0.7 * kSkin, Vec3::Zero());
  const FrozenLawState held = frozen_law_state(c, Vec3::Zero(), kDt);
  const Vec3 w = -0.1 * c.normal + Vec3(0.3, 0.2, 0.0);
  const FrozenContactResponse r = frozen_contact_response(c, held, w, kDt, false);
  const double rate = c.normal.dot(w);
  const double gap = c.gap + kDt * rate;
  // Eq. (52)'s viscous dashpot at the stiffness of the gap at i: 2ζ √(k m*).
  const double k_i = -law->law().force_derivative(c.gap);
  CHECK(held.dashpot == Approx(2 * 0.5 * std::sqrt(k_i * c.mass)));
  CHECK(r.pressure == Approx(law->law().force(gap) - held.dashpot * rate));
  // Slipping (the tangential motion is large): μ_s p at i bounds the friction.
  CHECK(r.friction.norm() == Approx(held.friction_bound));
  CHECK(held.friction_bound == Approx(0.6 * law->law().force(c.gap)));
  const Vec3 slip = w - c.normal.dot(w) * c.normal;
  CHECK(r.friction.normalized().dot(slip.normalized()) == Approx(1.0));
  CHECK(r.gradient.isApprox(kDt * (r.friction - r.pressure * c.normal)));
}

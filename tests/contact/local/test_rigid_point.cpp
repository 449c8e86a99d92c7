// contact/local/rigid_point.hpp: the kinematics of a material point of a rigid
// body at a trial state (eqs. 3-6, 26).
//  * the position against Eigen's angle-axis rotation (Q(α) turns by
//    2 atan(|α|/2) about α, eq. 6);
//  * ∂(Q(α) s)/∂α and Σ w_k ∂²(Q(α) s)_k/∂α², and the point's Jacobian and
//    rotation Hessian at α^Δ ≠ 0, against central differences (tests/support);
//  * the bound of largest_point_travel along the path between two states.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include <Eigen/Geometry>

#include "contact/local/rigid_point.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/finite_differences.hpp"

using polydem::Mat3;
using polydem::RigidTrialState;
using polydem::Vec3;
using polydem::testing::finite_hessian;
using polydem::testing::finite_jacobian;
using polydem::testing::relative_max_error;

namespace {

struct Random {
  std::mt19937_64 engine{987654321};
  std::uniform_real_distribution<double> unit{-1.0, 1.0};
  double scalar() { return unit(engine); }
  Vec3 vector(double scale = 1.0) { return scale * Vec3(scalar(), scalar(), scalar()); }
  RigidTrialState state() {
    RigidTrialState s;
    s.pole_position = vector(0.5);
    s.rotation =
        Eigen::Quaterniond(Eigen::Vector4d(scalar(), scalar(), scalar(), scalar()).normalized())
            .toRotationMatrix();
    s.u_delta = vector(0.2);
    s.alpha_delta = vector(0.4);  // a trial state away from α^Δ = 0
    return s;
  }
};

/// d = (u^Δ, α^Δ) of a trial state, and the state at d.
Eigen::VectorXd dofs_of(const RigidTrialState& s) {
  Eigen::VectorXd d(6);
  d << s.u_delta, s.alpha_delta;
  return d;
}

RigidTrialState at_dofs(RigidTrialState s, const Eigen::VectorXd& d) {
  s.u_delta = d.head<3>();
  s.alpha_delta = d.tail<3>();
  return s;
}

}  // namespace

TEST_CASE("a trial point is the pole plus the angle-axis rotation of eq. 6", "[local_contact]") {
  Random random;
  for (int trial = 0; trial < 100; ++trial) {
    const RigidTrialState state = random.state();
    const Vec3 x_ref = random.vector();
    const Vec3 alpha = state.alpha_delta;
    const Mat3 turn =
        Eigen::AngleAxisd(2 * std::atan(alpha.norm() / 2), alpha.normalized()).toRotationMatrix();
    const Vec3 expected = state.pole_position + state.u_delta + turn * state.rotation * x_ref;
    CHECK((state.point(x_ref) - expected).norm() < 1e-14);
    CHECK((state.current_rotation() - turn * state.rotation).norm() < 1e-14);
  }
}

TEST_CASE("rotated vector derivatives match central differences", "[local_contact][derivatives]") {
  Random random;
  double jacobian_error = 0, hessian_error = 0, second_difference_error = 0;
  for (int trial = 0; trial < 100; ++trial) {
    // Large rotations too: |α| up to 4√3 (angles up to 2 atan(2√3) ≈ 147°).
    const Eigen::VectorXd alpha = random.vector(trial % 2 == 0 ? 0.4 : 4.0);
    const Vec3 s = random.vector(), w = random.vector();
    const auto rotated = [&](const Eigen::VectorXd& a) -> Vec3 {
      return polydem::rodrigues_matrix<double>(a) * s;
    };
    jacobian_error =
        std::max(jacobian_error, relative_max_error(polydem::rotated_vector_jacobian(alpha, s),
                                                    finite_jacobian(alpha, rotated)));
    const Mat3 hessian = polydem::rotated_vector_hessian(alpha, s, w);
    const auto weighted_gradient = [&](const Eigen::VectorXd& a) -> Eigen::VectorXd {
      return polydem::rotated_vector_jacobian(a, s).transpose() * w;
    };
    hessian_error = std::max(
        hessian_error, relative_max_error(hessian, finite_jacobian(alpha, weighted_gradient)));
    const auto weighted = [&](const Eigen::VectorXd& a) { return w.dot(rotated(a)); };
    second_difference_error = std::max(
        second_difference_error, relative_max_error(hessian, finite_hessian(alpha, weighted)));
  }
  // At α = 0: Q(α) s = s + α × s + ½ (α (α·s) − s (α·α)) + O(|α|³).
  const Vec3 s(0.3, -0.7, 1.1), w(-0.4, 0.9, 0.2);
  CHECK((polydem::rotated_vector_jacobian(Vec3::Zero(), s) - polydem::skew<double>(-s)).norm() <
        1e-15);
  const Mat3 expected = 0.5 * (w * s.transpose() + s * w.transpose()) - w.dot(s) * Mat3::Identity();
  CHECK((polydem::rotated_vector_hessian(Vec3::Zero(), s, w) - expected).norm() < 1e-15);
  std::printf(
      "[local_contact] rotated vector FD: Jacobian %.1e, Hessian %.1e (second differences "
      "%.1e)\n",
      jacobian_error, hessian_error, second_difference_error);
  CHECK(jacobian_error < 1e-9);
  CHECK(hessian_error < 1e-9);
  CHECK(second_difference_error < 1e-6);
}

TEST_CASE("rigid point kinematics match finite differences at alpha != 0",
          "[local_contact][derivatives]") {
  Random random;
  double max_jacobian = 0, max_hessian = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const RigidTrialState state = random.state();
    const Vec3 x_ref = random.vector();
    const Vec3 w = random.vector();
    const polydem::Mat36 jacobian = state.point_jacobian(x_ref);
    const Mat3 hessian = state.point_rotation_hessian(x_ref, w);
    const Eigen::MatrixXd dx = finite_jacobian(
        dofs_of(state), [&](const Eigen::VectorXd& d) { return at_dofs(state, d).point(x_ref); });
    const Eigen::MatrixXd dwj =
        finite_jacobian(state.alpha_delta, [&](const Eigen::VectorXd& alpha) -> Eigen::VectorXd {
          RigidTrialState turned = state;
          turned.alpha_delta = alpha;
          return turned.point_jacobian(x_ref).rightCols<3>().transpose() * w;
        });
    for (int j = 0; j < 6; ++j) {
      max_jacobian = std::max(max_jacobian, (dx.col(j) - jacobian.col(j)).norm());
      if (j >= 3) max_hessian = std::max(max_hessian, (dwj.col(j - 3) - hessian.col(j - 3)).norm());
    }
    // The Rodrigues tensor of eq. (6) is a rotation.
    const Mat3 q = state.current_rotation();
    CHECK((q.transpose() * q - Mat3::Identity()).norm() < 1e-12);
  }
  std::printf(
      "[local_contact] kinematics FD: max |dx/dd error| = %.2e, max rotation Hessian error = "
      "%.2e\n",
      max_jacobian, max_hessian);
  CHECK(max_jacobian < 1e-8);
  CHECK(max_hessian < 1e-8);
}

TEST_CASE("largest point travel bounds every point on the path between two trial states",
          "[local_contact]") {
  Random random;
  double largest_ratio = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const RigidTrialState from = random.state();
    RigidTrialState to = from;
    const double scale = trial % 2 == 0 ? 0.05 : 3.0;  // Newton corrections and whole turns
    to.u_delta += random.vector(scale);
    to.alpha_delta += random.vector(scale);
    const double radius = 0.7;
    const double bound = polydem::largest_point_travel(from, to, radius);
    const auto along = [&](double s) {
      RigidTrialState state = to;
      state.u_delta = from.u_delta + s * (to.u_delta - from.u_delta);
      state.alpha_delta = from.alpha_delta + s * (to.alpha_delta - from.alpha_delta);
      return state;
    };
    for (int k = 0; k < 8; ++k) {
      const Vec3 x_ref = radius * random.vector().normalized();
      const double s0 = 0.5 * (1 + random.scalar()), s1 = 0.5 * (1 + random.scalar());
      const double travel = (along(s1).point(x_ref) - along(s0).point(x_ref)).norm();
      CHECK(travel <= bound * (1 + 1e-12));
      const double whole = (to.point(x_ref) - from.point(x_ref)).norm();
      largest_ratio = std::max(largest_ratio, whole / bound);
    }
  }
  // Not loose: a small turn about an axis across the arm moves its end by |Δα| radius.
  RigidTrialState from, to;
  to.alpha_delta = Vec3(0, 0, 1e-4);
  const double end_travel = (to.point(Vec3(0.7, 0, 0)) - from.point(Vec3(0.7, 0, 0))).norm();
  CHECK(end_travel == Approx(polydem::largest_point_travel(from, to, 0.7)).epsilon(1e-8));
  std::printf("[local_contact] largest point travel: largest travel / bound = %.3f\n",
              largest_ratio);
}

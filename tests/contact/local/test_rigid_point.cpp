// contact/local/rigid_point.hpp: the kinematics of a material point of a rigid
// body at a trial state (eqs. 3-6, 26).
//  * the position against Eigen's angle-axis rotation (Q(α) turns by
//    2 atan(|α|/2) about α, eq. 6);
//  * ∂(Q(α) s)/∂α and Σ w_k ∂²(Q(α) s)_k/∂α², and the point's Jacobian and
//    rotation Hessian at α^Δ ≠ 0, against central differences (tests/support);
//  * the bound of largest_relative_travel along the paths between two states:
//    of one body's points (the other side at rest), and of one body's points
//    relative to another's.
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

namespace {

/// The bound on one body's points: the other side at rest, of radius 0.
double largest_point_travel(const RigidTrialState& from, const RigidTrialState& to, double radius) {
  return polydem::largest_relative_travel(from, to, radius, RigidTrialState{}, RigidTrialState{},
                                          0.0);
}

/// The state a fraction s along the straight path in (u^Δ, α^Δ) from `from` to `to`.
RigidTrialState along(const RigidTrialState& from, const RigidTrialState& to, double s) {
  RigidTrialState state = to;
  state.u_delta = from.u_delta + s * (to.u_delta - from.u_delta);
  state.alpha_delta = from.alpha_delta + s * (to.alpha_delta - from.alpha_delta);
  return state;
}

/// A move of `from` by a Newton correction (even trials) or a whole turn (odd).
RigidTrialState moved(Random& random, const RigidTrialState& from, int trial) {
  RigidTrialState to = from;
  const double scale = trial % 2 == 0 ? 0.05 : 3.0;
  to.u_delta += random.vector(scale);
  to.alpha_delta += random.vector(scale);
  return to;
}

}  // namespace

TEST_CASE("largest point travel bounds every point on the path between two trial states",
          "[local_contact]") {
  Random random;
  double largest_ratio = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const RigidTrialState from = random.state();
    const RigidTrialState to = moved(random, from, trial);
    const double radius = 0.7;
    const double bound = largest_point_travel(from, to, radius);
    for (int k = 0; k < 8; ++k) {
      const Vec3 x_ref = radius * random.vector().normalized();
      const double s0 = 0.5 * (1 + random.scalar()), s1 = 0.5 * (1 + random.scalar());
      const double travel =
          (along(from, to, s1).point(x_ref) - along(from, to, s0).point(x_ref)).norm();
      CHECK(travel <= bound * (1 + 1e-12));
      const double whole = (to.point(x_ref) - from.point(x_ref)).norm();
      largest_ratio = std::max(largest_ratio, whole / bound);
    }
  }
  // Not loose: a small turn about an axis across the arm moves its end by |Δα| radius.
  RigidTrialState from, to;
  to.alpha_delta = Vec3(0, 0, 1e-4);
  const double end_travel = (to.point(Vec3(0.7, 0, 0)) - from.point(Vec3(0.7, 0, 0))).norm();
  CHECK(end_travel == Approx(largest_point_travel(from, to, 0.7)).epsilon(1e-8));
  std::printf("[local_contact] largest point travel: largest travel / bound = %.3f\n",
              largest_ratio);
}

TEST_CASE("largest relative travel bounds how far two bodies' points move against each other",
          "[local_contact]") {
  // Brute force: points of both bodies at the same fraction of their paths, at
  // any two fractions; the change of x_b − x_a stays within the bound.
  Random random;
  for (int trial = 0; trial < 2000; ++trial) {
    const RigidTrialState from_a = random.state(), from_b = random.state();
    const RigidTrialState to_a = moved(random, from_a, trial);
    // Half the trials move b with a (a falling pack) and turn it a little more.
    RigidTrialState to_b = from_b;
    to_b.u_delta += (to_a.u_delta - from_a.u_delta) + random.vector(0.01);
    to_b.alpha_delta += random.vector(trial % 4 < 2 ? 0.01 : 1.0);
    if (trial % 3 == 0) to_b = moved(random, from_b, trial);
    const double radius_a = 0.7, radius_b = 0.3;
    const double bound =
        polydem::largest_relative_travel(from_a, to_a, radius_a, from_b, to_b, radius_b);
    for (int k = 0; k < 8; ++k) {
      const Vec3 x_a = radius_a * random.vector().normalized();
      const Vec3 x_b = radius_b * random.vector().normalized();
      const auto gap = [&](double s) -> Vec3 {
        return along(from_b, to_b, s).point(x_b) - along(from_a, to_a, s).point(x_a);
      };
      const double s0 = 0.5 * (1 + random.scalar()), s1 = 0.5 * (1 + random.scalar());
      CHECK((gap(s1) - gap(s0)).norm() <= bound * (1 + 1e-12));
    }
  }
  // Not loose: two bodies translated together, one turned a little about an axis across
  // its arm, change their points' offset by that turn only.
  const Vec3 shift(3, -2, 1), pole_a(0, 0, 0), arm_b(0.3, 0, 0);
  RigidTrialState from_a, to_a, from_b, to_b;
  to_a.u_delta = shift;
  to_b.u_delta = shift;
  to_b.alpha_delta = Vec3(0, 0, 1e-4);
  const Vec3 before = from_b.point(arm_b) - from_a.point(pole_a);
  const Vec3 after = to_b.point(arm_b) - to_a.point(pole_a);
  const double bound = polydem::largest_relative_travel(from_a, to_a, 0.0, from_b, to_b, 0.3);
  CHECK((after - before).norm() == Approx(bound).epsilon(1e-8));
}

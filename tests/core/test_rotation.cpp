// Rotation kinematics of eqs. (6)–(9) and the orientation conversions, each
// checked against an independent reference: Eigen's AngleAxis, matrix products,
// or finite differences.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include <Eigen/Geometry>
#include <unsupported/Eigen/AutoDiff>

#include "src/core/rotation.hpp"
#include "tests/support/finite_differences.hpp"

using namespace polydem;

namespace {

constexpr double kPi = 3.14159265358979323846;

Vec3 random_unit(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  return Vec3(normal(rng), normal(rng), normal(rng)).normalized();
}

Mat3 axis_angle(const Vec3& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

}  // namespace

TEST_CASE("skew builds the cross-product matrix", "[rotation]") {
  const Vec3 a(0.3, -1.2, 2.0);
  const Vec3 b(-0.7, 0.4, 1.1);
  CHECK((skew(a) * b - a.cross(b)).norm() < 1e-15);
  CHECK((unskew(Mat3(skew(a))) - a).norm() < 1e-15);
}

TEST_CASE("eq. 6 is a proper rotation equal to the axis-angle rotation", "[rotation]") {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> angle_dist(-3.1, 3.1);
  for (int trial = 0; trial < 100; ++trial) {
    const Vec3 axis = random_unit(rng);
    const double angle = angle_dist(rng);
    const Vec3 alpha = 2.0 * std::tan(0.5 * angle) * axis;
    const Mat3 q = rodrigues_matrix(alpha);
    CHECK((q.transpose() * q - Mat3::Identity()).norm() < 1e-13);
    CHECK(q.determinant() == Approx(1.0).margin(1e-13));
    CHECK((q - axis_angle(axis, angle)).norm() < 1e-12);
  }
}

TEST_CASE("eq. 6 written out is I + h (A + A^2/2) bit for bit, derivatives included",
          "[rotation]") {
  // rodrigues_matrix spells the entries out (no 3×3 products of A's zeros on
  // AD scalars); the results must be those of the matrix form exactly.
  using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, 6, 1>>;
  std::mt19937 rng(4);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 200; ++trial) {
    Vec3T<AD> alpha;
    for (int k = 0; k < 3; ++k) {
      alpha(k).value() = (trial % 3 == 0 ? 1e-3 : 1.0) * normal(rng);
      alpha(k).derivatives() =
          Eigen::Matrix<double, 6, 1>::NullaryExpr([&] { return normal(rng); });
    }
    const Mat3T<AD> a = skew(alpha);
    const AD factor = AD(4) / (AD(4) + alpha.dot(alpha));
    const Mat3T<AD> matrix_form = Mat3T<AD>::Identity() + factor * (a + AD(0.5) * (a * a));
    const Mat3T<AD> q = rodrigues_matrix(alpha);
    for (int k = 0; k < 9; ++k) {
      CHECK(q(k).value() == matrix_form(k).value());
      CHECK(q(k).derivatives() == matrix_form(k).derivatives());
    }
  }
}

TEST_CASE("eq. 7 composes like the matrix product Q(a_delta) Q(a_i)", "[rotation]") {
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> angle_dist(-2.0, 2.0);
  for (int trial = 0; trial < 100; ++trial) {
    const Vec3 a_delta = 2.0 * std::tan(0.5 * angle_dist(rng)) * random_unit(rng);
    const Vec3 a_i = 2.0 * std::tan(0.5 * angle_dist(rng)) * random_unit(rng);
    if (std::abs(4.0 - a_delta.dot(a_i)) < 0.5) continue;  // total angle near π: eq. 7 singular
    const Mat3 product = rodrigues_matrix(a_delta) * rodrigues_matrix(a_i);
    CHECK((rodrigues_matrix(compose_rodrigues(a_delta, a_i)) - product).norm() < 1e-12);
  }
}

TEST_CASE("Xi maps the Rodrigues rate to the spatial angular velocity (eq. 8)", "[rotation]") {
  std::mt19937 rng(3);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 50; ++trial) {
    const Vec3 alpha = Vec3(normal(rng), normal(rng), normal(rng));
    const Vec3 rate = Vec3(normal(rng), normal(rng), normal(rng));
    // Ω = Q̇ Qᵀ with Q̇ from central differences along α(t) = α + t α̇.
    const Mat3 q_dot = testing::finite_derivative(
        0.0, [&](double t) { return Mat3(rodrigues_matrix(Vec3(alpha + t * rate))); });
    const Mat3 spin = q_dot * rodrigues_matrix(alpha).transpose();
    const Vec3 omega_fd = unskew(spin);
    CHECK((spin + spin.transpose()).norm() < 1e-8);
    const Vec3 omega = xi_matrix(alpha) * rate;
    CHECK((omega - omega_fd).norm() < 1e-8 * (1.0 + omega.norm()));
  }
}

TEST_CASE("quaternion, matrix and rotation-vector conversions round-trip", "[rotation]") {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> angle_dist(0.0, kPi - 1e-6);
  for (int trial = 0; trial < 200; ++trial) {
    const Vec3 axis = random_unit(rng);
    const double angle = trial < 10 ? kPi - std::pow(10.0, -trial - 1.0) : angle_dist(rng);
    const Vec3 theta = angle * axis;
    const Mat3 reference = axis_angle(axis, angle);
    CHECK((rotation_vector_to_matrix(theta) - reference).norm() < 1e-13);
    CHECK((quaternion_to_matrix(rotation_vector_to_quaternion(theta)) - reference).norm() < 1e-13);
    CHECK((quaternion_to_rotation_vector(rotation_vector_to_quaternion(theta)) - theta).norm() <
          1e-12);
    // From a matrix near π the axis sign is the only freedom: compare as rotations.
    const Vec3 back = matrix_to_rotation_vector(reference);
    CHECK(back.norm() <= kPi + 1e-12);
    CHECK((rotation_vector_to_matrix(back) - reference).norm() < 1e-12);
    if (angle < 3.0) CHECK((back - theta).norm() < 1e-12);
    const Eigen::Quaterniond q = matrix_to_quaternion(reference);
    CHECK(q.norm() == Approx(1.0).margin(1e-14));
    CHECK((quaternion_to_matrix(q) - reference).norm() < 1e-13);
  }
}

TEST_CASE("exactly pi and tiny angles convert without loss", "[rotation]") {
  const Vec3 axis = Vec3(1.0, -2.0, 0.5).normalized();
  const Vec3 half_turn = kPi * axis;
  const Vec3 back = quaternion_to_rotation_vector(rotation_vector_to_quaternion(half_turn));
  CHECK(back.norm() == Approx(kPi).epsilon(1e-14));
  CHECK(std::abs(std::abs(back.normalized().dot(axis)) - 1.0) < 1e-14);
  const Vec3 tiny = 1e-12 * axis;
  CHECK((quaternion_to_rotation_vector(rotation_vector_to_quaternion(tiny)) - tiny).norm() < 1e-26);
  CHECK((matrix_to_rotation_vector(Mat3::Identity())).norm() == 0.0);
}

TEST_CASE("rodrigues_to_quaternion is the rotation of eq. 6", "[rotation]") {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal(0.0, 3.0);
  for (int trial = 0; trial < 100; ++trial) {
    const Vec3 alpha(normal(rng), normal(rng), normal(rng));
    const Eigen::Quaterniond q = rodrigues_to_quaternion(alpha);
    CHECK(q.norm() == Approx(1.0).margin(1e-15));
    CHECK((quaternion_to_matrix(q) - rodrigues_matrix(alpha)).norm() < 1e-13);
    // and the angle is 2 atan(|α|/2)
    CHECK(quaternion_to_rotation_vector(q).norm() ==
          Approx(2.0 * std::atan(0.5 * alpha.norm())).epsilon(1e-13));
  }
}

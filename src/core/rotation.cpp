// Conversions between the representations of a finite rotation: rotation vector
// θ e, unit quaternion, rotation matrix, and the Rodrigues vector α = 2 tan(θ/2) e
// of eq. (6). The quaternion is the stored form (no singularity at θ = π).
#include "src/core/rotation.hpp"

#include <cmath>

#include <Eigen/Geometry>

namespace polydem {

namespace {
// Below this angle the series sin(θ/2)/θ ≈ 1/2 is exact to double precision.
constexpr double kSmallAngle = 1e-8;
}  // namespace

Eigen::Quaterniond rotation_vector_to_quaternion(const Vec3& theta) {
  const double angle = theta.norm();
  const double sin_half_over_angle = angle < kSmallAngle ? 0.5 : std::sin(0.5 * angle) / angle;
  Eigen::Quaterniond q;
  q.w() = std::cos(0.5 * angle);
  q.vec() = sin_half_over_angle * theta;
  return q;
}

Vec3 quaternion_to_rotation_vector(const Eigen::Quaterniond& q_in) {
  Eigen::Quaterniond q = q_in.normalized();
  if (q.w() < 0) q.coeffs() = -q.coeffs();  // principal value θ ≤ π
  const double sin_half = q.vec().norm();
  // atan2 keeps full precision near θ = π, where acos(w) would not.
  const double angle = 2.0 * std::atan2(sin_half, q.w());
  const double angle_over_sin_half = sin_half < kSmallAngle ? 2.0 / q.w() : angle / sin_half;
  return angle_over_sin_half * q.vec();
}

Mat3 rotation_vector_to_matrix(const Vec3& theta) {
  return rotation_vector_to_quaternion(theta).toRotationMatrix();
}

Vec3 matrix_to_rotation_vector(const Mat3& rotation) {
  return quaternion_to_rotation_vector(matrix_to_quaternion(rotation));
}

Mat3 quaternion_to_matrix(const Eigen::Quaterniond& q) { return q.normalized().toRotationMatrix(); }

Eigen::Quaterniond matrix_to_quaternion(const Mat3& rotation) {
  return Eigen::Quaterniond(rotation).normalized();
}

Eigen::Quaterniond rodrigues_to_quaternion(const Vec3& alpha) {
  const double scale = 1.0 / std::sqrt(1.0 + 0.25 * alpha.squaredNorm());
  Eigen::Quaterniond q;
  q.w() = scale;
  q.vec() = 0.5 * scale * alpha;
  return q;
}

Vec3 rodrigues_increment(const Eigen::Quaterniond& from, const Eigen::Quaterniond& to) {
  Eigen::Quaterniond turn = to * from.conjugate();
  if (turn.w() < 0) turn.coeffs() = -turn.coeffs();
  return 2.0 * turn.vec() / turn.w();
}

}  // namespace polydem

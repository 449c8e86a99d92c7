// Rodrigues kinematics of eq. (6) and its first two derivatives. Writing
// Q(α)s = s + h(α) v(α) with h = 4/(4+α·α) and v = α×s + ½(α(α·s) − s(α·α))
// (the expansion of A s + ½ A² s) keeps both derivatives short: h and v are a
// rational scalar and a quadratic vector in α.
#include "contact/local/rigid_point.hpp"

#include <algorithm>

#include <Eigen/Geometry>

#include "src/core/rotation.hpp"

namespace polydem {
namespace {

struct RodriguesParts {
  double h;     // 4/(4+α·α)
  Vec3 h_grad;  // ∂h/∂α = −(h²/2) α
  Vec3 v;       // α×s + ½(α(α·s) − s(α·α))
  Mat3 v_grad;  // ∂v/∂α
};

RodriguesParts rodrigues_parts(const Vec3& alpha, const Vec3& s) {
  RodriguesParts parts;
  const double alpha_sq = alpha.squaredNorm();
  const double alpha_dot_s = alpha.dot(s);
  parts.h = 4.0 / (4.0 + alpha_sq);
  parts.h_grad = -0.5 * parts.h * parts.h * alpha;
  parts.v = alpha.cross(s) + 0.5 * (alpha * alpha_dot_s - s * alpha_sq);
  parts.v_grad = -skew<double>(s) + 0.5 * (alpha_dot_s * Mat3::Identity() + alpha * s.transpose()) -
                 s * alpha.transpose();
  return parts;
}

}  // namespace

Mat3 rotated_vector_jacobian(const Vec3& alpha, const Vec3& s) {
  const RodriguesParts p = rodrigues_parts(alpha, s);
  return p.v * p.h_grad.transpose() + p.h * p.v_grad;
}

Mat3 rotated_vector_hessian(const Vec3& alpha, const Vec3& s, const Vec3& w) {
  const RodriguesParts p = rodrigues_parts(alpha, s);
  // ∂²h/∂α² = −(h²/2) I + (h³/2) α αᵀ; Σ_k w_k ∂²v_k/∂α² = ½(w sᵀ + s wᵀ) − (w·s) I.
  const Mat3 h_hess =
      -0.5 * p.h * p.h * Mat3::Identity() + 0.5 * p.h * p.h * p.h * alpha * alpha.transpose();
  const Vec3 w_v_grad = p.v_grad.transpose() * w;
  const Mat3 w_v_hess = 0.5 * (w * s.transpose() + s * w.transpose()) - w.dot(s) * Mat3::Identity();
  return w.dot(p.v) * h_hess + p.h_grad * w_v_grad.transpose() + w_v_grad * p.h_grad.transpose() +
         p.h * w_v_hess;
}

Mat3 RigidTrialState::current_rotation() const {
  return rodrigues_matrix<double>(alpha_delta) * rotation;
}

Vec3 RigidTrialState::point(const Vec3& x_ref) const {
  return pole_position + u_delta + rodrigues_matrix<double>(alpha_delta) * (rotation * x_ref);
}

Mat36 RigidTrialState::point_jacobian(const Vec3& x_ref) const {
  Mat36 jacobian;
  jacobian.leftCols<3>().setIdentity();
  jacobian.rightCols<3>() = rotated_vector_jacobian(alpha_delta, rotation * x_ref);
  return jacobian;
}

Mat3 RigidTrialState::point_rotation_hessian(const Vec3& x_ref, const Vec3& w) const {
  return rotated_vector_hessian(alpha_delta, rotation * x_ref, w);
}

namespace {

Vec3 pole_travel(const RigidTrialState& from, const RigidTrialState& to) {
  return to.pole_position + to.u_delta - from.pole_position - from.u_delta;
}

/// The largest turn of a point at unit distance from the pole (see largest_relative_travel).
double largest_turn(const RigidTrialState& from, const RigidTrialState& to) {
  const bool same_configuration = from.rotation == to.rotation;
  return same_configuration ? std::min((to.alpha_delta - from.alpha_delta).norm(), 2.0) : 2.0;
}

}  // namespace

double largest_relative_travel(const RigidTrialState& from_a, const RigidTrialState& to_a,
                               double radius_a, const RigidTrialState& from_b,
                               const RigidTrialState& to_b, double radius_b) {
  return (pole_travel(from_b, to_b) - pole_travel(from_a, to_a)).norm() +
         largest_turn(from_a, to_a) * radius_a + largest_turn(from_b, to_b) * radius_b;
}

}  // namespace polydem

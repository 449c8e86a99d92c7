// Finite rotations in Rodrigues parameters (paper §2.1.1, eqs. 6, 7 and 9) and the
// conversions between the stored orientation (unit quaternion) and other forms.
//
// Rodrigues parameters α = 2 tan(θ/2) e make Q (eq. 6), the composition (eq. 7)
// and Ξ (eq. 9) rational in α: no trigonometry, so the same templates serve
// double and automatic-differentiation scalars and their derivatives are exact.
// They are singular at θ = π, so they describe only the per-step increment α^Δ;
// the total orientation is a quaternion (see node_state.hpp).
//
// Ξ(α^Δ) maps the rate of the increment to the spatial angular velocity, ω = Ξ α̇^Δ
// (eq. 8). Its transpose therefore turns a spatial moment m into the pseudo-moment
// Ξᵀ m that is work-conjugate to δα^Δ (eqs. 17 and 24).
//
// Only <Eigen/Core> is included so that this header stays cheap; the quaternion
// conversions below are declared against Eigen's forward declaration and defined
// in rotation.cpp.
#pragma once

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

/// skew(v) w = v × w.
template <class S>
Mat3T<S> skew(const Vec3T<S>& v) {
  Mat3T<S> m;
  m << S(0), -v(2), v(1),  //
      v(2), S(0), -v(0),   //
      -v(1), v(0), S(0);
  return m;
}

/// Inverse of skew: the axial vector of the skew-symmetric part of m.
template <class S>
Vec3T<S> unskew(const Mat3T<S>& m) {
  return Vec3T<S>(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)) / S(2);
}

/// Rotation tensor of the Rodrigues vector α (eq. 6): Q = I + 4/(4+α²) (A + A²/2), A = skew(α).
/// Written out entry by entry, with A² = αα^T − (α·α) I: on automatic
/// differentiation scalars the 3×3 products would carry A's zeros along.
template <class S>
Mat3T<S> rodrigues_matrix(const Vec3T<S>& alpha) {
  const S factor = S(4) / (S(4) + alpha.dot(alpha));
  const auto diagonal = [&](int j, int k) {
    return 1.0 + factor * (0.5 * -(alpha(j) * alpha(j) + alpha(k) * alpha(k)));
  };
  // A_ij + ½ α_i α_j off the diagonal, A_ij = ∓α_k.
  const auto off = [&](const S& a, int i, int j) {
    return factor * (a + 0.5 * (alpha(i) * alpha(j)));
  };
  Mat3T<S> q;
  q << diagonal(1, 2), off(-alpha(2), 0, 1), off(alpha(1), 0, 2),  //
      off(alpha(2), 1, 0), diagonal(0, 2), off(-alpha(0), 1, 2),   //
      off(-alpha(1), 2, 0), off(alpha(0), 2, 1), diagonal(0, 1);
  return q;
}

/// Rodrigues vector of Q(α^Δ) Q(α^i) (eq. 7). Singular when α^Δ·α^i = 4 (total angle π).
template <class S>
Vec3T<S> compose_rodrigues(const Vec3T<S>& alpha_delta, const Vec3T<S>& alpha_i) {
  const S factor = S(4) / (S(4) - alpha_delta.dot(alpha_i));
  return factor * (alpha_delta + alpha_i + S(0.5) * (skew(alpha_delta) * alpha_i));
}

/// Ξ(α^Δ) of eq. (9): ω = Ξ α̇^Δ, spatial angular velocity of Q(α^Δ).
template <class S>
Mat3T<S> xi_matrix(const Vec3T<S>& alpha_delta) {
  const S factor = S(4) / (S(4) + alpha_delta.dot(alpha_delta));
  return factor * (Mat3T<S>::Identity() + S(0.5) * skew(alpha_delta));
}

// ---- double-only conversions of the stored orientation (rotation.cpp) ----
// A rotation vector is θ e with θ in [0, π]; conversions back to it pick that
// principal value, so near θ = π the sign of e is whichever the input favours.

Eigen::Quaternion<double> rotation_vector_to_quaternion(const Vec3& theta);
Vec3 quaternion_to_rotation_vector(const Eigen::Quaternion<double>& q);
Mat3 rotation_vector_to_matrix(const Vec3& theta);
Vec3 matrix_to_rotation_vector(const Mat3& rotation);
Mat3 quaternion_to_matrix(const Eigen::Quaternion<double>& q);
/// The unit quaternion of a proper rotation matrix (Shepperd's method, robust at θ ≈ π).
Eigen::Quaternion<double> matrix_to_quaternion(const Mat3& rotation);
/// Exactly the rotation of eq. (6): q = (1, α/2) / sqrt(1 + α²/4).
Eigen::Quaternion<double> rodrigues_to_quaternion(const Vec3& alpha);
/// The Rodrigues increment α^Δ of Q^{n+1} = Q(α^Δ) Q^n (eq. 6) from `from` to `to`:
/// 2 q.vec / q.w of their quotient (a turn short of π).
Vec3 rodrigues_increment(const Eigen::Quaternion<double>& from,
                         const Eigen::Quaternion<double>& to);

}  // namespace polydem

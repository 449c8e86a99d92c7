// Kinematics of a material point of a rigid body at the trial configuration i+1
// (paper eqs. 3-6 and 26): x = x_P^i + u^Δ + Q(α^Δ) Q^i x^r, with Q(α) the
// Rodrigues rotation tensor of eq. (6) and x^r the body-frame position relative
// to the pole (Q itself: rodrigues_matrix in src/core/rotation.hpp). The local contact problems
// differentiate through this map, so it is given here with its first derivative and the contraction
// of its second derivative. Derivatives are taken at the trial state itself (α^Δ ≠ 0 in general:
// Newton iterates are never at α^Δ = 0 after the first iteration).
#pragma once

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

using Mat36 = Eigen::Matrix<double, 3, 6>;

/// ∂(Q(α) s)/∂α, a 3×3 matrix (column j: derivative with respect to α_j).
Mat3 rotated_vector_jacobian(const Vec3& alpha, const Vec3& s);

/// Σ_k w_k ∂²(Q(α) s)_k/∂α∂α, a symmetric 3×3 matrix.
Mat3 rotated_vector_hessian(const Vec3& alpha, const Vec3& s, const Vec3& w);

/// State of one body's pole during a Newton iteration of step i → i+1.
struct RigidTrialState {
  Vec3 pole_position = Vec3::Zero();  ///< x_P^i, last converged pole position
  Mat3 rotation = Mat3::Identity();   ///< Q^i, last converged orientation
  Vec3 u_delta = Vec3::Zero();        ///< u^Δ, incremental pole displacement (DOFs 0-2)
  Vec3 alpha_delta = Vec3::Zero();    ///< α^Δ, incremental Rodrigues vector (DOFs 3-5)

  /// Q^{i+1} = Q(α^Δ) Q^i (eq. 5).
  [[nodiscard]] Mat3 current_rotation() const;
  /// Position of the material point with body-frame coordinates x_ref.
  [[nodiscard]] Vec3 point(const Vec3& x_ref) const;
  /// ∂x/∂d for d = (u^Δ, α^Δ): [I | ∂(Q(α^Δ) Q^i x^r)/∂α^Δ].
  [[nodiscard]] Mat36 point_jacobian(const Vec3& x_ref) const;
  /// Σ_k w_k ∂²x_k/∂α^Δ∂α^Δ (the only non-zero block of the 6×6 second derivative).
  [[nodiscard]] Mat3 point_rotation_hessian(const Vec3& x_ref, const Vec3& w) const;
};

/// An upper bound on how far a point of one body moves relative to a point of
/// another (the change of x_b − x_a, what any distance between the two can
/// change by) between two trial states of each in the same step (the same x_P^i
/// and Q^i), and between any two states on the straight paths in (u^Δ, α^Δ)
/// joining them: |Δu_b^Δ − Δu_a^Δ| + |Δα_a^Δ| radius_a + |Δα_b^Δ| radius_b for
/// points within `radius` of their poles. Along the path Q(α) turns at the spin
/// Ξ(α) α̇, and ‖Ξ(α)‖ ≤ 1 for the Rodrigues parameters of eq. (6) (Ξ = h (I +
/// ½ A), h = 4/(4+α·α): h along α, h √(1+α·α/4) ≤ 1 across it). States of
/// different configurations i get the trivial bound 2·radius for the rotation.
/// Bodies that move together (a falling pack) travel little relative to each
/// other however fast they fall; a side at rest with radius 0 gives the bound
/// on one body's points.
double largest_relative_travel(const RigidTrialState& from_a, const RigidTrialState& to_a,
                               double radius_a, const RigidTrialState& from_b,
                               const RigidTrialState& to_b, double radius_b);

}  // namespace polydem

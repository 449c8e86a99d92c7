// Vertex-to-face degenerated local contact problem (paper §2.4.2, eq. 34): the
// vertex is a fixed material point, the face is parametrised by eqs. (26)-(27)
//   Γ(ζ, θ) = N1 x1 + N2 x2 + N3 x3,  N1 = −(ζ+θ)/2, N2 = (1+ζ)/2, N3 = (1+θ)/2,
// and the LCP r_s = P_sᵀ r_4 = 0 (eq. 33) is the orthogonal projection of the
// vertex onto the plane of the face. Closed form: the 2×2 normal equations for
// the barycentric weights (N2, N3), and g = (w·m) m/|m|² with w = p − x1,
// m = (x2 − x1) × (x3 − x1). Validity (§2.4.4): the projection lies inside the
// triangle of Fig. 1, i.e. ζ > −1, θ > −1 and ζ + θ < 0 (all Nᵢ > 0).
//
// All positions are current (world) positions; derivatives are with respect to
// the stacked positions X = (p, x1, x2, x3). The gap is vertex minus face; the
// dispatcher (local_contact.hpp) flips the sign when the face is on body A.
#pragma once

#include <optional>

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

/// (ζ, θ) of the projection of p onto the plane of triangle (x1, x2, x3);
/// nullopt when the triangle is degenerate (|m|² ≤ tolerance·|x2−x1|²|x3−x1|²).
std::optional<Eigen::Vector2d> vertex_face_coordinates(const Vec3& p, const Vec3& x1,
                                                       const Vec3& x2, const Vec3& x3,
                                                       double degeneracy_tolerance = 1e-12);

/// §2.4.4: inside the parametric triangle, widened by `tolerance` (0: strictly inside).
bool vertex_face_coordinates_valid(const Eigen::Vector2d& zeta_theta, double tolerance = 0.0);

/// g = p − Γ(ζ̄, θ̄), the vertex minus its projection onto the face plane.
Vec3 vertex_face_gap(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3);

/// ∂g/∂X, X = (p, x1, x2, x3).
Eigen::Matrix<double, 3, 12> vertex_face_gap_jacobian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                      const Vec3& x3);

/// Σ_k weight_k ∂²g_k/∂X∂X, X = (p, x1, x2, x3).
Eigen::Matrix<double, 12, 12> vertex_face_gap_hessian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                      const Vec3& x3, const Vec3& weight);

/// Side test: (p − Γ)·n_face with n_face the unit normal of the counter-clockwise
/// triangle. Positive when the vertex is outside the body that owns the face.
double vertex_face_signed_distance(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3);

}  // namespace polydem

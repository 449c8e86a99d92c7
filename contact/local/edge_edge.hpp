// Edge-to-edge degenerated local contact problem (paper §2.4.2, eq. 35): each
// edge is the one-parameter restriction θ = −1 of eq. (27),
//   Γ(ζ) = (1−ζ)/2 x1 + (1+ζ)/2 x2,
// and the LCP is the minimum distance between the two lines. Closed form: the
// 2×2 normal equations for the line parameters, whose determinant is
// |e_A|²|e_B|² − (e_A·e_B)² = |e_A × e_B|²; parallel edges make it vanish and
// are reported as "no solution" (that contact is carried by vertex–edge pairs),
// using a relative tolerance on the determinant, never dividing by it. The gap
// g = Γ_A − Γ_B = (w·m) m/|m|², w = a1 − b1, m = e_A × e_B. Validity (§2.4.4):
// ζ_A, ζ_B ∈ (−1, 1).
//
// Derivatives are with respect to X = (a1, a2, b1, b2), current positions.
#pragma once

#include <optional>

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

/// (ζ_A, ζ_B) of the closest points of the lines through (a1, a2) and (b1, b2);
/// nullopt when the edges are parallel: |e_A × e_B|² ≤ parallel_tolerance·|e_A|²|e_B|².
std::optional<Eigen::Vector2d> edge_edge_coordinates(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                     const Vec3& b2,
                                                     double parallel_tolerance = 1e-12);

/// §2.4.4: both coordinates in (−1 − tolerance, 1 + tolerance).
bool edge_edge_coordinates_valid(const Eigen::Vector2d& zetas, double tolerance = 0.0);

/// g = Γ_A(ζ̄_A) − Γ_B(ζ̄_B). Precondition: the edges are not parallel.
Vec3 edge_edge_gap(const Vec3& a1, const Vec3& a2, const Vec3& b1, const Vec3& b2);

/// ∂g/∂X, X = (a1, a2, b1, b2).
Eigen::Matrix<double, 3, 12> edge_edge_gap_jacobian(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                    const Vec3& b2);

/// Σ_k weight_k ∂²g_k/∂X∂X, X = (a1, a2, b1, b2).
Eigen::Matrix<double, 12, 12> edge_edge_gap_hessian(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                    const Vec3& b2, const Vec3& weight);

}  // namespace polydem

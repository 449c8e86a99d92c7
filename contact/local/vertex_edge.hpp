// Vertex-to-edge degenerated local contact problem (paper §2.4.2, eq. 36): the
// vertex is fixed, the edge is the restriction θ = −1 of eq. (27),
//   Γ(ζ) = (1−ζ)/2 x1 + (1+ζ)/2 x2,
// and the single-variable LCP is the orthogonal projection of the vertex onto
// the line: ζ = 2 (p − x1)·e/|e|² − 1, e = x2 − x1, g = w − (w·e) e/|e|²,
// w = p − x1. Validity (§2.4.4): ζ ∈ (−1, 1).
//
// Derivatives are with respect to X = (p, x1, x2), current positions. The gap
// is vertex minus edge point; the dispatcher flips it when the edge is on A.
#pragma once

#include <optional>

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

/// ζ of the projection of p onto the line through (x1, x2); nullopt for a zero-length edge.
std::optional<double> vertex_edge_coordinate(const Vec3& p, const Vec3& x1, const Vec3& x2);

/// §2.4.4: ζ ∈ (−1 − tolerance, 1 + tolerance).
bool vertex_edge_coordinate_valid(double zeta, double tolerance = 0.0);

/// g = p − Γ(ζ̄).
Vec3 vertex_edge_gap(const Vec3& p, const Vec3& x1, const Vec3& x2);

/// ∂g/∂X, X = (p, x1, x2).
Eigen::Matrix<double, 3, 9> vertex_edge_gap_jacobian(const Vec3& p, const Vec3& x1, const Vec3& x2);

/// Σ_k weight_k ∂²g_k/∂X∂X, X = (p, x1, x2).
Eigen::Matrix<double, 9, 9> vertex_edge_gap_hessian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                    const Vec3& weight);

}  // namespace polydem

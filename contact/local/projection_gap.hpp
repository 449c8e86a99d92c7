// Shared closed-form gap vectors of the degenerated local contact problems,
// written as explicit functions of the stacked vertex positions X so that they
// can be differentiated directly ("differentiate through the closed form").
//
// * Plane projection (vertex–face eq. 34, edge–edge eq. 35): the solution of the
//   degenerated LCP makes g orthogonal to both tangents e1, e2, hence parallel
//   to m = e1 × e2, and g·m = w·m for the vector w between the two parametric
//   origins. Therefore g = (w·m) m / (m·m), whatever the convective coordinates.
// * Line projection (vertex–edge, eq. 36): g ⟂ e gives g = w − (w·e) e/(e·e).
//
// Every vector is a difference of two vertex slots of X, so its Jacobian is a
// constant ±I block pattern and the Hessians below are exact.
#pragma once

#include <array>

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem::detail {

/// The vector x[plus] − x[minus] of the stacked positions.
struct SlotDifference {
  int plus;
  int minus;
};

/// g = (w·m) m/(m·m), m = e1 × e2, X = (x0, x1, x2, x3).
struct PlaneProjection {
  SlotDifference w, e1, e2;
};

Vec3 plane_projection_gap(const std::array<Vec3, 4>& x, const PlaneProjection& form);
Eigen::Matrix<double, 3, 12> plane_projection_gap_jacobian(const std::array<Vec3, 4>& x,
                                                           const PlaneProjection& form);
/// Σ_k weight_k ∂²g_k/∂X∂X.
Eigen::Matrix<double, 12, 12> plane_projection_gap_hessian(const std::array<Vec3, 4>& x,
                                                           const PlaneProjection& form,
                                                           const Vec3& weight);

/// g = w − (w·e) e/(e·e), X = (x0, x1, x2).
struct LineProjection {
  SlotDifference w, e;
};

Vec3 line_projection_gap(const std::array<Vec3, 3>& x, const LineProjection& form);
Eigen::Matrix<double, 3, 9> line_projection_gap_jacobian(const std::array<Vec3, 3>& x,
                                                         const LineProjection& form);
/// Σ_k weight_k ∂²g_k/∂X∂X.
Eigen::Matrix<double, 9, 9> line_projection_gap_hessian(const std::array<Vec3, 3>& x,
                                                        const LineProjection& form,
                                                        const Vec3& weight);

}  // namespace polydem::detail

// Closed-form edge-to-edge LCP (eq. 35) and its derivatives; see edge_edge.hpp.
#include "contact/local/edge_edge.hpp"

#include <Eigen/Geometry>

#include "contact/local/projection_gap.hpp"

namespace polydem {
namespace {

// X = (a1, a2, b1, b2): w = a1 − b1, e1 = a2 − a1, e2 = b2 − b1.
constexpr detail::PlaneProjection kEdgeEdgeForm{{0, 2}, {1, 0}, {3, 2}};

}  // namespace

std::optional<Eigen::Vector2d> edge_edge_coordinates(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                     const Vec3& b2, double parallel_tolerance) {
  // min |w + s e_A − t e_B|² over the line parameters s, t ∈ ℝ (edges at s, t ∈ [0, 1]).
  const Vec3 ea = a2 - a1;
  const Vec3 eb = b2 - b1;
  const Vec3 w = a1 - b1;
  const double aa = ea.squaredNorm();
  const double bb = eb.squaredNorm();
  const double ab = ea.dot(eb);
  const double det = aa * bb - ab * ab;
  if (!(det > parallel_tolerance * aa * bb)) return std::nullopt;
  const double wa = w.dot(ea);
  const double wb = w.dot(eb);
  const double s = (ab * wb - bb * wa) / det;
  const double t = (aa * wb - ab * wa) / det;
  return Eigen::Vector2d(2.0 * s - 1.0, 2.0 * t - 1.0);
}

bool edge_edge_coordinates_valid(const Eigen::Vector2d& zetas, double tolerance) {
  return (zetas.array().abs() < 1.0 + tolerance).all();
}

Vec3 edge_edge_gap(const Vec3& a1, const Vec3& a2, const Vec3& b1, const Vec3& b2) {
  return detail::plane_projection_gap({a1, a2, b1, b2}, kEdgeEdgeForm);
}

Eigen::Matrix<double, 3, 12> edge_edge_gap_jacobian(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                    const Vec3& b2) {
  return detail::plane_projection_gap_jacobian({a1, a2, b1, b2}, kEdgeEdgeForm);
}

Eigen::Matrix<double, 12, 12> edge_edge_gap_hessian(const Vec3& a1, const Vec3& a2, const Vec3& b1,
                                                    const Vec3& b2, const Vec3& weight) {
  return detail::plane_projection_gap_hessian({a1, a2, b1, b2}, kEdgeEdgeForm, weight);
}

}  // namespace polydem

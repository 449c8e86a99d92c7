// Closed-form vertex-to-edge LCP (eq. 36) and its derivatives; see vertex_edge.hpp.
#include "contact/local/vertex_edge.hpp"

#include "contact/local/projection_gap.hpp"

namespace polydem {
namespace {

// X = (p, x1, x2): w = p − x1, e = x2 − x1.
constexpr detail::LineProjection kVertexEdgeForm{{0, 1}, {2, 1}};

}  // namespace

std::optional<double> vertex_edge_coordinate(const Vec3& p, const Vec3& x1, const Vec3& x2) {
  const Vec3 e = x2 - x1;
  const double length_sq = e.squaredNorm();
  if (!(length_sq > 0.0)) return std::nullopt;
  return 2.0 * (p - x1).dot(e) / length_sq - 1.0;
}

bool vertex_edge_coordinate_valid(double zeta, double tolerance) {
  return zeta > -1.0 - tolerance && zeta < 1.0 + tolerance;
}

Vec3 vertex_edge_gap(const Vec3& p, const Vec3& x1, const Vec3& x2) {
  return detail::line_projection_gap({p, x1, x2}, kVertexEdgeForm);
}

Eigen::Matrix<double, 3, 9> vertex_edge_gap_jacobian(const Vec3& p, const Vec3& x1,
                                                     const Vec3& x2) {
  return detail::line_projection_gap_jacobian({p, x1, x2}, kVertexEdgeForm);
}

Eigen::Matrix<double, 9, 9> vertex_edge_gap_hessian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                    const Vec3& weight) {
  return detail::line_projection_gap_hessian({p, x1, x2}, kVertexEdgeForm, weight);
}

}  // namespace polydem

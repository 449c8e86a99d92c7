// Vertex-to-vertex degeneration: no LCP, g = p − q (see vertex_vertex.hpp).
#include "contact/local/vertex_vertex.hpp"

namespace polydem {

Vec3 vertex_vertex_gap(const Vec3& p, const Vec3& q) { return p - q; }

Eigen::Matrix<double, 3, 6> vertex_vertex_gap_jacobian() {
  Eigen::Matrix<double, 3, 6> jacobian;
  jacobian << Mat3::Identity(), -Mat3::Identity();
  return jacobian;
}

}  // namespace polydem

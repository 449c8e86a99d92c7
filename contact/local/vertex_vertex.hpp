// Vertex-to-vertex degeneration (paper §2.4.2): both material points are known
// (ζ = θ = −1 on each side), no LCP is solved and g = p − q is linear in the
// positions, so its Hessian with respect to X = (p, q) vanishes. Always valid.
#pragma once

#include <Eigen/Core>

#include "src/core/types.hpp"

namespace polydem {

/// g = p − q.
Vec3 vertex_vertex_gap(const Vec3& p, const Vec3& q);

/// ∂g/∂X = [I, −I], X = (p, q). The second derivative is zero.
Eigen::Matrix<double, 3, 6> vertex_vertex_gap_jacobian();

}  // namespace polydem

// A non-convex test solid with one concave edge, for contact tests near it.
#pragma once

#include <array>
#include <utility>

#include <Eigen/Core>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem::test {

/// L-shaped prism: the profile (x, z) below extruded over y ∈ [−1, 1]; the
/// concave edge runs along y at x = z = 0 (vertices 3 and 9), between the floor
/// (z = 0, x ∈ [0, 2]) and the wall (x = 0, z ∈ [0, 2]).
inline TriangleMesh l_prism() {
  const std::array<Eigen::Vector2d, 6> profile{
      {{-1, -1}, {2, -1}, {2, 0}, {0, 0}, {0, 2}, {-1, 2}}};
  TriangleMesh mesh;
  for (const double y : {-1.0, 1.0}) {
    for (const auto& p : profile) mesh.vertices.emplace_back(p.x(), y, p.y());
  }
  // Caps: fan from the reflex vertex 3; counter-clockwise in (x, z) faces −y.
  for (const auto& [i, j] : {std::pair{4, 5}, {5, 0}, {0, 1}, {1, 2}}) {
    mesh.triangles.push_back({3, i, j});
    mesh.triangles.push_back({9, 6 + j, 6 + i});
  }
  for (int i = 0; i < 6; ++i) {  // side quads, outward to the right of the profile
    const int k = (i + 1) % 6;
    mesh.triangles.push_back({i, 6 + k, k});
    mesh.triangles.push_back({i, 6 + i, 6 + k});
  }
  return mesh;
}

}  // namespace polydem::test

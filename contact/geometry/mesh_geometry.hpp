// Small geometric helpers on triangle meshes shared by checks, builders and reports.
#pragma once

#include <Eigen/Geometry>
#include <array>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// (b − a) × (c − a): twice the area times the unit normal, counter-clockwise rule.
inline Vec3 triangle_area_vector(const TriangleMesh& mesh, const std::array<int, 3>& triangle) {
  const Vec3& a = mesh.vertices[triangle[0]];
  return (mesh.vertices[triangle[1]] - a).cross(mesh.vertices[triangle[2]] - a);
}

struct BoundingBox {
  Vec3 min = Vec3::Zero();
  Vec3 max = Vec3::Zero();
  double diagonal() const { return (max - min).norm(); }
};

/// Axis-aligned box of all vertices (zero box for an empty mesh).
inline BoundingBox bounding_box(const TriangleMesh& mesh) {
  if (mesh.vertices.empty()) return {};
  BoundingBox box{mesh.vertices.front(), mesh.vertices.front()};
  for (const Vec3& p : mesh.vertices) {
    box.min = box.min.cwiseMin(p);
    box.max = box.max.cwiseMax(p);
  }
  return box;
}

}  // namespace polydem

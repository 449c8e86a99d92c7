// A polyhedral shape split into contact sub-regions (paper §2.4.3): every
// face, every non-flat edge and every vertex. Built once per shape and shared
// (std::shared_ptr<const Shape>) by all bodies that use it. Coordinates are in
// the body frame, relative to the pole.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

struct ShapeFace {
  std::array<int, 3> vertices{};  ///< counter-clockwise seen from outside
  Vec3 normal = Vec3::Zero();     ///< unit outward normal, body frame
};

/// Convex: dihedral angle < π seen from inside; concave: > π; flat: coplanar faces.
enum class EdgeKind { Convex, Concave, Flat };

struct ShapeEdge {
  std::array<int, 2> vertices{};
  std::array<int, 2> faces{};  ///< the two adjacent faces
  EdgeKind kind = EdgeKind::Convex;
};

/// Convex: all incident non-flat edges convex; concave: all concave; saddle: both kinds.
enum class VertexKind { Convex, Concave, Saddle };

struct ShapeVertex {
  std::vector<int> faces;  ///< incident faces
  std::vector<int> edges;  ///< incident edges (flat ones included)
  VertexKind kind = VertexKind::Convex;
};

struct Shape {
  std::string name;
  TriangleMesh mesh;
  std::vector<ShapeFace> faces;
  std::vector<ShapeEdge> edges;
  std::vector<ShapeVertex> vertices;
  double bounding_radius = 0;  ///< max vertex distance from the body-frame origin
};

}  // namespace polydem

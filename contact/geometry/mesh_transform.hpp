// Placing a mesh: uniform scale, then rotation, then translation.
#pragma once

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

struct MeshTransform {
  double scale = 1.0;
  Vec3 rotation_degrees = Vec3::Zero();  ///< about x, then y, then z (fixed axes)
  Vec3 translation = Vec3::Zero();

  /// Rz · Ry · Rx of rotation_degrees.
  Mat3 rotation() const;
};

/// x ↦ R (s x) + t for every vertex. A positive scale keeps the orientation;
/// InputError for a non-positive or non-finite scale.
TriangleMesh transformed(TriangleMesh mesh, const MeshTransform& transform);

}  // namespace polydem

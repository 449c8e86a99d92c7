// Boundary surfaces: fixed walls and floors the bodies collide with. They are
// one-sided open sheets, not closed solids: each face's normal points to the
// side where the bodies are, so a container's normals point inward. Build their
// Shape with SurfaceKind::OpenSheet (build_boundary_shape), which skips the
// closed-solid checks.
#pragma once

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// A finite plane: rectangle of side lengths (length_u, length_v) centred at
/// `center`, unit `normal` towards the bodies, first side along `u_direction`
/// projected into the plane. Two triangles.
struct PlanarRectangle {
  Vec3 center = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();
  Vec3 u_direction = Vec3::UnitX();
  double length_u = 1.0;
  double length_v = 1.0;
};

/// An axis-aligned box container of half extents `half_extents` about `center`,
/// normals inward. Open boxes have no lid (+z face).
struct BoxContainer {
  Vec3 center = Vec3::Zero();
  Vec3 half_extents = Vec3::Ones();
  bool open_top = true;
};

/// InputError for a zero normal, a `u_direction` parallel to it, or non-positive sides.
TriangleMesh make_planar_rectangle(const PlanarRectangle& rectangle);

/// Bottom, four walls and (when closed) a lid, two triangles each.
TriangleMesh make_box_container(const BoxContainer& container);

}  // namespace polydem

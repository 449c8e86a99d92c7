// Splits a checked triangle mesh into the contact sub-regions of paper §2.4.3:
// faces, edges and vertices. Edges between coplanar faces are flat (not contact
// candidates: a flat edge is interior to a planar region already covered by its
// faces); the others are convex or concave, which the contact hierarchy of §3.6
// needs (a vertex in a concave edge's region can touch both faces and the edge).
#pragma once

#include <memory>
#include <string>

#include "contact/geometry/shape.hpp"

namespace polydem {

struct ShapeBuildOptions {
  /// Adjacent faces whose normals differ by at most this angle (radians) are coplanar.
  double flat_angle = 1e-4;
  SurfaceKind kind = SurfaceKind::ClosedSolid;
};

/// Checks the mesh (require_valid, errors name `name`) and builds the shape once,
/// to be shared by every body that uses it.
std::shared_ptr<const Shape> build_shape(TriangleMesh mesh, std::string name,
                                         const ShapeBuildOptions& options = {});

/// build_shape for a boundary surface (boundary_surfaces.hpp): an open sheet.
std::shared_ptr<const Shape> build_boundary_shape(
    TriangleMesh mesh, std::string name, double flat_angle = ShapeBuildOptions{}.flat_angle);

/// Kind of the edge running `direction` (counter-clockwise in the face with unit
/// outward normal n0) shared with the face of normal n1.
EdgeKind classify_edge(const Vec3& n0, const Vec3& n1, const Vec3& direction, double flat_angle);

}  // namespace polydem

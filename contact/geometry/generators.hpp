// Closed, outward triangle meshes of common particle shapes, centred on the
// origin. The tetrapod (tetrapod.hpp) and convex hulls (convex_hull.hpp) have
// their own files; this header offers all generators at once.
#pragma once

#include "contact/geometry/convex_hull.hpp"
#include "contact/geometry/tetrapod.hpp"
#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// Axis-aligned box with half extents (hx, hy, hz): 8 vertices, 12 triangles.
TriangleMesh make_box(double hx, double hy, double hz);

/// Regular tetrahedron with the given circumradius; one vertex on +z.
TriangleMesh make_tetrahedron(double circumradius);
/// Regular tetrahedron with the given edge length (circumradius = a·√6/4).
TriangleMesh make_tetrahedron_with_edge(double edge);

/// Regular octahedron with vertices on the axes at ±circumradius.
TriangleMesh make_octahedron(double circumradius);
/// Regular octahedron with the given edge length (circumradius = a/√2).
TriangleMesh make_octahedron_with_edge(double edge);

}  // namespace polydem

// Convex hull of a point set as an outward triangle mesh (qhull, reentrant
// libqhull_r). Coplanar facets are merged by qhull and fan-triangulated here, so
// the mesh has no degenerate triangles and its in-facet diagonals come out flat.
#pragma once

#include <vector>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// Hull of at least four points that are not all coplanar; InputError otherwise.
/// Only hull vertices are kept, in input order.
TriangleMesh make_convex_hull(const std::vector<Vec3>& points);

/// Indices into `points` of the hull vertices, per polygonal hull facet,
/// counter-clockwise seen from outside. The building block of make_convex_hull.
std::vector<std::vector<int>> convex_hull_facets(const std::vector<Vec3>& points);

}  // namespace polydem

// The `polydem mesh` report: what a user needs to know before using a mesh as a
// particle: is it valid, and what are its mass properties and sub-region counts.
#pragma once

#include <nlohmann/json.hpp>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// JSON with "checks" (closed, manifold, consistently_oriented, outward, valid
/// and the offending triangle/edge/vertex indices), "counts" (faces, edges,
/// vertices, concave_edges, flat_edges), "volume", "mass", "centre_of_mass",
/// "inertia" (about the centre of mass, 3×3 rows), "bounding_box" {min, max}.
/// Mass properties are given for any mesh but mean something only when valid.
nlohmann::json mesh_report(const TriangleMesh& mesh, double density = 1.0);

}  // namespace polydem

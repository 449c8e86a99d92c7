// Wavefront OBJ surfaces: `v` positions and `f` polygons. Polygons are
// fan-triangulated from their first corner; texture and normal indices
// (`f v/vt/vn`, `f v//vn`) are accepted and ignored; negative indices count back
// from the last vertex defined so far. Coincident positions are welded.
#pragma once

#include <string>
#include <string_view>

#include "contact/geometry/triangle_mesh.hpp"
#include "contact/geometry/vertex_welder.hpp"

namespace polydem {

/// Parses OBJ text already in memory; `source_name` names it in errors
/// (InputError with file:line:column).
TriangleMesh parse_obj(std::string_view text, const std::string& source_name,
                       double weld_tolerance = kDefaultWeldTolerance);

/// Reads and parses an OBJ file.
TriangleMesh read_obj(const std::string& path, double weld_tolerance = kDefaultWeldTolerance);

}  // namespace polydem

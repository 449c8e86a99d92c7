// Stereolithography (STL) surfaces, ASCII and binary. Corners are welded
// (vertex_welder.hpp) into a shared-vertex triangle mesh; the facet normals in
// the file are ignored, orientation comes from the corner order as the format
// prescribes.
#pragma once

#include <string>
#include <string_view>

#include "contact/geometry/triangle_mesh.hpp"
#include "contact/geometry/vertex_welder.hpp"

namespace polydem {

/// Parses STL bytes already in memory; `source_name` names them in errors.
/// Binary when the size matches the 84-byte header plus 50 bytes per declared
/// triangle, ASCII when the text starts with "solid", otherwise treated as a
/// (broken) binary file. InputError gives file:line:column for ASCII and the byte
/// offset and triangle index for binary.
TriangleMesh parse_stl(std::string_view bytes, const std::string& source_name,
                       double weld_tolerance = kDefaultWeldTolerance);

/// Reads and parses an STL file.
TriangleMesh read_stl(const std::string& path, double weld_tolerance = kDefaultWeldTolerance);

}  // namespace polydem

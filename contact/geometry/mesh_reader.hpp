// Picks the mesh reader by file extension (.stl or .obj, any letter case).
#pragma once

#include <string>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// Reads an STL or OBJ file; InputError for another extension or a bad file.
TriangleMesh read_mesh(const std::string& path);

}  // namespace polydem

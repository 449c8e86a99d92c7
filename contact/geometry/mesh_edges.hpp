// The undirected edges of a triangle mesh with the triangles that share them.
// Checks, the shape builder and the mesh report all start from this list.
#pragma once

#include <array>
#include <vector>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

struct MeshEdge {
  std::array<int, 2> vertices{};  ///< ascending vertex indices
  std::vector<int> triangles;     ///< incident triangles, ascending
};

/// Every undirected edge, sorted by vertex pair. Triangles with an index out of
/// range are skipped, and so are the zero-length edges of triangles that repeat a
/// vertex (mesh_checks reports both).
std::vector<MeshEdge> collect_edges(const TriangleMesh& mesh);

/// True when `triangle` runs from vertex `from` straight to vertex `to`.
bool traverses(const std::array<int, 3>& triangle, int from, int to);

/// True when all three indices are in range.
bool has_valid_indices(const TriangleMesh& mesh, const std::array<int, 3>& triangle);

}  // namespace polydem

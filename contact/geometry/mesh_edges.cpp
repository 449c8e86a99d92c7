#include "contact/geometry/mesh_edges.hpp"

#include <algorithm>
#include <tuple>

namespace polydem {

bool has_valid_indices(const TriangleMesh& mesh, const std::array<int, 3>& triangle) {
  const int count = static_cast<int>(mesh.vertices.size());
  return std::all_of(triangle.begin(), triangle.end(), [&](int v) { return v >= 0 && v < count; });
}

bool traverses(const std::array<int, 3>& triangle, int from, int to) {
  for (int k = 0; k < 3; ++k)
    if (triangle[k] == from && triangle[(k + 1) % 3] == to) return true;
  return false;
}

std::vector<MeshEdge> collect_edges(const TriangleMesh& mesh) {
  std::vector<std::tuple<int, int, int>> half_edges;  // (low vertex, high vertex, triangle)
  half_edges.reserve(3 * mesh.triangles.size());
  for (int t = 0; t < static_cast<int>(mesh.triangles.size()); ++t) {
    const auto& tri = mesh.triangles[t];
    if (!has_valid_indices(mesh, tri)) continue;
    for (int k = 0; k < 3; ++k) {
      int a = tri[k], b = tri[(k + 1) % 3];
      if (a != b) half_edges.emplace_back(std::min(a, b), std::max(a, b), t);
    }
  }
  std::sort(half_edges.begin(), half_edges.end());
  std::vector<MeshEdge> edges;
  for (const auto& [low, high, triangle] : half_edges) {
    if (edges.empty() || edges.back().vertices != std::array<int, 2>{low, high})
      edges.push_back(MeshEdge{{low, high}, {}});
    edges.back().triangles.push_back(triangle);
  }
  return edges;
}

}  // namespace polydem

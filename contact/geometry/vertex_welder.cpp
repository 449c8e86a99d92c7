#include "contact/geometry/vertex_welder.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "contact/geometry/mesh_geometry.hpp"

namespace polydem {
namespace {

using CellKey = std::array<std::int64_t, 3>;

struct CellHash {
  std::size_t operator()(const CellKey& key) const {
    std::size_t h = 0;
    for (std::int64_t k : key) h = h * 1000003u ^ std::hash<std::int64_t>{}(k);
    return h;
  }
};

// Bit pattern of the coordinates (with −0 folded onto +0): identical points only.
CellKey exact_key(const Vec3& p) {
  CellKey key{};
  for (int k = 0; k < 3; ++k) key[k] = std::bit_cast<std::int64_t>(p[k] + 0.0);
  return key;
}

// Uniform grid with cell size equal to the merge distance: a partner of a
// point is always within the 27 surrounding cells.
class WeldGrid {
 public:
  WeldGrid(const Vec3& origin, double tolerance)
      : origin_(origin), tolerance_(tolerance), cell_(tolerance > 0 ? tolerance : 1.0) {}

  /// Index of an existing vertex within the tolerance, or -1.
  int find(const Vec3& p, const std::vector<Vec3>& vertices) const {
    CellKey base = key(p);
    int reach = tolerance_ > 0 ? 1 : 0;
    for (int dx = -reach; dx <= reach; ++dx)
      for (int dy = -reach; dy <= reach; ++dy)
        for (int dz = -reach; dz <= reach; ++dz) {
          auto it = cells_.find({base[0] + dx, base[1] + dy, base[2] + dz});
          if (it == cells_.end()) continue;
          for (int v : it->second)
            if ((vertices[v] - p).norm() <= tolerance_) return v;
        }
    return -1;
  }

  void insert(const Vec3& p, int vertex) { cells_[key(p)].push_back(vertex); }

 private:
  CellKey key(const Vec3& p) const {
    if (tolerance_ == 0) return exact_key(p);
    Vec3 scaled = (p - origin_) / cell_;
    return {static_cast<std::int64_t>(std::floor(scaled.x())),
            static_cast<std::int64_t>(std::floor(scaled.y())),
            static_cast<std::int64_t>(std::floor(scaled.z()))};
  }

  Vec3 origin_;
  double tolerance_;
  double cell_;
  std::unordered_map<CellKey, std::vector<int>, CellHash> cells_;
};

}  // namespace

TriangleMesh weld_vertices(const std::vector<Vec3>& points,
                           const std::vector<std::array<int, 3>>& triangles,
                           double relative_tolerance) {
  TriangleMesh soup{points, {}};
  BoundingBox box = bounding_box(soup);
  double tolerance = relative_tolerance * box.diagonal();
  // Grid keys must stay far inside int64: otherwise merge exact copies only.
  if (!(tolerance > 0) || !std::isfinite(box.diagonal()) || box.diagonal() / tolerance > 1e15)
    tolerance = 0;

  WeldGrid grid(box.min, tolerance);
  TriangleMesh welded;
  std::vector<int> new_index(points.size(), -1);
  welded.triangles.reserve(triangles.size());
  for (const auto& triangle : triangles) {
    std::array<int, 3> renumbered{};
    for (int k = 0; k < 3; ++k) {
      int old = triangle[k];
      if (new_index[old] < 0) {
        int match = grid.find(points[old], welded.vertices);
        if (match < 0) {
          match = static_cast<int>(welded.vertices.size());
          welded.vertices.push_back(points[old]);
          grid.insert(points[old], match);
        }
        new_index[old] = match;
      }
      renumbered[k] = new_index[old];
    }
    welded.triangles.push_back(renumbered);
  }
  return welded;
}

}  // namespace polydem

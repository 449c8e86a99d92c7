#include "contact/geometry/mesh_checks.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>

#include "contact/geometry/mesh_edges.hpp"
#include "contact/geometry/mesh_geometry.hpp"
#include "contact/geometry/text_tokens.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

class UnionFind {
 public:
  explicit UnionFind(std::size_t size) : parent_(size) {
    std::iota(parent_.begin(), parent_.end(), std::size_t{0});
  }
  std::size_t root(std::size_t k) {
    while (parent_[k] != k) k = parent_[k] = parent_[parent_[k]];
    return k;
  }
  void join(std::size_t a, std::size_t b) { parent_[root(a)] = root(b); }

 private:
  std::vector<std::size_t> parent_;
};

void check_triangles(const TriangleMesh& mesh, MeshCheckReport& report) {
  const BoundingBox box = bounding_box(mesh);
  const double min_double_area = 2 * kDegenerateAreaFraction * std::pow(box.diagonal(), 2);
  const Vec3 centre = (box.min + box.max) / 2;  // volume sums about it lose fewer digits
  std::map<std::array<int, 3>, int> first_with_vertex_set;
  for (int t = 0; t < static_cast<int>(mesh.triangles.size()); ++t) {
    const auto& tri = mesh.triangles[t];
    if (!has_valid_indices(mesh, tri)) {
      report.bad_index_triangles.push_back(t);
      continue;
    }
    bool repeats = tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2];
    if (repeats || !(triangle_area_vector(mesh, tri).norm() > min_double_area))
      report.degenerate_triangles.push_back(t);
    std::array<int, 3> sorted = tri;
    std::sort(sorted.begin(), sorted.end());
    auto [it, inserted] = first_with_vertex_set.emplace(sorted, t);
    if (!inserted) report.duplicate_triangles.push_back({it->second, t});
    if (!repeats) {
      const Vec3 a = mesh.vertices[tri[0]] - centre, b = mesh.vertices[tri[1]] - centre,
                 c = mesh.vertices[tri[2]] - centre;
      report.signed_volume += a.dot(b.cross(c)) / 6;
    }
  }
}

void check_edges(const std::vector<MeshEdge>& edges, const TriangleMesh& mesh,
                 MeshCheckReport& report) {
  for (const MeshEdge& edge : edges) {
    EdgeViolation violation{edge.vertices, edge.triangles};
    if (edge.triangles.size() == 1 && report.kind == SurfaceKind::ClosedSolid)
      report.open_edges.push_back(violation);
    if (edge.triangles.size() > 2) report.non_manifold_edges.push_back(violation);
    if (edge.triangles.size() == 2) {
      auto [a, b] = edge.vertices;
      bool first_forward = traverses(mesh.triangles[edge.triangles[0]], a, b);
      bool second_forward = traverses(mesh.triangles[edge.triangles[1]], a, b);
      if (first_forward == second_forward) report.misoriented_edges.push_back(violation);
    }
  }
}

// A vertex is manifold when its triangles form one fan, i.e. one piece when
// triangles that share an edge at the vertex are joined (two cones touching at
// their apex fail this although every edge has two triangles).
void check_vertex_fans(const std::vector<MeshEdge>& edges, const TriangleMesh& mesh,
                       MeshCheckReport& report) {
  auto corner = [&](int triangle, int vertex) {
    const auto& tri = mesh.triangles[triangle];
    int k = tri[0] == vertex ? 0 : tri[1] == vertex ? 1 : 2;
    return 3 * static_cast<std::size_t>(triangle) + static_cast<std::size_t>(k);
  };
  UnionFind fans(3 * mesh.triangles.size());
  for (const MeshEdge& edge : edges)
    for (std::size_t k = 1; k < edge.triangles.size(); ++k)
      for (int vertex : edge.vertices)
        fans.join(corner(edge.triangles[0], vertex), corner(edge.triangles[k], vertex));

  std::vector<std::set<std::size_t>> fan_roots(mesh.vertices.size());
  for (int t = 0; t < static_cast<int>(mesh.triangles.size()); ++t) {
    const auto& tri = mesh.triangles[t];
    if (!has_valid_indices(mesh, tri)) continue;
    for (int k = 0; k < 3; ++k) fan_roots[tri[k]].insert(fans.root(corner(t, tri[k])));
  }
  for (int v = 0; v < static_cast<int>(mesh.vertices.size()); ++v)
    if (fan_roots[v].size() > 1) report.non_manifold_vertices.push_back(v);
}

std::string edge_text(const EdgeViolation& edge) {
  std::string text = "(";
  text.append(std::to_string(edge.vertices[0]))
      .append(", ")
      .append(std::to_string(edge.vertices[1]));
  text.append(edge.triangles.size() > 1 ? ") of triangles" : ") of triangle");
  for (std::size_t k = 0; k < edge.triangles.size(); ++k)
    text.append(k ? ", " : " ").append(std::to_string(edge.triangles[k]));
  return text;
}

}  // namespace

bool MeshCheckReport::valid() const {
  bool local = bad_index_triangles.empty() && degenerate_triangles.empty() &&
               duplicate_triangles.empty() && manifold() && consistently_oriented();
  if (kind == SurfaceKind::OpenSheet) return local;
  return local && closed() && outward();
}

std::vector<std::string> MeshCheckReport::describe(std::size_t limit) const {
  std::vector<std::string> lines;
  auto add = [&](const std::string& line) {
    if (lines.size() < limit) lines.push_back(line);
  };
  for (int t : bad_index_triangles)
    add(concat({"triangle ", std::to_string(t), " has a vertex index out of range"}));
  for (int t : degenerate_triangles) add(concat({"degenerate triangle ", std::to_string(t)}));
  for (const auto& [first, repeat] : duplicate_triangles)
    add(concat(
        {"triangle ", std::to_string(repeat), " duplicates triangle ", std::to_string(first)}));
  for (const auto& edge : open_edges) add(concat({"open edge ", edge_text(edge)}));
  for (const auto& edge : non_manifold_edges) add(concat({"non-manifold edge ", edge_text(edge)}));
  for (const auto& edge : misoriented_edges)
    add(concat({"inconsistently oriented edge ", edge_text(edge)}));
  for (int v : non_manifold_vertices) add(concat({"non-manifold vertex ", std::to_string(v)}));
  if (kind == SurfaceKind::ClosedSolid && closed() && consistently_oriented() && !outward())
    add(concat({"normals point inward (signed volume ", std::to_string(signed_volume), ")"}));
  return lines;
}

MeshCheckReport check_mesh(const TriangleMesh& mesh, SurfaceKind kind) {
  MeshCheckReport report;
  report.kind = kind;
  check_triangles(mesh, report);
  std::vector<MeshEdge> edges = collect_edges(mesh);
  check_edges(edges, mesh, report);
  check_vertex_fans(edges, mesh, report);
  return report;
}

void require_valid(const TriangleMesh& mesh, const std::string& file, SurfaceKind kind) {
  if (mesh.triangles.empty()) throw InputError(SourceMark{file}, "", "mesh has no triangles");
  MeshCheckReport report = check_mesh(mesh, kind);
  if (report.valid()) return;
  constexpr std::size_t kShown = 5;
  std::string message = "invalid mesh:";
  for (const std::string& line : report.describe(kShown)) message.append("\n  ").append(line);
  std::size_t total = report.describe(SIZE_MAX).size();
  if (total > kShown)
    message.append(concat({"\n  ... and ", std::to_string(total - kShown), " more"}));
  throw InputError(SourceMark{file}, "", message);
}

}  // namespace polydem

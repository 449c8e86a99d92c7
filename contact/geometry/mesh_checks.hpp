// Validity of a triangle mesh as a contact surface. A closed solid must be a
// closed, edge- and vertex-manifold, consistently and outward oriented surface
// without degenerate or duplicate triangles: the sub-region split (paper §2.4.3)
// needs exactly two faces per edge and outward normals to tell convex from
// concave. Open sheets (boundary surfaces) skip the closed and outward checks.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "contact/geometry/shape.hpp"
#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// Triangle area below this fraction of the squared bounding-box diagonal counts as degenerate.
inline constexpr double kDegenerateAreaFraction = 1e-12;

struct EdgeViolation {
  std::array<int, 2> vertices{};  ///< ascending vertex indices
  std::vector<int> triangles;     ///< the triangles that share the edge
};

struct MeshCheckReport {
  SurfaceKind kind = SurfaceKind::ClosedSolid;
  std::vector<int> bad_index_triangles;                 ///< index out of range
  std::vector<int> degenerate_triangles;                ///< repeated vertex or (near) zero area
  std::vector<std::array<int, 2>> duplicate_triangles;  ///< (first, repeat): same vertex set
  std::vector<EdgeViolation> open_edges;                ///< one triangle (closed solids only)
  std::vector<EdgeViolation> non_manifold_edges;        ///< three or more triangles
  std::vector<EdgeViolation> misoriented_edges;  ///< two triangles running the same direction
  std::vector<int> non_manifold_vertices;        ///< triangle fan splits into several pieces
  double signed_volume = 0;  ///< divergence theorem; > 0 for an outward closed surface

  bool closed() const { return open_edges.empty() && non_manifold_edges.empty(); }
  bool manifold() const { return non_manifold_edges.empty() && non_manifold_vertices.empty(); }
  bool consistently_oriented() const { return misoriented_edges.empty(); }
  /// Meaningful only for a closed, consistently oriented surface.
  bool outward() const { return signed_volume > 0; }
  bool valid() const;

  /// One line per violation, at most `limit` lines (e.g. "open edge (3, 7) of triangle 12").
  std::vector<std::string> describe(std::size_t limit) const;
};

MeshCheckReport check_mesh(const TriangleMesh& mesh, SurfaceKind kind = SurfaceKind::ClosedSolid);

/// InputError naming `file` and the first few violations when check_mesh fails.
void require_valid(const TriangleMesh& mesh, const std::string& file,
                   SurfaceKind kind = SurfaceKind::ClosedSolid);

}  // namespace polydem

// A polyhedral shape split into contact sub-regions (paper §2.4.3): every
// facet (a planar region of one or more coplanar triangles), every non-flat
// edge and every non-flat vertex. Built once per shape and shared
// (std::shared_ptr<const Shape>) by all bodies that use it. Coordinates are in
// the body frame, relative to the pole.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

struct ShapeFace {
  std::array<int, 3> vertices{};  ///< counter-clockwise seen from outside
  Vec3 normal = Vec3::Zero();     ///< unit outward normal, body frame
  /// edges[k] joins vertices[k] and vertices[(k + 1) % 3] (index into Shape::edges).
  std::array<int, 3> edges{-1, -1, -1};
  /// The facet this triangle belongs to, named by its representative: the
  /// facet's lowest face index (facets.hpp).
  int facet = -1;
  /// For a representative of a large facet: its FacetGrid in Shape::facet_grids; else −1.
  int grid = -1;
};

/// Where to look for a point in a large facet (a finely split flat floor): a
/// uniform grid over the facet's plane, body frame, listing per cell the
/// triangles whose boxes meet it (facets.hpp builds it, facet_location.hpp reads it).
struct FacetGrid {
  Vec3 origin = Vec3::Zero();  ///< a point of the plane
  Vec3 u = Vec3::Zero();       ///< unit in-plane axes
  Vec3 v = Vec3::Zero();
  double u_min = 0, v_min = 0;  ///< the grid's corner, in (u, v)
  double cell = 1;              ///< cell size
  int cells_u = 0, cells_v = 0;
  std::vector<int> first;  ///< per cell (u fastest), where its triangles start; one more at the end
  std::vector<int> triangles;  ///< face indices, cell after cell
};

/// Convex: dihedral angle < π seen from inside; concave: > π; flat: coplanar faces.
enum class EdgeKind { Convex, Concave, Flat };

struct ShapeEdge {
  std::array<int, 2> vertices{};  ///< vertices[0] → vertices[1] runs counter-clockwise in faces[0]
  std::array<int, 2>
      faces{};  ///< the two adjacent faces; faces[1] == -1 on the rim of an open sheet
  EdgeKind kind = EdgeKind::Convex;
};

/// Convex: all incident non-flat edges convex; concave: all concave; saddle: both kinds.
enum class VertexKind { Convex, Concave, Saddle };

struct ShapeVertex {
  std::vector<int> faces;  ///< incident faces
  std::vector<int> edges;  ///< incident edges (flat ones included)
  VertexKind kind = VertexKind::Convex;
  /// Every incident edge is flat: the vertex lies inside a planar region, is no
  /// contact candidate of its own, and its kind is left Convex.
  bool flat = false;
};

/// Closed solids bound a body; open sheets are boundary surfaces (walls, ground)
/// whose normals point to the bodies' side and whose rim edges count as convex.
enum class SurfaceKind { ClosedSolid, OpenSheet };

struct Shape {
  std::string name;
  TriangleMesh mesh;
  std::vector<ShapeFace> faces;
  std::vector<ShapeEdge> edges;
  std::vector<ShapeVertex> vertices;
  /// Per face: the faces of its facet (itself first) when it is the facet's
  /// representative, empty otherwise. A facet is a planar region joined by flat
  /// edges; contact sees it as one face sub-region (facets.hpp).
  std::vector<std::vector<int>> facet_faces;
  std::vector<FacetGrid> facet_grids;  ///< of the facets with more than kFacetGridThreshold faces
  double bounding_radius = 0;          ///< max vertex distance from the body-frame origin
  SurfaceKind kind = SurfaceKind::ClosedSolid;
};

}  // namespace polydem

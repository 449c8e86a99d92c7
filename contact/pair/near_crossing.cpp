#include "contact/pair/near_crossing.hpp"

#include <algorithm>
#include <vector>

#include "contact/geometry/mesh_intersection.hpp"

namespace polydem {
namespace {

/// The non-flat edges whose closure holds `region`.
void edge_star(const Shape& shape, SubRegion region, std::vector<int>& out) {
  if (region.kind == SubRegionKind::Edge) out.push_back(region.index);
  if (region.kind != SubRegionKind::Vertex) return;
  for (const int edge : shape.vertices[static_cast<std::size_t>(region.index)].edges)
    if (shape.edges[static_cast<std::size_t>(edge)].kind != EdgeKind::Flat) out.push_back(edge);
}

/// The facets (their representatives) whose closure holds `region`.
void facet_star(const Shape& shape, SubRegion region, std::vector<int>& out) {
  const auto facet_of = [&](int face) { return shape.faces[static_cast<std::size_t>(face)].facet; };
  switch (region.kind) {
    case SubRegionKind::Face:
      out.push_back(region.index);
      return;
    case SubRegionKind::Edge:
      for (const int face : shape.edges[static_cast<std::size_t>(region.index)].faces)
        if (face >= 0) out.push_back(facet_of(face));
      return;
    case SubRegionKind::Vertex:
      for (const int face : shape.vertices[static_cast<std::size_t>(region.index)].faces)
        out.push_back(facet_of(face));
      return;
  }
}

Vec3 world(const PosedBody& body, int vertex) {
  return body.translation +
         body.rotation * body.shape->mesh.vertices[static_cast<std::size_t>(vertex)];
}

bool edge_meets_facet(const PosedBody& edge_side, int edge, const PosedBody& facet_side,
                      int facet) {
  const ShapeEdge& e = edge_side.shape->edges[static_cast<std::size_t>(edge)];
  const Vec3 p = world(edge_side, e.vertices[0]);
  const Vec3 q = world(edge_side, e.vertices[1]);
  const Shape& shape = *facet_side.shape;
  // Both ends strictly on one side of the facet's plane: no triangle of it is met
  // (spares the test of every triangle of a finely split floor).
  const Vec3 normal = facet_side.rotation * shape.faces[static_cast<std::size_t>(facet)].normal;
  const Vec3 corner = world(facet_side, shape.faces[static_cast<std::size_t>(facet)].vertices[0]);
  const double rounding = 1e-12 * (shape.bounding_radius + (p - corner).norm() + (q - p).norm());
  const double side_p = normal.dot(p - corner), side_q = normal.dot(q - corner);
  if ((side_p > rounding && side_q > rounding) || (side_p < -rounding && side_q < -rounding))
    return false;
  const std::vector<int>& faces = shape.facet_faces[static_cast<std::size_t>(facet)];
  const auto meets = [&](int face) {
    const auto& v = shape.faces[static_cast<std::size_t>(face)].vertices;
    return segment_meets_triangle(p, q, world(facet_side, v[0]), world(facet_side, v[1]),
                                  world(facet_side, v[2]));
  };
  if (faces.empty()) return meets(facet);
  return std::any_of(faces.begin(), faces.end(), meets);
}

/// Pairs (edge of x, facet of y), sorted and unique, so that each is tested once.
using EdgeFacet = std::pair<int, int>;

void star_pairs(const Shape& x, SubRegion on_x, const Shape& y, SubRegion on_y,
                std::vector<EdgeFacet>& out) {
  thread_local std::vector<int> edges, facets;
  edges.clear();
  facets.clear();
  edge_star(x, on_x, edges);
  if (edges.empty()) return;
  facet_star(y, on_y, facets);
  for (const int edge : edges)
    for (const int facet : facets) out.emplace_back(edge, facet);
}

void sort_unique(std::vector<EdgeFacet>& pairs) {
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
}

}  // namespace

bool stars_cross(const PosedBody& a, const PosedBody& b, std::span<const NearRegions> near) {
  thread_local std::vector<EdgeFacet> a_edges, b_edges;  // edges of a on facets of b, and back
  a_edges.clear();
  b_edges.clear();
  for (const NearRegions& pair : near) {
    star_pairs(*a.shape, pair.a, *b.shape, pair.b, a_edges);
    star_pairs(*b.shape, pair.b, *a.shape, pair.a, b_edges);
  }
  sort_unique(a_edges);
  sort_unique(b_edges);
  for (const auto& [edge, facet] : a_edges)
    if (edge_meets_facet(a, edge, b, facet)) return true;
  for (const auto& [edge, facet] : b_edges)
    if (edge_meets_facet(b, edge, a, facet)) return true;
  return false;
}

}  // namespace polydem

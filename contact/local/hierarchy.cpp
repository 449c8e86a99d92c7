// Hierarchy rules of §3.6; see hierarchy.hpp.
#include "contact/local/hierarchy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include "contact/geometry/facets.hpp"

namespace polydem {
namespace {

/// A contact seen from one vertex: the vertex (on `vertex_body`) and the other sub-region.
struct VertexView {
  int vertex_body;
  int vertex;
  SubRegion other;
};

/// Every way the contact involves a vertex of one body against a sub-region of the other.
std::vector<VertexView> vertex_views(const LocalContact& c) {
  std::vector<VertexView> views;
  if (c.sub_region_a.kind == SubRegionKind::Vertex)
    views.push_back({0, c.sub_region_a.index, c.sub_region_b});
  if (c.sub_region_b.kind == SubRegionKind::Vertex)
    views.push_back({1, c.sub_region_b.index, c.sub_region_a});
  return views;
}

/// Is vertex `vertex` of `vertex_body` active with sub-region `other` of the other body?
bool is_active(const std::vector<LocalContact>& active, int vertex_body, int vertex,
               SubRegion other) {
  return std::any_of(active.begin(), active.end(), [&](const LocalContact& c) {
    const std::vector<VertexView> views = vertex_views(c);
    return std::any_of(views.begin(), views.end(), [&](const VertexView& v) {
      return v.vertex_body == vertex_body && v.vertex == vertex && v.other == other;
    });
  });
}

/// Rules 1 and 3: the vertex touches both faces of a concave edge, or either
/// face of a convex one (a rim edge of an open sheet counts as convex).
bool vertex_edge_is_redundant(const std::vector<LocalContact>& active, const LocalContact& c,
                              const std::array<const Shape*, 2>& shapes) {
  const VertexView view = vertex_views(c).front();
  const ShapeEdge& edge = shapes[static_cast<std::size_t>(1 - view.vertex_body)]
                              ->edges[static_cast<std::size_t>(view.other.index)];
  const Shape& edge_shape = *shapes[static_cast<std::size_t>(1 - view.vertex_body)];
  const auto touches = [&](int face) {  // a face is in contact through its facet
    return face >= 0 && is_active(active, view.vertex_body, view.vertex,
                                  {SubRegionKind::Face, facet_of(edge_shape, face)});
  };
  if (edge.kind == EdgeKind::Concave)
    return std::all_of(edge.faces.begin(), edge.faces.end(), touches);
  return std::any_of(edge.faces.begin(), edge.faces.end(), touches);
}

/// Rule 2 for one direction: a face or edge attached to `own` is active with `partner`.
bool attached_region_is_active(const std::vector<LocalContact>& active, const Shape& own_shape,
                               int own_body, int own, int partner) {
  const ShapeVertex& vertex = own_shape.vertices[static_cast<std::size_t>(own)];
  const int partner_body = 1 - own_body;
  const auto face_active = [&](int face) {
    return is_active(active, partner_body, partner,
                     {SubRegionKind::Face, facet_of(own_shape, face)});
  };
  const auto edge_active = [&](int edge) {
    return is_active(active, partner_body, partner, {SubRegionKind::Edge, edge});
  };
  return std::any_of(vertex.faces.begin(), vertex.faces.end(), face_active) ||
         std::any_of(vertex.edges.begin(), vertex.edges.end(), edge_active);
}

bool vertex_vertex_is_redundant(const std::vector<LocalContact>& active, const LocalContact& c,
                                const std::array<const Shape*, 2>& shapes) {
  const int a = c.sub_region_a.index;
  const int b = c.sub_region_b.index;
  return attached_region_is_active(active, *shapes[0], 0, a, b) ||
         attached_region_is_active(active, *shapes[1], 1, b, a);
}

/// How close to ±1 an edge coordinate must be for the edge–edge solution to lie at
/// that end's vertex: the edges' closest points are then the vertex's own (to
/// 1e-9 of the edge's length), whichever side of the end rounding put them.
constexpr double kEdgeEndTolerance = 1e-9;

/// Rule 5: contacts whose points on both bodies are this close (relative to each body's
/// bounding radius) are one contact;
constexpr double kSamePointTolerance = 1e-4;
/// the nearest of them stands for it, and gaps this close (relative) are equal, the rank
/// deciding between them.
constexpr double kEqualGapTolerance = 1e-6;

/// Rule 4 for one side: the solution lies at an end of the edge of body
/// `end_body`, and that vertex is active with the other edge, one of its faces
/// or one of its vertices.
bool edge_end_is_taken(const std::vector<LocalContact>& active, const LocalContact& c,
                       const std::array<const Shape*, 2>& shapes, int end_body) {
  const double zeta = c.convective[2 * end_body];
  if (std::abs(zeta) < 1 - kEdgeEndTolerance) return false;
  const auto side = static_cast<std::size_t>(end_body);
  const SubRegion own = end_body == 0 ? c.sub_region_a : c.sub_region_b;
  const SubRegion other = end_body == 0 ? c.sub_region_b : c.sub_region_a;
  const int vertex =
      shapes[side]->edges[static_cast<std::size_t>(own.index)].vertices[zeta > 0 ? 1 : 0];
  const ShapeEdge& edge = shapes[1 - side]->edges[static_cast<std::size_t>(other.index)];
  const auto active_with = [&](SubRegion region) {
    return is_active(active, end_body, vertex, region);
  };
  return active_with(other) ||
         std::any_of(
             edge.faces.begin(), edge.faces.end(),
             [&](int f) {
               return f >= 0 && active_with({SubRegionKind::Face, facet_of(*shapes[1 - side], f)});
             }) ||
         std::any_of(edge.vertices.begin(), edge.vertices.end(), [&](int v) {
           return active_with({SubRegionKind::Vertex, v});
         });
}

bool edge_edge_is_redundant(const std::vector<LocalContact>& active, const LocalContact& c,
                            const std::array<const Shape*, 2>& shapes) {
  return edge_end_is_taken(active, c, shapes, 0) || edge_end_is_taken(active, c, shapes, 1);
}

/// Rule 5: the precedence among contacts that are one contact found again.
int rank_of(Degeneration kind) {
  switch (kind) {
    case Degeneration::VertexFace:
      return 0;
    case Degeneration::VertexEdge:
      return 1;
    case Degeneration::EdgeEdge:
      return 2;
    case Degeneration::VertexVertex:
      break;
  }
  return 3;
}

bool precedes(const LocalContact& c, const LocalContact& d) {
  const double apart = c.normal_gap - d.normal_gap;
  if (std::abs(apart) > kEqualGapTolerance * std::max(c.normal_gap, d.normal_gap)) return apart < 0;
  return std::tuple(rank_of(c.kind), c.sub_region_a, c.sub_region_b) <
         std::tuple(rank_of(d.kind), d.sub_region_a, d.sub_region_b);
}

/// A contact's points on A and on B, each in its body's frame.
using ContactPoints = std::array<Vec3, 2>;

ContactPoints points_of(const LocalContact& c, const std::array<const Shape*, 2>& shapes) {
  return {sub_region_point(*shapes[0], c.sub_region_a, c.convective[0], c.convective[1]),
          sub_region_point(*shapes[1], c.sub_region_b, c.convective[2], c.convective[3])};
}

/// Rule 5 for contact k: another that ranks before it has the same points.
bool found_again(const std::vector<LocalContact>& active, std::size_t k,
                 const std::vector<ContactPoints>& points,
                 const std::array<const Shape*, 2>& shapes) {
  const double tolerance_a = kSamePointTolerance * shapes[0]->bounding_radius;
  const double tolerance_b = kSamePointTolerance * shapes[1]->bounding_radius;
  for (std::size_t j = 0; j < active.size(); ++j) {
    if (j == k || !precedes(active[j], active[k])) continue;
    if ((points[j][0] - points[k][0]).squaredNorm() <= tolerance_a * tolerance_a &&
        (points[j][1] - points[k][1]).squaredNorm() <= tolerance_b * tolerance_b)
      return true;
  }
  return false;
}

}  // namespace

std::vector<LocalContact> apply_contact_hierarchy(const std::vector<LocalContact>& active,
                                                  const Shape& shape_a, const Shape& shape_b) {
  std::vector<LocalContact> kept;
  apply_contact_hierarchy(active, shape_a, shape_b, kept);
  return kept;
}

void apply_contact_hierarchy(const std::vector<LocalContact>& active, const Shape& shape_a,
                             const Shape& shape_b, std::vector<LocalContact>& kept) {
  const std::array<const Shape*, 2> shapes{&shape_a, &shape_b};
  thread_local std::vector<ContactPoints> points;
  points.clear();
  for (const LocalContact& c : active) points.push_back(points_of(c, shapes));
  kept.clear();
  for (std::size_t k = 0; k < active.size(); ++k) {
    const LocalContact& c = active[k];
    const bool redundant =
        (c.kind == Degeneration::VertexEdge && vertex_edge_is_redundant(active, c, shapes)) ||
        (c.kind == Degeneration::VertexVertex && vertex_vertex_is_redundant(active, c, shapes)) ||
        (c.kind == Degeneration::EdgeEdge && edge_edge_is_redundant(active, c, shapes)) ||
        found_again(active, k, points, shapes);
    if (!redundant) kept.push_back(c);
  }
}

}  // namespace polydem

#include "contact/set/contact_history.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "contact/geometry/facets.hpp"

namespace polydem {
namespace {

/// The mesh vertices of a sub-region; unused entries −1.
std::array<int, 3> region_vertex_ids(const Shape& shape, SubRegion region) {
  std::array<int, 3> ids{-1, -1, -1};
  polydem::region_vertex_ids(shape, region, ids);
  return ids;
}

/// Whether every vertex of `inner` is one of `outer`'s.
bool vertices_within(const Shape& shape, SubRegion inner, SubRegion outer) {
  const std::array<int, 3> outer_ids = region_vertex_ids(shape, outer);
  for (int id : region_vertex_ids(shape, inner))
    if (id >= 0 && std::find(outer_ids.begin(), outer_ids.end(), id) == outer_ids.end())
      return false;
  return true;
}

/// Whether `inner` is a vertex or convex edge of `outer` (a higher sub-region of
/// the same shape); a facet's are those of its triangles.
bool bounds(const Shape& shape, SubRegion inner, SubRegion outer) {
  if (!(inner.kind < outer.kind)) return false;
  if (inner.kind == SubRegionKind::Edge &&
      shape.edges[static_cast<std::size_t>(inner.index)].kind != EdgeKind::Convex)
    return false;
  if (outer.kind != SubRegionKind::Face) return vertices_within(shape, inner, outer);
  const std::vector<int>& triangles = facet_members(shape, outer.index);
  return std::any_of(triangles.begin(), triangles.end(), [&](int triangle) {
    return vertices_within(shape, inner, {SubRegionKind::Face, triangle});
  });
}

/// Whether two sub-regions of a shape are a region and one of its bounding sub-regions.
bool neighbours(const Shape& shape, SubRegion x, SubRegion y) {
  return bounds(shape, x, y) || bounds(shape, y, x);
}

}  // namespace

// The same point contact, handed from one sub-region pair to its neighbour: a
// vertex of one side that moves from a face of the other onto the face's
// convex edge (or from an edge onto its vertex, and back) is one contact, whose
// friction history goes with it (across a flat face's diagonal it is one
// contact anyway: the face sub-region is the facet, contact/geometry/facets.hpp).
// Only one of such a pair is active at a time (the hierarchy's rules 2 and 3,
// contact/local/hierarchy.hpp); where a pair has several neighbours in range
// (a face's two edges at a corner), one of them takes the history
// (CandidateData::history), so it is not doubled. Without the
// handover the newcomer started from g_t = 0: a vertex resting on the border
// of a face (bricks of a wall, cubes of a stack with flush sides) lost its
// friction force whenever rounding moved it across, and the active set cycled
// between the two pairs. The energy ledger goes on from the donor's state as
// well (its force, slip velocity and spring energy at i; step_ledger.cpp).
ContactHistories::const_iterator handed_over_history(const ContactHistories& histories,
                                                     const ContactKey& key, const Shape& shape_a,
                                                     const Shape& shape_b) {
  const SubRegion lowest{SubRegionKind::Vertex, std::numeric_limits<int>::min()};
  for (auto it = histories.lower_bound({key.body_a, key.body_b, key.boundary, lowest, lowest});
       it != histories.end() && it->first.body_a == key.body_a && it->first.body_b == key.body_b &&
       it->first.boundary == key.boundary;
       ++it) {
    if (takes_over_from(it->first, key.region_a, key.region_b, shape_a, shape_b)) return it;
  }
  return histories.end();
}

bool takes_over_from(const ContactKey& donor, SubRegion region_a, SubRegion region_b,
                     const Shape& shape_a, const Shape& shape_b) {
  const bool same_vertex_a = donor.region_a == region_a && region_a.kind == SubRegionKind::Vertex;
  const bool same_vertex_b = donor.region_b == region_b && region_b.kind == SubRegionKind::Vertex;
  return (same_vertex_a && neighbours(shape_b, donor.region_b, region_b)) ||
         (same_vertex_b && neighbours(shape_a, donor.region_a, region_a));
}

}  // namespace polydem

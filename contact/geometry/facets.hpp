// Facets: the planar regions of a shape (paper §2.4.3, "flat" faces).
//
// A mesh splits a flat face of a solid into triangles along arbitrary
// diagonals. The contact problems of §2.4 must not see that split: a vertex
// sliding across a diagonal is one contact with one friction history (eqs.
// 54–58), and a vertex resting on a diagonal is one contact, not two. So the
// face sub-region of contact is the facet: the triangles joined by flat edges,
// named by its lowest face index (the representative), whose plane it shares.
// A vertex–face contact solves eq. (34) on the representative's vertices
// (any three points of the plane give the same gap and derivatives for a
// rigid body) and is valid where the projection lies in any of the facet's
// triangles (facet_location.hpp).
//
// Every member's normal lies within flat_angle of the representative's; a
// flat edge that would join a face beyond that (a surface curving by small
// steps) is made a real edge again, of its own kind, so that a facet stays a
// plane and a flat edge is always interior to one facet.
#pragma once

#include "contact/geometry/shape.hpp"

namespace polydem {

/// Facets of more faces than this get a FacetGrid, so that finding the triangle
/// under a point does not loop over all of them.
constexpr std::size_t kFacetGridThreshold = 16;

/// Groups the faces of `shape` (faces, edges and face edges built) into facets:
/// sets ShapeFace::facet and Shape::facet_faces, gives flat edges that would
/// bend a facet their convex or concave kind, and grids the large facets.
void build_facets(Shape& shape, double flat_angle);

/// The facet (representative face index) of face `face`.
inline int facet_of(const Shape& shape, int face) {
  return shape.faces[static_cast<std::size_t>(face)].facet;
}

/// The faces of the facet whose representative is `facet`.
inline const std::vector<int>& facet_members(const Shape& shape, int facet) {
  return shape.facet_faces[static_cast<std::size_t>(facet)];
}

}  // namespace polydem

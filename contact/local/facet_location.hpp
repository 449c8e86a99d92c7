// Where a vertex projects on a facet (facets.hpp): the validity test of a
// vertex–face contact (§2.4.4) when the face sub-region is a planar region of
// one or more triangles.
//
// The projection is inside when it lies in one of the facet's triangles. Across
// the facet's rim (its convex or concave edges) the open range of §2.4.4,
// widened by the parametric tolerance, holds: the rim's own edge and vertex
// pairs take over there. Across a flat edge, which is interior to the facet,
// the triangles' closed ranges overlap by a rounding margin, so that a point
// on a diagonal is inside whatever the rounding, and exactly once: the facet
// is one contact.
#pragma once

#include <Eigen/Core>

#include "contact/geometry/shape.hpp"

namespace polydem {

/// The barycentric weights (N1, N2, N3) of a face's convective coordinates
/// c = (ζ, θ) of eq. (27).
inline Eigen::Vector3d face_weights(const Eigen::Vector2d& c) {
  return {-(c.x() + c.y()) / 2, (1 + c.x()) / 2, (1 + c.y()) / 2};
}

/// Is the projection inside triangle `face`, whose weights for it are `weights`?
/// Rim edges need N > −tolerance/2, flat edges N ≥ −(a rounding margin).
bool inside_facet_triangle(const Shape& shape, int face, const Eigen::Vector3d& weights,
                           double tolerance);

/// Is the projection of `point` inside the facet `facet` (its representative's
/// index)? `weights` are the point's weights in the representative (from the
/// world positions the contact uses, so a one-triangle facet decides exactly as
/// the triangle); `corner` is the world position of the representative's first
/// vertex and `rotation` the body's rotation (body frame → world).
bool facet_contains(const Shape& shape, int facet, const Eigen::Vector3d& weights,
                    const Mat3& rotation, const Vec3& corner, const Vec3& point, double tolerance);

}  // namespace polydem

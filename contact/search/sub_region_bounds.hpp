// Bounding volumes of a shape's contact sub-regions (paper §2.5.1, second
// level), in the body frame: the primitive itself (a vertex is a point, an edge
// a segment, a face a triangle), its axis-aligned box and a bounding sphere (a
// vertex's point, the sphere on an edge's midpoint, the sphere about a face's
// centroid through its farthest vertex). Computed once per shape and shared by
// every body that uses it.
#pragma once

#include <array>
#include <vector>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"

namespace polydem {

struct SubRegionBounds {
  SubRegion region;
  std::array<Vec3, 3> vertices{};  ///< the primitive's vertices, body frame (count of them)
  int count = 0;                   ///< 1 vertex, 2 edge, 3 face
  Vec3 centre = Vec3::Zero();      ///< bounding sphere, body frame
  double radius = 0;
  Vec3 box_min = Vec3::Zero();  ///< axis-aligned box, body frame
  Vec3 box_max = Vec3::Zero();
};

/// One entry per contact sub-region, in contact_sub_regions order; a facet has
/// one entry per triangle, each naming the facet.
std::vector<SubRegionBounds> sub_region_bounds(const Shape& shape);

}  // namespace polydem

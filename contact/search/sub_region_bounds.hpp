// Bounding spheres of a shape's contact sub-regions (paper §2.5.1, second
// level), in the body frame: a vertex is a point, an edge the sphere on its
// midpoint, a face the sphere about its centroid through its farthest vertex.
// Computed once per shape and shared by every body that uses it.
#pragma once

#include <vector>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"

namespace polydem {

struct SubRegionSphere {
  SubRegion region;
  Vec3 centre = Vec3::Zero();  ///< body frame
  double radius = 0;
};

/// One sphere per contact sub-region (contact_sub_regions order).
std::vector<SubRegionSphere> sub_region_spheres(const Shape& shape);

}  // namespace polydem

#include "contact/search/sub_region_bounds.hpp"

#include <algorithm>
#include <span>

#include "contact/geometry/facets.hpp"
#include "contact/local/pair_query.hpp"

namespace polydem {
namespace {

/// The bounds of `region`; of face `triangle` for a facet (whose other faces have their own).
SubRegionBounds bounds_of(const Shape& shape, SubRegion region, int triangle) {
  const auto vertex = [&](int id) -> const Vec3& {
    return shape.mesh.vertices[static_cast<std::size_t>(id)];
  };
  const auto index = static_cast<std::size_t>(region.index);
  SubRegionBounds bounds;
  bounds.region = region;
  switch (region.kind) {
    case SubRegionKind::Vertex:
      bounds.vertices[0] = vertex(region.index);
      bounds.count = 1;
      break;
    case SubRegionKind::Edge:
      for (std::size_t k = 0; k < 2; ++k)
        bounds.vertices[k] = vertex(shape.edges[index].vertices[k]);
      bounds.count = 2;
      break;
    case SubRegionKind::Face:
      for (std::size_t k = 0; k < 3; ++k)
        bounds.vertices[k] = vertex(shape.faces[static_cast<std::size_t>(triangle)].vertices[k]);
      bounds.count = 3;
      break;
  }
  const auto corners = std::span(bounds.vertices).first(static_cast<std::size_t>(bounds.count));
  bounds.box_min = bounds.box_max = corners.front();
  for (const Vec3& x : corners) {
    bounds.centre += x / bounds.count;
    bounds.box_min = bounds.box_min.cwiseMin(x);
    bounds.box_max = bounds.box_max.cwiseMax(x);
  }
  for (const Vec3& x : corners) bounds.radius = std::max(bounds.radius, (x - bounds.centre).norm());
  return bounds;
}

}  // namespace

std::vector<SubRegionBounds> sub_region_bounds(const Shape& shape) {
  std::vector<SubRegionBounds> bounds;
  for (const SubRegion region : contact_sub_regions(shape)) {
    if (region.kind != SubRegionKind::Face) {
      bounds.push_back(bounds_of(shape, region, -1));
      continue;
    }
    // A facet is bounded triangle by triangle: each is a primitive of the
    // facet's sub-region, and the search reports the facet once.
    for (const int triangle : facet_members(shape, region.index))
      bounds.push_back(bounds_of(shape, region, triangle));
  }
  return bounds;
}

}  // namespace polydem

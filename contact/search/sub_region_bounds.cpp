#include "contact/search/sub_region_bounds.hpp"

#include <algorithm>

#include "contact/local/pair_query.hpp"

namespace polydem {
namespace {

SubRegionSphere sphere_of(const Shape& shape, SubRegion region) {
  const auto vertex = [&](int id) -> const Vec3& {
    return shape.mesh.vertices[static_cast<std::size_t>(id)];
  };
  const auto index = static_cast<std::size_t>(region.index);
  SubRegionSphere sphere{region, Vec3::Zero(), 0.0};
  switch (region.kind) {
    case SubRegionKind::Vertex:
      sphere.centre = vertex(region.index);
      break;
    case SubRegionKind::Edge: {
      const auto& v = shape.edges[index].vertices;
      sphere.centre = 0.5 * (vertex(v[0]) + vertex(v[1]));
      sphere.radius = 0.5 * (vertex(v[1]) - vertex(v[0])).norm();
      break;
    }
    case SubRegionKind::Face: {
      const auto& v = shape.faces[index].vertices;
      sphere.centre = (vertex(v[0]) + vertex(v[1]) + vertex(v[2])) / 3.0;
      for (int id : v) sphere.radius = std::max(sphere.radius, (vertex(id) - sphere.centre).norm());
      break;
    }
  }
  return sphere;
}

}  // namespace

std::vector<SubRegionSphere> sub_region_spheres(const Shape& shape) {
  std::vector<SubRegionSphere> spheres;
  for (const SubRegion region : contact_sub_regions(shape)) spheres.push_back(sphere_of(shape, region));
  return spheres;
}

}  // namespace polydem

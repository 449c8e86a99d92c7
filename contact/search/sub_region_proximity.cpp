#include "contact/search/sub_region_proximity.hpp"

#include "contact/search/primitive_distance.hpp"

namespace polydem {

Vec3 world_point(const SearchObject& object, const Vec3& body_point) {
  return object.position + object.rotation * body_point;
}

WorldPrimitive world_primitive(const SearchObject& object, const SubRegionBounds& bounds) {
  WorldPrimitive primitive;
  primitive.count = bounds.count;
  for (std::size_t k = 0; k < static_cast<std::size_t>(bounds.count); ++k)
    primitive.vertices[k] = world_point(object, bounds.vertices[k]);
  return primitive;
}

double primitives_squared_distance(const WorldPrimitive& a, const WorldPrimitive& b) {
  const auto& x = a.vertices;
  const auto& y = b.vertices;
  switch (a.count * 4 + b.count) {
    case 1 * 4 + 1:
      return squared_distance_point_point(x[0], y[0]);
    case 1 * 4 + 2:
      return squared_distance_point_segment(x[0], y[0], y[1]);
    case 2 * 4 + 1:
      return squared_distance_point_segment(y[0], x[0], x[1]);
    case 1 * 4 + 3:
      return squared_distance_point_triangle(x[0], y[0], y[1], y[2]);
    case 3 * 4 + 1:
      return squared_distance_point_triangle(y[0], x[0], x[1], x[2]);
    case 2 * 4 + 2:
      return squared_distance_segment_segment(x[0], x[1], y[0], y[1]);
    default:
      return 0.0;  // edge–face, face–face: no degeneration
  }
}

bool primitives_within(const WorldPrimitive& a, const WorldPrimitive& b, double reach) {
  const double limit = reach * (1 + kReachTolerance);
  return primitives_squared_distance(a, b) <= limit * limit;
}

bool bounding_spheres_overlap(const SearchObject& a, const SearchObject& b, double skin) {
  const double reach =
      a.shape->bounding_radius + b.shape->bounding_radius + skin + a.margin + b.margin;
  return (a.position - b.position).norm() <= reach * (1 + kReachTolerance);
}

}  // namespace polydem

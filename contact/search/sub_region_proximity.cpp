#include "contact/search/sub_region_proximity.hpp"

#include "contact/search/primitive_distance.hpp"

namespace polydem {

Vec3 world_point(const SearchObject& object, const Vec3& body_point) {
  return object.position + object.rotation * body_point;
}

void WorldPrimitive::bound() {
  low = high = vertices[0];
  for (std::size_t k = 1; k < static_cast<std::size_t>(count); ++k) {
    low = low.cwiseMin(vertices[k]);
    high = high.cwiseMax(vertices[k]);
  }
}

WorldPrimitive world_primitive(const SearchObject& object, const SubRegionBounds& bounds) {
  WorldPrimitive primitive;
  primitive.count = bounds.count;
  for (std::size_t k = 0; k < static_cast<std::size_t>(bounds.count); ++k)
    primitive.vertices[k] = world_point(object, bounds.vertices[k]);
  primitive.bound();  // once per primitive: the cache serves it to many pairs
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

namespace {

/// The squared gap between the boxes of a and b: a lower bound of the squared
/// distance of their points, in six subtractions.
double boxes_squared_gap(const WorldPrimitive& a, const WorldPrimitive& b) {
  return (b.low - a.high).cwiseMax(a.low - b.high).cwiseMax(0.0).squaredNorm();
}

/// The boxes' test is widened far beyond the rounding of either distance, so that it
/// only ever drops pairs the exact test would drop: the same candidates, bit for bit.
constexpr double kBoxTolerance = 1e-6;

}  // namespace

// Most pairs that reach here (their bounding spheres within reach) are not within
// it: on the 60 tetrapods' fill 95 % of 52 million, and their boxes are apart for
// 61 %, which spares those the exact distance of segments or a point and a triangle.
bool primitives_within(const WorldPrimitive& a, const WorldPrimitive& b, double reach) {
  const double limit = reach * (1 + kReachTolerance);
  const bool has_degeneration = a.count + b.count <= 4;  // not edge–face, face–face
  if (has_degeneration) {
    const double box_limit = limit * (1 + kBoxTolerance);
    if (boxes_squared_gap(a, b) > box_limit * box_limit) return false;
  }
  return primitives_squared_distance(a, b) <= limit * limit;
}

bool bounding_spheres_overlap(const SearchObject& a, const SearchObject& b, double skin) {
  const double reach =
      a.shape->bounding_radius + b.shape->bounding_radius + skin + a.margin + b.margin;
  return (a.position - b.position).norm() <= reach * (1 + kReachTolerance);
}

}  // namespace polydem

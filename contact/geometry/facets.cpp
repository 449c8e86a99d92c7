#include "contact/geometry/facets.hpp"

#include <Eigen/Geometry>
#include <cmath>

#include "contact/geometry/shape_builder.hpp"

namespace polydem {
namespace {

double angle_between(const Vec3& n0, const Vec3& n1) {
  return std::atan2(n0.cross(n1).norm(), n0.dot(n1));
}

/// The convex or concave kind of a flat edge that must bound a facet.
EdgeKind bent_kind(const Shape& shape, const ShapeEdge& edge) {
  const Vec3 direction = shape.mesh.vertices[static_cast<std::size_t>(edge.vertices[1])] -
                         shape.mesh.vertices[static_cast<std::size_t>(edge.vertices[0])];
  const Vec3& n0 = shape.faces[static_cast<std::size_t>(edge.faces[0])].normal;
  const Vec3& n1 = shape.faces[static_cast<std::size_t>(edge.faces[1])].normal;
  return classify_edge(n0, n1, direction, -1.0);
}

/// Grows the facet of `seed` (its representative) across flat edges, breadth first.
void grow_facet(Shape& shape, int seed, double flat_angle) {
  std::vector<int>& members = shape.facet_faces[static_cast<std::size_t>(seed)];
  const Vec3 normal = shape.faces[static_cast<std::size_t>(seed)].normal;
  shape.faces[static_cast<std::size_t>(seed)].facet = seed;
  members.push_back(seed);
  for (std::size_t next = 0; next < members.size(); ++next) {
    const ShapeFace face = shape.faces[static_cast<std::size_t>(members[next])];
    for (const int e : face.edges) {
      if (e < 0) continue;
      ShapeEdge& edge = shape.edges[static_cast<std::size_t>(e)];
      if (edge.kind != EdgeKind::Flat) continue;
      const int neighbour = edge.faces[0] == members[next] ? edge.faces[1] : edge.faces[0];
      ShapeFace& other = shape.faces[static_cast<std::size_t>(neighbour)];
      if (other.facet == seed) continue;
      if (other.facet >= 0 || angle_between(normal, other.normal) > flat_angle) {
        edge.kind = bent_kind(shape, edge);
        continue;
      }
      other.facet = seed;
      members.push_back(neighbour);
    }
  }
}

}  // namespace

void build_facets(Shape& shape, double flat_angle) {
  shape.facet_faces.assign(shape.faces.size(), {});
  for (ShapeFace& face : shape.faces) face.facet = -1;
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f)
    if (shape.faces[static_cast<std::size_t>(f)].facet < 0) grow_facet(shape, f, flat_angle);
}

}  // namespace polydem

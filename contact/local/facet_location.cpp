#include "contact/local/facet_location.hpp"

#include "contact/geometry/facets.hpp"
#include "contact/local/vertex_face.hpp"

namespace polydem {
namespace {

/// How far (in barycentric weight) the triangles of a facet overlap across a
/// flat edge: a point on a diagonal is in both, whatever the rounding.
constexpr double kFlatEdgeOverlap = 1e-12;

/// Relative determinant below which a triangle of the facet is degenerate.
constexpr double kDegenerateTriangle = 1e-12;

}  // namespace

bool inside_facet_triangle(const Shape& shape, int face, const Eigen::Vector3d& weights,
                           double tolerance) {
  const ShapeFace& triangle = shape.faces[static_cast<std::size_t>(face)];
  for (std::size_t k = 0; k < 3; ++k) {
    const int edge = triangle.edges[k];
    const bool flat =
        edge >= 0 && shape.edges[static_cast<std::size_t>(edge)].kind == EdgeKind::Flat;
    // Edge k joins vertices k and k + 1: the weight of vertex k + 2 vanishes on it.
    const double weight = weights[static_cast<Eigen::Index>((k + 2) % 3)];
    if (flat ? !(weight >= -kFlatEdgeOverlap) : !(weight > -tolerance / 2)) return false;
  }
  return true;
}

bool facet_contains(const Shape& shape, int facet, const Eigen::Vector3d& weights,
                    const Mat3& rotation, const Vec3& corner, const Vec3& point, double tolerance) {
  if (inside_facet_triangle(shape, facet, weights, tolerance)) return true;
  const std::vector<int>& members = shape.facet_faces[static_cast<std::size_t>(facet)];
  if (members.size() < 2) return false;
  const auto reference = [&](int vertex) -> const Vec3& {
    return shape.mesh.vertices[static_cast<std::size_t>(vertex)];
  };
  // The other triangles are judged in the body frame: one transformation of the point.
  const Vec3 local = reference(shape.faces[static_cast<std::size_t>(facet)].vertices[0]) +
                     rotation.transpose() * (point - corner);
  for (std::size_t m = 1; m < members.size(); ++m) {
    const auto& v = shape.faces[static_cast<std::size_t>(members[m])].vertices;
    const auto c = vertex_face_coordinates(local, reference(v[0]), reference(v[1]), reference(v[2]),
                                           kDegenerateTriangle);
    if (c && inside_facet_triangle(shape, members[m], face_weights(*c), tolerance)) return true;
  }
  return false;
}

}  // namespace polydem

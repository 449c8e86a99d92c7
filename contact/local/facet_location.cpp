#include "contact/local/facet_location.hpp"

#include <cmath>
#include <span>

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

namespace {

/// The facet's triangles that may hold the body-frame point `local`: those of
/// its grid cell for a large facet (none off the grid), or all of them.
std::span<const int> candidate_triangles(const Shape& shape, int facet, const Vec3& local,
                                         double tolerance) {
  const std::vector<int>& members = shape.facet_faces[static_cast<std::size_t>(facet)];
  const int grid_index = shape.faces[static_cast<std::size_t>(facet)].grid;
  // A widened range reaches beyond the triangles' boxes: the grid does not serve it.
  if (grid_index < 0 || tolerance > 0) return members;
  const FacetGrid& grid = shape.facet_grids[static_cast<std::size_t>(grid_index)];
  const Vec3 d = local - grid.origin;
  const double i = std::floor((d.dot(grid.u) - grid.u_min) / grid.cell);
  const double j = std::floor((d.dot(grid.v) - grid.v_min) / grid.cell);
  if (!(i >= 0 && i < grid.cells_u && j >= 0 && j < grid.cells_v)) return {};
  const auto cell =
      static_cast<std::size_t>(static_cast<int>(j) * grid.cells_u + static_cast<int>(i));
  return std::span(grid.triangles)
      .subspan(static_cast<std::size_t>(grid.first[cell]),
               static_cast<std::size_t>(grid.first[cell + 1] - grid.first[cell]));
}

}  // namespace

bool facet_contains(const Shape& shape, int facet, const Eigen::Vector3d& weights,
                    const Mat3& rotation, const Vec3& corner, const Vec3& point, double tolerance) {
  if (inside_facet_triangle(shape, facet, weights, tolerance)) return true;
  if (shape.facet_faces[static_cast<std::size_t>(facet)].size() < 2) return false;
  const auto reference = [&](int vertex) -> const Vec3& {
    return shape.mesh.vertices[static_cast<std::size_t>(vertex)];
  };
  // The other triangles are judged in the body frame: one transformation of the point.
  const Vec3 local = reference(shape.faces[static_cast<std::size_t>(facet)].vertices[0]) +
                     rotation.transpose() * (point - corner);
  for (const int triangle : candidate_triangles(shape, facet, local, tolerance)) {
    if (triangle == facet) continue;  // tested above, in world coordinates
    const auto& v = shape.faces[static_cast<std::size_t>(triangle)].vertices;
    const auto c = vertex_face_coordinates(local, reference(v[0]), reference(v[1]), reference(v[2]),
                                           kDegenerateTriangle);
    if (c && inside_facet_triangle(shape, triangle, face_weights(*c), tolerance)) return true;
  }
  return false;
}

}  // namespace polydem

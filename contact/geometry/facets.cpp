#include "contact/geometry/facets.hpp"

#include <Eigen/Geometry>
#include <algorithm>
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

/// A facet triangle's box in the grid's (u, v) coordinates.
struct PlaneBox {
  double u_min, u_max, v_min, v_max;
};

PlaneBox plane_box(const Shape& shape, const FacetGrid& grid, int face) {
  PlaneBox box{HUGE_VAL, -HUGE_VAL, HUGE_VAL, -HUGE_VAL};
  for (const int vertex : shape.faces[static_cast<std::size_t>(face)].vertices) {
    const Vec3 d = shape.mesh.vertices[static_cast<std::size_t>(vertex)] - grid.origin;
    box = {std::min(box.u_min, d.dot(grid.u)), std::max(box.u_max, d.dot(grid.u)),
           std::min(box.v_min, d.dot(grid.v)), std::max(box.v_max, d.dot(grid.v))};
  }
  return box;
}

/// The grid's axes, extent and cell size: about two triangles a cell.
FacetGrid grid_frame(const Shape& shape, int facet, const std::vector<int>& members) {
  FacetGrid grid;
  const auto& v = shape.faces[static_cast<std::size_t>(facet)].vertices;
  grid.origin = shape.mesh.vertices[static_cast<std::size_t>(v[0])];
  grid.u = (shape.mesh.vertices[static_cast<std::size_t>(v[1])] - grid.origin).normalized();
  grid.v = shape.faces[static_cast<std::size_t>(facet)].normal.cross(grid.u);
  PlaneBox all{HUGE_VAL, -HUGE_VAL, HUGE_VAL, -HUGE_VAL};
  for (const int face : members) {
    const PlaneBox b = plane_box(shape, grid, face);
    all = {std::min(all.u_min, b.u_min), std::max(all.u_max, b.u_max), std::min(all.v_min, b.v_min),
           std::max(all.v_max, b.v_max)};
  }
  const double area = (all.u_max - all.u_min) * (all.v_max - all.v_min);
  grid.cell = std::sqrt(2 * area / static_cast<double>(members.size()));
  if (!(grid.cell > 0)) grid.cell = std::max(all.u_max - all.u_min, all.v_max - all.v_min);
  grid.u_min = all.u_min;
  grid.v_min = all.v_min;
  const auto count = [&](double extent) { return 1 + static_cast<long>(extent / grid.cell); };
  // A long, thin facet would get many empty cells: at most four a triangle.
  while (count(all.u_max - all.u_min) * count(all.v_max - all.v_min) >
         4 * static_cast<long>(members.size()))
    grid.cell *= 2;
  grid.cells_u = static_cast<int>(count(all.u_max - all.u_min));
  grid.cells_v = static_cast<int>(count(all.v_max - all.v_min));
  return grid;
}

/// Lists each triangle of the facet in the cells its box (widened against rounding) meets.
void fill_grid(const Shape& shape, const std::vector<int>& members, FacetGrid& grid) {
  const double pad = 1e-9 * grid.cell;
  std::vector<std::vector<int>> cells(static_cast<std::size_t>(grid.cells_u * grid.cells_v));
  const auto index = [&](double x, double low, int count) {
    return std::clamp(static_cast<int>(std::floor((x - low) / grid.cell)), 0, count - 1);
  };
  for (const int face : members) {
    const PlaneBox b = plane_box(shape, grid, face);
    for (int j = index(b.v_min - pad, grid.v_min, grid.cells_v);
         j <= index(b.v_max + pad, grid.v_min, grid.cells_v); ++j)
      for (int i = index(b.u_min - pad, grid.u_min, grid.cells_u);
           i <= index(b.u_max + pad, grid.u_min, grid.cells_u); ++i)
        cells[static_cast<std::size_t>(j * grid.cells_u + i)].push_back(face);
  }
  grid.first.assign(1, 0);
  for (const std::vector<int>& cell : cells) {
    grid.triangles.insert(grid.triangles.end(), cell.begin(), cell.end());
    grid.first.push_back(static_cast<int>(grid.triangles.size()));
  }
}

}  // namespace

void build_facets(Shape& shape, double flat_angle) {
  shape.facet_faces.assign(shape.faces.size(), {});
  for (ShapeFace& face : shape.faces) face.facet = -1;
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f)
    if (shape.faces[static_cast<std::size_t>(f)].facet < 0) grow_facet(shape, f, flat_angle);
  shape.facet_grids.clear();
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f) {
    const std::vector<int>& members = shape.facet_faces[static_cast<std::size_t>(f)];
    shape.faces[static_cast<std::size_t>(f)].grid = -1;
    if (members.size() <= kFacetGridThreshold) continue;
    FacetGrid grid = grid_frame(shape, f, members);
    fill_grid(shape, members, grid);
    shape.faces[static_cast<std::size_t>(f)].grid = static_cast<int>(shape.facet_grids.size());
    shape.facet_grids.push_back(std::move(grid));
  }
}

}  // namespace polydem

#include "contact/geometry/generators.hpp"

#include <cmath>
#include <string>

#include "src/core/errors.hpp"

namespace polydem {
namespace {

void require_positive(double value, const std::string& name) {
  if (!(value > 0) || !std::isfinite(value))
    throw InputError(SourceMark{"generator"}, name, "must be positive and finite");
}

}  // namespace

TriangleMesh make_box(double hx, double hy, double hz) {
  require_positive(hx, "hx");
  require_positive(hy, "hy");
  require_positive(hz, "hz");
  TriangleMesh box;
  for (int k = 0; k < 8; ++k)  // bit 0 → x, bit 1 → y, bit 2 → z
    box.vertices.emplace_back(k & 1 ? hx : -hx, k & 2 ? hy : -hy, k & 4 ? hz : -hz);
  box.triangles = {{0, 2, 1}, {1, 2, 3},   // z = −hz
                   {4, 5, 6}, {5, 7, 6},   // z = +hz
                   {0, 1, 4}, {1, 5, 4},   // y = −hy
                   {2, 6, 3}, {3, 6, 7},   // y = +hy
                   {0, 4, 2}, {2, 4, 6},   // x = −hx
                   {1, 3, 5}, {3, 7, 5}};  // x = +hx
  return box;
}

TriangleMesh make_tetrahedron(double circumradius) {
  require_positive(circumradius, "circumradius");
  const double r = circumradius;
  // Apex on +z, base at z = −r/3 with its corners on a circle of radius r·√8/3.
  const double base_radius = r * std::sqrt(8.0) / 3;
  TriangleMesh tet;
  tet.vertices.emplace_back(0, 0, r);
  for (int k = 0; k < 3; ++k) {
    double angle = 2 * M_PI * k / 3;
    tet.vertices.emplace_back(base_radius * std::cos(angle), base_radius * std::sin(angle), -r / 3);
  }
  tet.triangles = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};
  return tet;
}

TriangleMesh make_tetrahedron_with_edge(double edge) {
  require_positive(edge, "edge");
  return make_tetrahedron(edge * std::sqrt(6.0) / 4);
}

TriangleMesh make_octahedron(double circumradius) {
  require_positive(circumradius, "circumradius");
  const double r = circumradius;
  TriangleMesh oct;
  oct.vertices = {{r, 0, 0}, {-r, 0, 0}, {0, r, 0}, {0, -r, 0}, {0, 0, r}, {0, 0, -r}};
  oct.triangles = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                   {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  return oct;
}

TriangleMesh make_octahedron_with_edge(double edge) {
  require_positive(edge, "edge");
  return make_octahedron(edge / std::sqrt(2.0));
}

}  // namespace polydem

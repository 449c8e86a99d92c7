// Facets (contact/geometry/facets.hpp): the planar regions contact sees as one
// face sub-region. References: a box has six sides of two triangles; a flat
// sheet split into a grid is one facet; a surface curving by steps below the
// flat angle is never merged into one bent "plane" (every member of a facet
// within the flat angle of its representative), brute-forced over all faces.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <random>

#include "contact/geometry/facets.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/local/facet_location.hpp"
#include "contact/local/vertex_face.hpp"

using namespace polydem;

namespace {

double angle_between(const Vec3& a, const Vec3& b) {
  return std::atan2(a.cross(b).norm(), a.dot(b));
}

/// Every face's facet is a representative that lists it, itself first.
void check_partition(const Shape& shape) {
  std::size_t listed = 0;
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f) {
    const int rep = facet_of(shape, f);
    REQUIRE(rep >= 0);
    REQUIRE(rep <= f);
    const std::vector<int>& members = facet_members(shape, rep);
    REQUIRE_FALSE(members.empty());
    CHECK(members.front() == rep);
    CHECK(std::count(members.begin(), members.end(), f) == 1);
    if (rep == f) listed += members.size();
  }
  CHECK(listed == shape.faces.size());
}

/// An open strip of `n` quads along x, each turned by `step` radians about x from the last.
TriangleMesh bent_strip(int n, double step) {
  TriangleMesh mesh;
  double angle = 0;
  Vec3 y_edge(0, 1, 0);
  for (int k = 0; k <= n; ++k) {
    const double x = k;
    mesh.vertices.push_back(Vec3(x, 0, 0));
    mesh.vertices.push_back(Vec3(x, 0, 0) + y_edge);
    angle += step;
    y_edge = Vec3(0, std::cos(angle), std::sin(angle));
  }
  for (int k = 0; k < n; ++k) {
    const int a = 2 * k, b = 2 * k + 2, c = 2 * k + 3, d = 2 * k + 1;
    mesh.triangles.push_back({a, b, c});
    mesh.triangles.push_back({a, c, d});
  }
  return mesh;
}

}  // namespace

TEST_CASE("a box has six facets of two triangles", "[geometry][facets]") {
  const auto box = build_shape(make_box(0.5, 0.3, 0.2), "box");
  check_partition(*box);
  int facets = 0;
  for (int f = 0; f < static_cast<int>(box->faces.size()); ++f) {
    if (facet_of(*box, f) != f) continue;
    ++facets;
    CHECK(facet_members(*box, f).size() == 2);
    for (const int m : facet_members(*box, f))
      CHECK(box->faces[static_cast<std::size_t>(m)].normal.isApprox(
          box->faces[static_cast<std::size_t>(f)].normal, 1e-15));
  }
  CHECK(facets == 6);
}

TEST_CASE("a flat sheet split into a grid is one facet", "[geometry][facets]") {
  TriangleMesh grid;
  const int n = 4;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) grid.vertices.push_back(Vec3(i, j, 0));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, d = a + n + 1;
      grid.triangles.push_back({a, b, c});
      grid.triangles.push_back({a, c, d});
    }
  const auto sheet = build_boundary_shape(grid, "grid");
  check_partition(*sheet);
  CHECK(facet_members(*sheet, 0).size() == static_cast<std::size_t>(2 * n * n));
}

TEST_CASE("a surface curving by steps below the flat angle is not one bent facet",
          "[geometry][facets]") {
  const double flat_angle = 1e-4;
  const auto strip = build_boundary_shape(bent_strip(10, 0.6 * flat_angle), "strip", flat_angle);
  check_partition(*strip);
  int facets = 0;
  for (int f = 0; f < static_cast<int>(strip->faces.size()); ++f) {
    const int rep = facet_of(*strip, f);
    facets += rep == f ? 1 : 0;
    CHECK(angle_between(strip->faces[static_cast<std::size_t>(f)].normal,
                        strip->faces[static_cast<std::size_t>(rep)].normal) <= flat_angle);
  }
  CHECK(facets > 1);
  // A flat edge is interior to one facet; an edge between two facets is a real edge.
  for (const ShapeEdge& edge : strip->edges) {
    if (edge.faces[1] < 0) continue;
    const bool same = facet_of(*strip, edge.faces[0]) == facet_of(*strip, edge.faces[1]);
    CHECK(same == (edge.kind == EdgeKind::Flat));
  }
}

// The grid of a large facet finds the triangle under a point as a loop over
// all of its triangles does (the reference), for points inside, outside, on
// its diagonals and on its vertices.
TEST_CASE("a large facet's grid finds what a loop over all its triangles finds",
          "[geometry][facets]") {
  TriangleMesh sheet;
  const int n = 20;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> jitter(-0.3, 0.3);
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {  // interior vertices moved within the plane
      const bool rim = i == 0 || j == 0 || i == n || j == n;
      sheet.vertices.push_back(
          Vec3(i + (rim ? 0 : jitter(rng)), 0.5 * j + (rim ? 0 : 0.5 * jitter(rng)), 0));
    }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, d = a + n + 1;
      sheet.triangles.push_back({a, b, c});
      sheet.triangles.push_back({a, c, d});
    }
  const auto shape = build_boundary_shape(sheet, "floor");
  REQUIRE(facet_members(*shape, 0).size() == static_cast<std::size_t>(2 * n * n));
  REQUIRE(shape->faces[0].grid >= 0);
  const auto& rep = shape->faces[0].vertices;
  const auto x = [&](int v) { return shape->mesh.vertices[static_cast<std::size_t>(v)]; };
  const auto brute_force = [&](const Vec3& p) {
    for (const int f : facet_members(*shape, 0)) {
      const auto& v = shape->faces[static_cast<std::size_t>(f)].vertices;
      const auto c = vertex_face_coordinates(p, x(v[0]), x(v[1]), x(v[2]));
      if (c && inside_facet_triangle(*shape, f, face_weights(*c), 0.0)) return true;
    }
    return false;
  };
  std::vector<Vec3> points;
  std::uniform_real_distribution<double> across(-2, n + 2), up(-1, 0.5 * n + 1), height(-1, 1);
  for (int k = 0; k < 3000; ++k) points.push_back(Vec3(across(rng), up(rng), height(rng)));
  for (const Vec3& vertex : shape->mesh.vertices) points.push_back(vertex + Vec3(0, 0, 0.1));
  for (const auto& t : shape->mesh.triangles)  // on the diagonals
    points.push_back(0.5 * (x(t[0]) + x(t[2])) + Vec3(0, 0, -0.2));
  int inside = 0;
  for (const Vec3& p : points) {
    const auto c = vertex_face_coordinates(p, x(rep[0]), x(rep[1]), x(rep[2]));
    REQUIRE(c);
    const bool found =
        facet_contains(*shape, 0, face_weights(*c), Mat3::Identity(), x(rep[0]), p, 0.0);
    INFO("point " << p.transpose());
    CHECK(found == brute_force(p));
    inside += found ? 1 : 0;
  }
  CHECK(inside > 1000);
  CHECK(inside < static_cast<int>(points.size()));
}

// Generated shapes: platonic solids, convex hulls and the non-convex tetrapod.
#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "src/core/errors.hpp"

using namespace polydem;

namespace {

int count_edges(const Shape& shape, EdgeKind kind) {
  return static_cast<int>(std::count_if(shape.edges.begin(), shape.edges.end(),
                                        [&](const ShapeEdge& e) { return e.kind == kind; }));
}

double max_vertex_radius(const TriangleMesh& mesh) {
  double radius = 0;
  for (const Vec3& p : mesh.vertices) radius = std::max(radius, p.norm());
  return radius;
}

}  // namespace

TEST_CASE("platonic solids have the requested size and volume", "[geometry][generators]") {
  const double a = 1.3;
  TriangleMesh tet = make_tetrahedron_with_edge(a);
  CHECK(max_vertex_radius(tet) == Approx(a * std::sqrt(6.0) / 4));
  CHECK((tet.vertices[0] - tet.vertices[1]).norm() == Approx(a));
  CHECK((tet.vertices[2] - tet.vertices[3]).norm() == Approx(a));
  CHECK(mass_properties(tet).volume == Approx(a * a * a / (6 * std::sqrt(2.0))));

  TriangleMesh oct = make_octahedron_with_edge(a);
  CHECK((oct.vertices[0] - oct.vertices[2]).norm() == Approx(a));
  CHECK(mass_properties(oct).volume == Approx(std::sqrt(2.0) / 3 * a * a * a));
  CHECK(check_mesh(make_octahedron(2.0)).valid());
  CHECK_THROWS_AS(make_box(1, 0, 1), InputError);
  CHECK_THROWS_AS(make_tetrahedron(-1), InputError);
}

TEST_CASE("convex hull of random points contains them all and is convex",
          "[geometry][generators][hull]") {
  std::mt19937 rng(7);
  std::normal_distribution<double> normal;
  std::vector<Vec3> points;
  for (int k = 0; k < 300; ++k)
    points.emplace_back(normal(rng), 2 * normal(rng), 0.5 * normal(rng));
  TriangleMesh hull = make_convex_hull(points);
  REQUIRE(check_mesh(hull).valid());

  const double slack = 1e-12 * max_vertex_radius(hull);
  for (const auto& tri : hull.triangles) {
    Vec3 normal_vector = (hull.vertices[tri[1]] - hull.vertices[tri[0]])
                             .cross(hull.vertices[tri[2]] - hull.vertices[tri[0]])
                             .normalized();
    for (const Vec3& p : points) REQUIRE(normal_vector.dot(p - hull.vertices[tri[0]]) <= slack);
  }
  auto shape = build_shape(hull, "hull");
  CHECK(count_edges(*shape, EdgeKind::Concave) == 0);
  for (const ShapeVertex& vertex : shape->vertices) CHECK(vertex.kind == VertexKind::Convex);
}

TEST_CASE("convex hull merges coplanar points into flat facets", "[geometry][generators][hull]") {
  std::vector<Vec3> points = make_box(1, 2, 3).vertices;
  points.emplace_back(0, 0, 0);    // interior
  points.emplace_back(0, 0, 3);    // inside the top face
  points.emplace_back(0.5, 2, 1);  // inside a side face
  TriangleMesh hull = make_convex_hull(points);
  CHECK(hull.vertices.size() == 8);
  CHECK(mass_properties(hull).volume == Approx(48.0));
  auto shape = build_shape(hull, "box hull");
  CHECK(count_edges(*shape, EdgeKind::Convex) == 12);
  CHECK(count_edges(*shape, EdgeKind::Flat) == 6);

  CHECK_THROWS_AS(make_convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}), InputError);
  CHECK_THROWS_AS(make_convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)}),
                  InputError);
}

TEST_CASE("tetrapod is a closed, outward, non-convex 2-manifold",
          "[geometry][generators][tetrapod]") {
  TetrapodParams params;
  params.leg_length = 1.0;
  params.base_radius = 0.3;
  params.tip_radius = 0.1;
  params.facets = 12;
  TriangleMesh tetrapod = make_tetrapod(params);
  MeshCheckReport report = check_mesh(tetrapod);
  CHECK(report.closed());
  CHECK(report.manifold());
  CHECK(report.consistently_oriented());
  CHECK(report.outward());
  CHECK(report.valid());

  auto shape = build_shape(tetrapod, "tetrapod");
  // At least every ring edge where a leg meets the hub is concave.
  CHECK(count_edges(*shape, EdgeKind::Concave) >= 4 * params.facets);
  CHECK(std::any_of(shape->vertices.begin(), shape->vertices.end(),
                    [](const ShapeVertex& v) { return v.kind == VertexKind::Saddle; }));
  CHECK(shape->bounding_radius == Approx(std::hypot(params.leg_length, params.tip_radius)));

  MassProperties mass = mass_properties(tetrapod);
  CHECK(mass.centre_of_mass.norm() < 1e-12);
  // Tetrahedral symmetry: isotropic inertia.
  CHECK((mass.inertia - mass.inertia.trace() / 3 * Mat3::Identity()).norm() <
        1e-12 * mass.inertia.norm());
}

// Reference: the tetrapod is its hub plus four frusta of regular n-gons from
// the cut h to the tip L. A regular n-gon of circumradius r has area
// (n/2) r² sin(2π/n), so each faceted frustum is the circular truncated cone
// V_cone = π (L − h)(r_h² + r_h r₁ + r₁²)/3 times n sin(2π/n)/(2π), whose error
// 1 − n sin(2π/n)/(2π) ≈ 2π²/(3n²) falls fourfold per doubling of n.
TEST_CASE("tetrapod leg volume converges to the analytic truncated cones",
          "[geometry][generators][tetrapod]") {
  TetrapodParams params;
  params.leg_length = 2.0;
  params.base_radius = 0.5;
  params.tip_radius = 0.2;
  const double h = params.base_radius;  // default cut
  const double r_h =
      params.base_radius + (params.tip_radius - params.base_radius) * h / params.leg_length;
  const double r_1 = params.tip_radius;
  const double cones = 4 * M_PI * (params.leg_length - h) * (r_h * r_h + r_h * r_1 + r_1 * r_1) / 3;

  double previous_error = 0, previous_total = 0, previous_step = 0;
  for (int facets : {8, 16, 32, 64, 128}) {
    params.facets = facets;
    const double total = mass_properties(make_tetrapod(params)).volume;
    const double hub = mass_properties(make_tetrapod_hub(params)).volume;
    const double legs = total - hub;
    const double polygon_factor = facets * std::sin(2 * M_PI / facets) / (2 * M_PI);
    CHECK(legs == Approx(cones * polygon_factor).epsilon(1e-11));
    const double error = (cones - legs) / cones;
    CHECK(error > 0);
    if (previous_error > 0) CHECK(previous_error / error == Approx(4.0).epsilon(0.05));
    // The whole shape converges as well (hub polygons are inscribed too).
    if (previous_total > 0) {
      const double step = total - previous_total;
      CHECK(step > 0);
      if (previous_step > 0) CHECK(step < 0.4 * previous_step);
      previous_step = step;
    }
    previous_error = error;
    previous_total = total;
  }
}

TEST_CASE("tetrapod convex pieces: hub and four frusta fill it exactly",
          "[geometry][generators][tetrapod]") {
  TetrapodParams params;
  params.base_radius = 0.2;
  params.facets = 8;
  const TriangleMesh tetrapod = make_tetrapod(params);
  const auto pieces = tetrapod_convex_pieces(params);
  REQUIRE(pieces.size() == 5);
  double volume = 0;
  for (const auto& piece : pieces) {
    const TriangleMesh hull = make_convex_hull(piece);
    CHECK(hull.vertices.size() == piece.size());  // every point is a corner of its piece
    volume += mass_properties(hull).volume;
    for (const Vec3& p : piece)  // and a vertex of the tetrapod
      CHECK(std::any_of(tetrapod.vertices.begin(), tetrapod.vertices.end(),
                        [&](const Vec3& v) { return (v - p).norm() < 1e-12; }));
  }
  CHECK(volume == Approx(mass_properties(tetrapod).volume).epsilon(1e-12));
}

TEST_CASE("tetrapod parameters are validated", "[geometry][generators][tetrapod]") {
  TetrapodParams params;
  params.facets = 2;
  CHECK_THROWS_AS(make_tetrapod(params), InputError);
  params = {};
  params.hub_distance = 0.1;  // rings would not be faces of the hub
  CHECK_THROWS_AS(make_tetrapod(params), InputError);
  params = {};
  params.hub_distance = 2.0;  // beyond the tip
  CHECK_THROWS_AS(make_tetrapod(params), InputError);
}

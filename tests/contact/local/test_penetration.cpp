// The penetration confirmation of a pair the side test calls inside: the pair's
// contact points against independent geometry (orthogonal projection, skew
// lines built with known closest points), the inside test against a
// non-convex solid whose inside is known by construction, and a far pair on a
// non-convex body that the side test alone would call a penetration.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/local/penetration.hpp"
#include "tests/support/l_prism.hpp"
#include "tests/support/shape_lookup.hpp"

using namespace polydem;
using test::find_edge;
using test::find_face;

namespace {

constexpr double kHalf = 0.5;

Mat3 tilted() { return Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()).toRotationMatrix(); }

/// A cube of half size `half` posed so that its vertex 0 (−h, −h, −h) lies at `corner`.
PosedBody cube_with_corner_at(const Shape& cube, const Vec3& corner, double half) {
  return {&cube, corner + Vec3::Constant(half), Mat3::Identity()};
}

}  // namespace

TEST_CASE("the contact point of a vertex-face pair is the vertex's projection onto the face",
          "[contact][penetration]") {
  const auto cube = build_shape(make_box(kHalf, kHalf, kHalf), "cube");
  const PosedBody a{cube.get(), Vec3(0.2, -0.1, 0.4), tilted()};
  const Vec3 top_centre = a.translation + a.rotation * Vec3(0.1, -0.2, kHalf);
  const Vec3 normal = a.rotation * Vec3::UnitZ();
  const auto small = build_shape(make_box(0.1, 0.1, 0.1), "small cube");
  const PosedBody b = cube_with_corner_at(*small, top_centre + 0.01 * normal, 0.1);
  const SubRegion top{SubRegionKind::Face, find_face(*cube, {4, 5, 6})};
  const auto contact = solve_local_contact_at(a, top, b, {SubRegionKind::Vertex, 0});
  REQUIRE(contact);
  REQUIRE(contact->valid());
  const Vec3 vertex = b.translation + b.rotation * small->mesh.vertices[0];
  const Vec3 projection = vertex - (vertex - top_centre).dot(normal) * normal;
  CHECK((contact_point_a(a, *contact) - projection).norm() < 1e-12);
  CHECK((contact_point_a(a, *contact) - contact->gap - vertex).norm() < 1e-12);
}

TEST_CASE("the contact point of an edge-edge pair is the closest point of its edge",
          "[contact][penetration]") {
  // A's edge 4-5 runs along x at y = −h, z = h; B's edge 0-2 runs along y,
  // 20 mm above A's edge at x = 0.1: the closest point on A's is (0.1, −h, h).
  const auto cube = build_shape(make_box(kHalf, kHalf, kHalf), "cube");
  const PosedBody a{cube.get(), Vec3::Zero(), Mat3::Identity()};
  const Vec3 expected(0.1, -kHalf, kHalf);
  const PosedBody b{cube.get(), expected + Vec3(kHalf, 0, kHalf + 0.02), Mat3::Identity()};
  const auto contact = solve_local_contact_at(a, {SubRegionKind::Edge, find_edge(*cube, 4, 5)}, b,
                                              {SubRegionKind::Edge, find_edge(*cube, 0, 2)});
  REQUIRE(contact);
  REQUIRE(contact->valid());
  CHECK((contact_point_a(a, *contact) - expected).norm() < 1e-12);
  CHECK((contact->gap - Vec3(0, 0, -0.02)).norm() < 1e-12);
}

TEST_CASE("a point lies inside a posed non-convex solid where its profile says",
          "[contact][penetration]") {
  const auto block = build_shape(test::l_prism(), "L");
  const PosedBody posed{block.get(), Vec3(3, -1, 2), tilted()};
  const auto world = [&](const Vec3& local) { return posed.translation + posed.rotation * local; };
  CHECK(lies_inside(posed, world(Vec3(-0.5, 0.2, 1.5))));        // in the wall
  CHECK(lies_inside(posed, world(Vec3(1.5, -0.9, -0.5))));       // in the slab
  CHECK_FALSE(lies_inside(posed, world(Vec3(1.0, 0, 1.0))));     // in the notch between them
  CHECK_FALSE(lies_inside(posed, world(Vec3(-0.5, 1.1, 1.5))));  // beyond the end cap
  CHECK_FALSE(lies_inside(posed, world(Vec3(9, 9, 9))));
}

TEST_CASE("a far vertex behind both faces of a non-convex body's edge does not penetrate",
          "[contact][penetration]") {
  // The L's convex edge 4-10 (x = 0, z = 2 along y) has the wall's inner face
  // (normal +x) and its top (normal +z): a point with x < 0 and z < 2 is behind
  // both, yet outside the L once x < −1 (behind its back face).
  const auto block = build_shape(test::l_prism(), "L");
  const auto cube = build_shape(make_box(0.05, 0.05, 0.05), "cube");
  const PosedBody l_body{block.get(), Vec3::Zero(), Mat3::Identity()};
  const SubRegion edge{SubRegionKind::Edge, find_edge(*block, 4, 10)};
  const SubRegion corner{SubRegionKind::Vertex, 0};
  const auto pair_at = [&](const Vec3& at) {
    const PosedBody posed_cube = cube_with_corner_at(*cube, at, 0.05);
    const auto contact = solve_local_contact_at(posed_cube, corner, l_body, edge);
    REQUIRE(contact);
    REQUIRE(contact->valid());
    return std::pair{posed_cube, *contact};
  };
  SECTION("behind the back face") {
    const auto [posed_cube, contact] = pair_at(Vec3(-1.2, 0, 1.5));
    CHECK_FALSE(contact.outside);
    CHECK_FALSE(penetrates(posed_cube, l_body, contact));
  }
  SECTION("in the wall, 0.1 mm below the edge") {
    const auto [posed_cube, contact] = pair_at(Vec3(-1e-4, 0, 2 - 1e-4));
    CHECK_FALSE(contact.outside);
    CHECK(penetrates(posed_cube, l_body, contact));
  }
  SECTION("above the top") {
    const auto [posed_cube, contact] = pair_at(Vec3(-0.5, 0, 2.001));
    CHECK(contact.outside);
    CHECK_FALSE(penetrates(posed_cube, l_body, contact));
  }
}

// contact/local/vertex_face.hpp: the vertex-to-face LCP (eq. 34) on its own.
//  * the closed form against a brute-force minimum distance, and against a
//    configuration built with known coordinates and gap;
//  * ∂g/∂X and Σ w_k ∂²g_k/∂X² against central differences (tests/support);
//  * degenerate triangles, the validity range of Fig. 1 and the side test.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "contact/local/vertex_face.hpp"
#include "tests/contact/local/primitive_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

Vec3 gap_at(const Eigen::VectorXd& x) {
  return vertex_face_gap(slot(x, 0), slot(x, 1), slot(x, 2), slot(x, 3));
}

}  // namespace

TEST_CASE("vertex-face closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kBruteForceConfigurations) {
    const Vec3 p = sampler.point(), x1 = sampler.point(), x2 = sampler.point(),
               x3 = sampler.point();
    const auto c = vertex_face_coordinates(p, x1, x2, x3);
    REQUIRE(c.has_value());
    const bool valid = vertex_face_coordinates_valid(*c);
    const Vec3 gap = vertex_face_gap(p, x1, x2, x3);
    // The gap is the vertex minus Γ at the solved coordinates.
    CHECK((gap - (p - face_point(x1, x2, x3, c->x(), c->y()))).norm() < 1e-9);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_vertex_face(p, x1, x2, x3));
    }
  }
  report("vertex-face", agreement);
  CHECK(agreement.max_valid_error < kBruteForceGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kBruteForceGapTolerance);
}

TEST_CASE("vertex-face recovers the coordinates and gap it was built from",
          "[local_contact][lcp]") {
  Sampler sampler;
  int inside = 0, outside = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const Vec3 x1 = sampler.point(), x2 = sampler.point(), x3 = sampler.point();
    const Vec3 m = (x2 - x1).cross(x3 - x1);
    if (m.squaredNorm() < 0.1 * (x2 - x1).squaredNorm() * (x3 - x1).squaredNorm()) continue;
    const double zeta = 1.5 * sampler.scalar(), theta = 1.5 * sampler.scalar();
    const double distance = sampler.scalar();
    const Vec3 p = face_point(x1, x2, x3, zeta, theta) + distance * m.normalized();
    const auto c = vertex_face_coordinates(p, x1, x2, x3);
    REQUIRE(c.has_value());
    CHECK((*c - Eigen::Vector2d(zeta, theta)).norm() < 1e-10);
    CHECK((vertex_face_gap(p, x1, x2, x3) - distance * m.normalized()).norm() < 1e-12);
    CHECK(vertex_face_signed_distance(p, x1, x2, x3) == Approx(distance).margin(1e-12));
    const bool expected_valid = zeta > -1 && theta > -1 && zeta + theta < 0;
    CHECK(vertex_face_coordinates_valid(*c) == expected_valid);
    (expected_valid ? inside : outside) += 1;
  }
  CHECK(inside > 100);
  CHECK(outside > 100);
}

TEST_CASE("vertex-face gap derivatives match central differences", "[local_contact][derivatives]") {
  Sampler sampler;
  DerivativeErrors errors;
  for (int trial = 0; trial < 500; ++trial) {
    const std::array<Vec3, 4> x{sampler.point(), sampler.point(), sampler.point(), sampler.point()};
    const Vec3 e1 = x[2] - x[1], e2 = x[3] - x[1];
    // Non-degenerate: edges of 0.3 at least, meeting at an angle with sin² ≥ 0.1.
    if (e1.norm() < 0.3 || e2.norm() < 0.3 ||
        e1.cross(e2).squaredNorm() < 0.1 * e1.squaredNorm() * e2.squaredNorm())
      continue;
    compare_with_central_differences(
        stacked(x), sampler.point(), gap_at,
        [](const Eigen::VectorXd& y) {
          return vertex_face_gap_jacobian(slot(y, 0), slot(y, 1), slot(y, 2), slot(y, 3));
        },
        [](const Eigen::VectorXd& y, const Vec3& w) {
          return vertex_face_gap_hessian(slot(y, 0), slot(y, 1), slot(y, 2), slot(y, 3), w);
        },
        errors);
  }
  errors.print("vertex-face");
  CHECK(errors.checked > 200);
  CHECK(errors.finite);
  CHECK(errors.jacobian < 1e-8);
  CHECK(errors.hessian < 1e-7);
  CHECK(errors.second_differences < 1e-5);
  CHECK(errors.asymmetry < 1e-12);
}

TEST_CASE("a degenerate triangle reports no coordinates", "[local_contact][lcp]") {
  const Vec3 x1(0, 0, 0), x2(1, 0, 0), p(0.3, 0.2, 1.0);
  CHECK_FALSE(vertex_face_coordinates(p, x1, x2, 2.0 * x2).has_value());       // collinear
  CHECK_FALSE(vertex_face_coordinates(p, x1, x1, Vec3(0, 1, 0)).has_value());  // repeated vertex
  CHECK_FALSE(vertex_face_coordinates(p, x1, x1, x1).has_value());             // a point
  // Nearly collinear within the tolerance |m|² ≤ 1e-12 |e1|²|e2|², and just outside it.
  CHECK_FALSE(vertex_face_coordinates(p, x1, x2, Vec3(2, 1e-7, 0)).has_value());
  const auto thin = vertex_face_coordinates(p, x1, x2, Vec3(2, 1e-5, 0));
  REQUIRE(thin.has_value());
  CHECK(thin->allFinite());
  CHECK(vertex_face_gap(p, x1, x2, Vec3(2, 1e-5, 0)).allFinite());
  CHECK(vertex_face_gap_jacobian(p, x1, x2, Vec3(2, 1e-5, 0)).allFinite());
}

TEST_CASE("vertex-face validity follows the parametric triangle of Fig. 1",
          "[local_contact][lcp]") {
  using Eigen::Vector2d;
  CHECK(vertex_face_coordinates_valid(Vector2d(-0.5, -0.5)));
  CHECK_FALSE(vertex_face_coordinates_valid(Vector2d(0.2, 0.2)));  // N1 < 0
  CHECK_FALSE(vertex_face_coordinates_valid(Vector2d(-1.1, 0.0)));
  CHECK_FALSE(vertex_face_coordinates_valid(Vector2d(0.0, -1.0)));  // open range
  CHECK(vertex_face_coordinates_valid(Vector2d(0.0, -1.0), 1e-9));
}

TEST_CASE("vertex-face side test follows the face normal", "[local_contact][lcp]") {
  const Vec3 x1(0, 0, 0), x2(1, 0, 0), x3(0, 1, 0);  // counter-clockwise seen from +z
  CHECK(vertex_face_signed_distance(Vec3(0.2, 0.2, 0.5), x1, x2, x3) == Approx(0.5));
  CHECK(vertex_face_signed_distance(Vec3(0.2, 0.2, -0.5), x1, x2, x3) == Approx(-0.5));
  // The gap vector has the sign of the side along the face normal.
  CHECK(vertex_face_gap(Vec3(0.2, 0.2, -0.5), x1, x2, x3).z() == Approx(-0.5));
}

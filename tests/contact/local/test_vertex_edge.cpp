// contact/local/vertex_edge.hpp: the vertex-to-edge LCP (eq. 36) on its own.
//  * the closed form against a brute-force minimum distance, and against a
//    vertex placed at a known coordinate and distance;
//  * ∂g/∂X and Σ w_k ∂²g_k/∂X² against central differences (tests/support);
//  * a zero-length edge and the validity range.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "contact/local/vertex_edge.hpp"
#include "tests/contact/local/primitive_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

Vec3 gap_at(const Eigen::VectorXd& x) {
  return vertex_edge_gap(slot(x, 0), slot(x, 1), slot(x, 2));
}

}  // namespace

TEST_CASE("vertex-edge closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kBruteForceConfigurations) {
    const Vec3 p = sampler.point(), x1 = sampler.point(), x2 = sampler.point();
    const auto zeta = vertex_edge_coordinate(p, x1, x2);
    REQUIRE(zeta.has_value());
    const bool valid = vertex_edge_coordinate_valid(*zeta);
    const Vec3 gap = vertex_edge_gap(p, x1, x2);
    CHECK((gap - (p - edge_point(x1, x2, *zeta))).norm() < 1e-9);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_vertex_edge(p, x1, x2));
    }
  }
  report("vertex-edge", agreement);
  CHECK(agreement.max_valid_error < kBruteForceGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kBruteForceGapTolerance);
}

TEST_CASE("vertex-edge recovers the coordinate and gap it was built from", "[local_contact][lcp]") {
  Sampler sampler;
  int valid = 0, invalid = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    const Vec3 x1 = sampler.point(), x2 = sampler.point();
    const Vec3 across = sampler.point().cross(x2 - x1);  // ⟂ to the edge
    if ((x2 - x1).norm() < 0.2 || across.norm() < 1e-3) continue;
    const double zeta = 1.5 * sampler.scalar(), distance = sampler.scalar();
    const Vec3 p = edge_point(x1, x2, zeta) + distance * across.normalized();
    const auto c = vertex_edge_coordinate(p, x1, x2);
    REQUIRE(c.has_value());
    CHECK(*c == Approx(zeta).margin(1e-12));
    CHECK((vertex_edge_gap(p, x1, x2) - distance * across.normalized()).norm() < 1e-12);
    CHECK(vertex_edge_coordinate_valid(*c) == (std::abs(zeta) < 1));
    (std::abs(zeta) < 1 ? valid : invalid) += 1;
  }
  CHECK(valid > 100);
  CHECK(invalid > 100);
}

TEST_CASE("vertex-edge gap derivatives match central differences", "[local_contact][derivatives]") {
  Sampler sampler;
  DerivativeErrors errors;
  for (int trial = 0; trial < 500; ++trial) {
    const std::array<Vec3, 3> x{sampler.point(), sampler.point(), sampler.point()};
    if ((x[2] - x[1]).norm() < 0.3) continue;  // non-degenerate: an edge of 0.3 at least
    compare_with_central_differences(
        stacked(x), sampler.point(), gap_at,
        [](const Eigen::VectorXd& y) {
          return vertex_edge_gap_jacobian(slot(y, 0), slot(y, 1), slot(y, 2));
        },
        [](const Eigen::VectorXd& y, const Vec3& w) {
          return vertex_edge_gap_hessian(slot(y, 0), slot(y, 1), slot(y, 2), w);
        },
        errors);
  }
  errors.print("vertex-edge");
  CHECK(errors.checked > 200);
  CHECK(errors.finite);
  CHECK(errors.jacobian < 1e-8);
  CHECK(errors.hessian < 1e-7);
  CHECK(errors.second_differences < 1e-5);
  CHECK(errors.asymmetry < 1e-12);
}

TEST_CASE("a zero-length edge reports no coordinate", "[local_contact][lcp]") {
  const Vec3 x(1, 0, 0);
  CHECK_FALSE(vertex_edge_coordinate(Vec3(0, 0, 1), x, x).has_value());
  CHECK_FALSE(vertex_edge_coordinate(x, x, x).has_value());
  // A short edge still has a finite coordinate, gap and Jacobian.
  const Vec3 short_end = x + Vec3(0, 1e-6, 0);
  const auto zeta = vertex_edge_coordinate(Vec3(0, 0, 1), x, short_end);
  REQUIRE(zeta.has_value());
  CHECK(std::isfinite(*zeta));
  CHECK(vertex_edge_gap(Vec3(0, 0, 1), x, short_end).allFinite());
  CHECK(vertex_edge_gap_jacobian(Vec3(0, 0, 1), x, short_end).allFinite());
}

TEST_CASE("vertex-edge validity: the coordinate in (-1, 1)", "[local_contact][lcp]") {
  CHECK(vertex_edge_coordinate_valid(0.0));
  CHECK_FALSE(vertex_edge_coordinate_valid(-1.0));  // open range
  CHECK_FALSE(vertex_edge_coordinate_valid(1.01));
  CHECK(vertex_edge_coordinate_valid(-1.0, 1e-9));
}

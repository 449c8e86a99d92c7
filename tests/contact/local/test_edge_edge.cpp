// contact/local/edge_edge.hpp: the edge-to-edge LCP (eq. 35) on its own.
//  * the closed form against a brute-force minimum distance, and against two
//    edges built with known closest points;
//  * ∂g/∂X and Σ w_k ∂²g_k/∂X² against central differences (tests/support);
//  * parallel edges (no solution, no NaN) and the validity range.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "contact/local/edge_edge.hpp"
#include "tests/contact/local/primitive_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

Vec3 gap_at(const Eigen::VectorXd& x) {
  return edge_edge_gap(slot(x, 0), slot(x, 1), slot(x, 2), slot(x, 3));
}

}  // namespace

TEST_CASE("edge-edge closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kBruteForceConfigurations) {
    const Vec3 a1 = sampler.point(), a2 = sampler.point(), b1 = sampler.point(),
               b2 = sampler.point();
    const auto c = edge_edge_coordinates(a1, a2, b1, b2);
    REQUIRE(c.has_value());
    const bool valid = edge_edge_coordinates_valid(*c);
    const Vec3 gap = edge_edge_gap(a1, a2, b1, b2);
    CHECK((gap - (edge_point(a1, a2, c->x()) - edge_point(b1, b2, c->y()))).norm() < 1e-8);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_edge_edge(a1, a2, b1, b2));
    }
  }
  report("edge-edge", agreement);
  CHECK(agreement.max_valid_error < kBruteForceGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kBruteForceGapTolerance);
}

TEST_CASE("edge-edge recovers the closest points it was built from", "[local_contact][lcp]") {
  Sampler sampler;
  int valid = 0, invalid = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    // Both edges across the common normal n, A at distance d above B along it.
    const Vec3 n = sampler.point().normalized();
    const Vec3 ea = sampler.point().cross(n), eb = sampler.point().cross(n);
    if (ea.norm() < 0.2 || eb.norm() < 0.2 || ea.cross(eb).norm() < 0.2 * ea.norm() * eb.norm())
      continue;
    const double zeta_a = 1.5 * sampler.scalar(), zeta_b = 1.5 * sampler.scalar();
    const double distance = sampler.scalar();
    const Vec3 closest_b = sampler.point(), closest_a = closest_b + distance * n;
    // Γ(ζ) = x1 + (1 + ζ)/2 e.
    const Vec3 a1 = closest_a - 0.5 * (1 + zeta_a) * ea, b1 = closest_b - 0.5 * (1 + zeta_b) * eb;
    const auto c = edge_edge_coordinates(a1, a1 + ea, b1, b1 + eb);
    REQUIRE(c.has_value());
    CHECK((*c - Eigen::Vector2d(zeta_a, zeta_b)).norm() < 1e-10);
    CHECK((edge_edge_gap(a1, a1 + ea, b1, b1 + eb) - distance * n).norm() < 1e-12);
    const bool expected_valid = std::abs(zeta_a) < 1 && std::abs(zeta_b) < 1;
    CHECK(edge_edge_coordinates_valid(*c) == expected_valid);
    (expected_valid ? valid : invalid) += 1;
  }
  CHECK(valid > 100);
  CHECK(invalid > 100);
}

TEST_CASE("edge-edge gap derivatives match central differences", "[local_contact][derivatives]") {
  Sampler sampler;
  DerivativeErrors errors;
  for (int trial = 0; trial < 500; ++trial) {
    const std::array<Vec3, 4> x{sampler.point(), sampler.point(), sampler.point(), sampler.point()};
    const Vec3 ea = x[1] - x[0], eb = x[3] - x[2];
    // Non-degenerate: edges of 0.3 at least, at an angle with sin² ≥ 0.1.
    if (ea.norm() < 0.3 || eb.norm() < 0.3 ||
        ea.cross(eb).squaredNorm() < 0.1 * ea.squaredNorm() * eb.squaredNorm())
      continue;
    compare_with_central_differences(
        stacked(x), sampler.point(), gap_at,
        [](const Eigen::VectorXd& y) {
          return edge_edge_gap_jacobian(slot(y, 0), slot(y, 1), slot(y, 2), slot(y, 3));
        },
        [](const Eigen::VectorXd& y, const Vec3& w) {
          return edge_edge_gap_hessian(slot(y, 0), slot(y, 1), slot(y, 2), slot(y, 3), w);
        },
        errors);
  }
  errors.print("edge-edge");
  CHECK(errors.checked > 200);
  CHECK(errors.finite);
  CHECK(errors.jacobian < 1e-8);
  CHECK(errors.hessian < 1e-7);
  CHECK(errors.second_differences < 1e-5);
  CHECK(errors.asymmetry < 1e-12);
}

TEST_CASE("parallel edges report no solution and produce no NaN", "[local_contact][lcp]") {
  const Vec3 a1(0, 0, 0), a2(1, 0, 0);
  for (const double offset : {0.0, 1e-3, 0.5}) {
    // Exactly parallel, anti-parallel, overlapping and collinear edges.
    const Vec3 shift(0.3, offset, 0.2 * offset);
    CHECK_FALSE(edge_edge_coordinates(a1, a2, a1 + shift, a2 + shift).has_value());
    CHECK_FALSE(edge_edge_coordinates(a1, a2, a2 + shift, a1 + shift).has_value());
    CHECK_FALSE(
        edge_edge_coordinates(a1, a2, a1 + shift, a1 + shift + 2.0 * (a2 - a1)).has_value());
  }
  // Nearly parallel within the tolerance, and degenerate (zero-length) edges.
  CHECK_FALSE(edge_edge_coordinates(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-7)).has_value());
  CHECK_FALSE(edge_edge_coordinates(a1, a1, Vec3(0, 1, 0), Vec3(1, 1, 0)).has_value());
  // Just outside the tolerance: a finite solution, gap and Jacobian.
  const auto skew_solution = edge_edge_coordinates(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-5));
  REQUIRE(skew_solution.has_value());
  CHECK(skew_solution->allFinite());
  CHECK(edge_edge_gap(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-5)).allFinite());
  CHECK(edge_edge_gap_jacobian(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-5)).allFinite());
}

TEST_CASE("edge-edge validity: both coordinates in (-1, 1)", "[local_contact][lcp]") {
  using Eigen::Vector2d;
  CHECK(edge_edge_coordinates_valid(Vector2d(0.99, -0.99)));
  CHECK_FALSE(edge_edge_coordinates_valid(Vector2d(1.01, 0.0)));
  CHECK_FALSE(edge_edge_coordinates_valid(Vector2d(0.0, -1.0)));  // open range
  CHECK(edge_edge_coordinates_valid(Vector2d(0.0, -1.0), 1e-9));
}

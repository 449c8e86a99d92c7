// Closed-form degenerated LCPs (eqs. 33-36) against an independent brute-force
// minimum distance over the primitive's parametrisation (eqs. 26-27): dense
// sampling refined by nested golden-section searches. The brute force knows
// nothing of the closed forms; it only evaluates |Γ_A(c) − Γ_B(c)|².
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

#include "contact/local/edge_edge.hpp"
#include "contact/local/vertex_edge.hpp"
#include "contact/local/vertex_face.hpp"
#include "contact/local/vertex_vertex.hpp"

namespace {

using polydem::Vec3;

constexpr int kConfigurations = 10000;
constexpr double kGapTolerance = 1e-10;

/// Γ of eqs. (26)-(27) in world coordinates (Q, x_P already applied to the vertices).
Vec3 face_point(const Vec3& x1, const Vec3& x2, const Vec3& x3, double zeta, double theta) {
  return -0.5 * (zeta + theta) * x1 + 0.5 * (1 + zeta) * x2 + 0.5 * (1 + theta) * x3;
}

Vec3 edge_point(const Vec3& x1, const Vec3& x2, double zeta) {
  return face_point(x1, x2, Vec3::Zero(), zeta, -1.0);
}

/// Minimum of f on [lo, hi]: 16 samples, then golden section around the best one.
double minimise_1d(const std::function<double(double)>& f, double lo, double hi) {
  constexpr int kSamples = 16;
  const double step = (hi - lo) / kSamples;
  int best = 0;
  double best_value = f(lo);
  for (int i = 1; i <= kSamples; ++i) {
    const double value = f(lo + i * step);
    if (value < best_value) best_value = value, best = i;
  }
  double a = std::max(lo, lo + (best - 1) * step);
  double b = std::min(hi, lo + (best + 1) * step);
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double c = b - ratio * (b - a);
  double d = a + ratio * (b - a);
  double fc = f(c);
  double fd = f(d);
  for (int it = 0; it < 60 && b - a > 1e-15; ++it) {
    if (fc < fd) {
      b = d, d = c, fd = fc, c = b - ratio * (b - a), fc = f(c);
    } else {
      a = c, c = d, fc = fd, d = a + ratio * (b - a), fd = f(d);
    }
  }
  return std::min({best_value, fc, fd});
}

/// Brute-force distances over the closed parametric domains.
double brute_vertex_face(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  const auto over_theta = [&](double zeta) {
    return minimise_1d(
        [&](double theta) { return (p - face_point(x1, x2, x3, zeta, theta)).squaredNorm(); }, -1.0,
        -zeta);  // the triangle of Fig. 1: θ ≥ −1, ζ + θ ≤ 0
  };
  return std::sqrt(minimise_1d(over_theta, -1.0, 1.0));
}

double brute_edge_edge(const Vec3& a1, const Vec3& a2, const Vec3& b1, const Vec3& b2) {
  const auto over_b = [&](double zeta_a) {
    return minimise_1d(
        [&](double zeta_b) {
          return (edge_point(a1, a2, zeta_a) - edge_point(b1, b2, zeta_b)).squaredNorm();
        },
        -1.0, 1.0);
  };
  return std::sqrt(minimise_1d(over_b, -1.0, 1.0));
}

double brute_vertex_edge(const Vec3& p, const Vec3& x1, const Vec3& x2) {
  return std::sqrt(minimise_1d(
      [&](double zeta) { return (p - edge_point(x1, x2, zeta)).squaredNorm(); }, -1.0, 1.0));
}

struct Sampler {
  std::mt19937_64 engine{20240611};
  std::uniform_real_distribution<double> unit{-1.0, 1.0};
  Vec3 point() { return {unit(engine), unit(engine), unit(engine)}; }
};

struct Agreement {
  int valid = 0;
  int tested = 0;
  double max_valid_error = 0.0;
  double max_lower_bound_violation = 0.0;  // out of range: g_n ≤ brute force must hold
};

void report(const char* name, const Agreement& a) {
  std::printf(
      "[local_contact] %-13s %d valid of %d compared: max |g_n - brute| = %.3e, "
      "max lower-bound violation = %.3e\n",
      name, a.valid, a.tested, a.max_valid_error, a.max_lower_bound_violation);
}

/// Out-of-range solutions are checked as a lower bound on the first 2000 only (cost).
bool wants_brute_force(const Agreement& a, bool valid) { return valid || a.tested < 2000; }

void record(Agreement& a, bool valid, double g_n, double brute) {
  ++a.tested;
  if (valid) {
    ++a.valid;
    a.max_valid_error = std::max(a.max_valid_error, std::abs(g_n - brute));
  } else {
    a.max_lower_bound_violation = std::max(a.max_lower_bound_violation, g_n - brute);
  }
}

}  // namespace

TEST_CASE("vertex-face closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kConfigurations) {
    const Vec3 p = sampler.point(), x1 = sampler.point(), x2 = sampler.point(),
               x3 = sampler.point();
    const auto c = polydem::vertex_face_coordinates(p, x1, x2, x3);
    REQUIRE(c.has_value());
    const bool valid = polydem::vertex_face_coordinates_valid(*c);
    const Vec3 gap = polydem::vertex_face_gap(p, x1, x2, x3);
    // The gap is the vertex minus Γ at the solved coordinates.
    CHECK((gap - (p - face_point(x1, x2, x3, c->x(), c->y()))).norm() < 1e-9);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_vertex_face(p, x1, x2, x3));
    }
  }
  report("vertex-face", agreement);
  CHECK(agreement.max_valid_error < kGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kGapTolerance);
}

TEST_CASE("edge-edge closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kConfigurations) {
    const Vec3 a1 = sampler.point(), a2 = sampler.point(), b1 = sampler.point(),
               b2 = sampler.point();
    const auto c = polydem::edge_edge_coordinates(a1, a2, b1, b2);
    REQUIRE(c.has_value());
    const bool valid = polydem::edge_edge_coordinates_valid(*c);
    const Vec3 gap = polydem::edge_edge_gap(a1, a2, b1, b2);
    CHECK((gap - (edge_point(a1, a2, c->x()) - edge_point(b1, b2, c->y()))).norm() < 1e-8);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_edge_edge(a1, a2, b1, b2));
    }
  }
  report("edge-edge", agreement);
  CHECK(agreement.max_valid_error < kGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kGapTolerance);
}

TEST_CASE("vertex-edge closed form matches brute-force distance", "[local_contact][lcp]") {
  Sampler sampler;
  Agreement agreement;
  while (agreement.valid < kConfigurations) {
    const Vec3 p = sampler.point(), x1 = sampler.point(), x2 = sampler.point();
    const auto zeta = polydem::vertex_edge_coordinate(p, x1, x2);
    REQUIRE(zeta.has_value());
    const bool valid = polydem::vertex_edge_coordinate_valid(*zeta);
    const Vec3 gap = polydem::vertex_edge_gap(p, x1, x2);
    CHECK((gap - (p - edge_point(x1, x2, *zeta))).norm() < 1e-9);
    if (wants_brute_force(agreement, valid)) {
      record(agreement, valid, gap.norm(), brute_vertex_edge(p, x1, x2));
    }
  }
  report("vertex-edge", agreement);
  CHECK(agreement.max_valid_error < kGapTolerance);
  CHECK(agreement.max_lower_bound_violation < kGapTolerance);
}

TEST_CASE("vertex-vertex gap is the difference of the vertices", "[local_contact][lcp]") {
  const Vec3 p(1.0, 2.0, 3.0), q(-1.0, 0.5, 2.0);
  CHECK((polydem::vertex_vertex_gap(p, q) - (p - q)).norm() == 0.0);
  Eigen::Matrix<double, 6, 1> x;
  x << p, q;
  CHECK((polydem::vertex_vertex_gap_jacobian() * x - (p - q)).norm() < 1e-15);
}

TEST_CASE("parallel edges report no solution and produce no NaN", "[local_contact][lcp]") {
  const Vec3 a1(0, 0, 0), a2(1, 0, 0);
  for (const double offset : {0.0, 1e-3, 0.5}) {
    // Exactly parallel, anti-parallel, overlapping and collinear edges.
    const Vec3 shift(0.3, offset, 0.2 * offset);
    CHECK_FALSE(polydem::edge_edge_coordinates(a1, a2, a1 + shift, a2 + shift).has_value());
    CHECK_FALSE(polydem::edge_edge_coordinates(a1, a2, a2 + shift, a1 + shift).has_value());
    CHECK_FALSE(polydem::edge_edge_coordinates(a1, a2, a1 + shift, a1 + shift + 2.0 * (a2 - a1))
                    .has_value());
  }
  // Nearly parallel within the tolerance, and degenerate (zero-length) edges.
  CHECK_FALSE(polydem::edge_edge_coordinates(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-7)).has_value());
  CHECK_FALSE(polydem::edge_edge_coordinates(a1, a1, Vec3(0, 1, 0), Vec3(1, 1, 0)).has_value());
  // Just outside the tolerance: a finite solution.
  const auto skew_solution =
      polydem::edge_edge_coordinates(a1, a2, Vec3(0, 1, 0), Vec3(1, 1, 1e-5));
  REQUIRE(skew_solution.has_value());
  CHECK(skew_solution->allFinite());
  // Degenerate triangle and edge for the other degenerations.
  CHECK_FALSE(polydem::vertex_face_coordinates(Vec3(0, 0, 1), a1, a2, 2.0 * a2).has_value());
  CHECK_FALSE(polydem::vertex_edge_coordinate(Vec3(0, 0, 1), a2, a2).has_value());
}

TEST_CASE("validity checks follow the parametric ranges of Fig. 1", "[local_contact][lcp]") {
  using Eigen::Vector2d;
  CHECK(polydem::vertex_face_coordinates_valid(Vector2d(-0.5, -0.5)));
  CHECK_FALSE(polydem::vertex_face_coordinates_valid(Vector2d(0.2, 0.2)));  // N1 < 0
  CHECK_FALSE(polydem::vertex_face_coordinates_valid(Vector2d(-1.1, 0.0)));
  CHECK_FALSE(polydem::vertex_face_coordinates_valid(Vector2d(0.0, -1.0)));  // open range
  CHECK(polydem::vertex_face_coordinates_valid(Vector2d(0.0, -1.0), 1e-9));
  CHECK(polydem::edge_edge_coordinates_valid(Vector2d(0.99, -0.99)));
  CHECK_FALSE(polydem::edge_edge_coordinates_valid(Vector2d(1.01, 0.0)));
  CHECK(polydem::vertex_edge_coordinate_valid(0.0));
  CHECK_FALSE(polydem::vertex_edge_coordinate_valid(-1.0));
}

TEST_CASE("vertex-face side test follows the face normal", "[local_contact][lcp]") {
  const Vec3 x1(0, 0, 0), x2(1, 0, 0), x3(0, 1, 0);  // counter-clockwise seen from +z
  CHECK(polydem::vertex_face_signed_distance(Vec3(0.2, 0.2, 0.5), x1, x2, x3) == Approx(0.5));
  CHECK(polydem::vertex_face_signed_distance(Vec3(0.2, 0.2, -0.5), x1, x2, x3) == Approx(-0.5));
  // The gap vector has the sign of the side along the face normal.
  CHECK(polydem::vertex_face_gap(Vec3(0.2, 0.2, -0.5), x1, x2, x3).z() == Approx(-0.5));
}

// Shared by the tests of the degenerated local contact primitives
// (contact/local/vertex_face, edge_edge, vertex_edge, vertex_vertex):
//  * the parametrisation of eqs. (26)-(27), written out independently;
//  * an independent brute-force minimum distance over that parametrisation:
//    dense sampling refined by nested golden-section searches. It knows nothing
//    of the closed forms; it only evaluates |Γ_A(c) − Γ_B(c)|²;
//  * random points, and the bookkeeping of closed form against brute force;
//  * the stacked positions X = (x0, x1, ...) of a primitive as one vector, and
//    the comparison of a gap's Jacobian and weighted Hessian with central
//    differences (tests/support/finite_differences.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

#include <Eigen/Core>

#include "src/core/types.hpp"
#include "tests/support/finite_differences.hpp"

namespace polydem::testing {

inline constexpr int kBruteForceConfigurations = 10000;
inline constexpr double kBruteForceGapTolerance = 1e-10;

/// Γ of eqs. (26)-(27) in world coordinates (Q, x_P already applied to the vertices).
inline Vec3 face_point(const Vec3& x1, const Vec3& x2, const Vec3& x3, double zeta, double theta) {
  return -0.5 * (zeta + theta) * x1 + 0.5 * (1 + zeta) * x2 + 0.5 * (1 + theta) * x3;
}

inline Vec3 edge_point(const Vec3& x1, const Vec3& x2, double zeta) {
  return face_point(x1, x2, Vec3::Zero(), zeta, -1.0);
}

/// Minimum of f on [lo, hi]: 16 samples, then golden section around the best one.
inline double minimise_1d(const std::function<double(double)>& f, double lo, double hi) {
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
inline double brute_vertex_face(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  const auto over_theta = [&](double zeta) {
    return minimise_1d(
        [&](double theta) { return (p - face_point(x1, x2, x3, zeta, theta)).squaredNorm(); }, -1.0,
        -zeta);  // the triangle of Fig. 1: θ ≥ −1, ζ + θ ≤ 0
  };
  return std::sqrt(minimise_1d(over_theta, -1.0, 1.0));
}

inline double brute_edge_edge(const Vec3& a1, const Vec3& a2, const Vec3& b1, const Vec3& b2) {
  const auto over_b = [&](double zeta_a) {
    return minimise_1d(
        [&](double zeta_b) {
          return (edge_point(a1, a2, zeta_a) - edge_point(b1, b2, zeta_b)).squaredNorm();
        },
        -1.0, 1.0);
  };
  return std::sqrt(minimise_1d(over_b, -1.0, 1.0));
}

inline double brute_vertex_edge(const Vec3& p, const Vec3& x1, const Vec3& x2) {
  return std::sqrt(minimise_1d(
      [&](double zeta) { return (p - edge_point(x1, x2, zeta)).squaredNorm(); }, -1.0, 1.0));
}

/// Uniform random points in [−1, 1]³ (and scalars in [−1, 1]), reproducibly.
struct Sampler {
  std::mt19937_64 engine{20240611};
  std::uniform_real_distribution<double> unit{-1.0, 1.0};
  double scalar() { return unit(engine); }
  Vec3 point() { return {unit(engine), unit(engine), unit(engine)}; }
};

/// Closed form against brute force over many configurations.
struct Agreement {
  int valid = 0;
  int tested = 0;
  double max_valid_error = 0.0;
  double max_lower_bound_violation = 0.0;  // out of range: g_n ≤ brute force must hold
};

inline void report(const char* name, const Agreement& a) {
  std::printf(
      "[local_contact] %-13s %d valid of %d compared: max |g_n - brute| = %.3e, "
      "max lower-bound violation = %.3e\n",
      name, a.valid, a.tested, a.max_valid_error, a.max_lower_bound_violation);
}

/// Out-of-range solutions are checked as a lower bound on the first 2000 only (cost).
inline bool wants_brute_force(const Agreement& a, bool valid) { return valid || a.tested < 2000; }

inline void record(Agreement& a, bool valid, double g_n, double brute) {
  ++a.tested;
  if (valid) {
    ++a.valid;
    a.max_valid_error = std::max(a.max_valid_error, std::abs(g_n - brute));
  } else {
    a.max_lower_bound_violation = std::max(a.max_lower_bound_violation, g_n - brute);
  }
}

/// X = (x0, x1, ...) stacked, and back.
template <std::size_t N>
Eigen::VectorXd stacked(const std::array<Vec3, N>& x) {
  Eigen::VectorXd all(3 * static_cast<Eigen::Index>(N));
  for (std::size_t i = 0; i < N; ++i) all.segment<3>(3 * static_cast<Eigen::Index>(i)) = x[i];
  return all;
}

inline Vec3 slot(const Eigen::VectorXd& all, int i) { return all.segment<3>(3 * i); }

/// Largest errors of a primitive's derivatives against central differences.
struct DerivativeErrors {
  int checked = 0;
  double jacobian = 0;            ///< ∂g/∂X against differences of g
  double hessian = 0;             ///< Σ w_k ∂²g_k against differences of wᵀ ∂g/∂X
  double second_differences = 0;  ///< the same against second differences of w·g
  double asymmetry = 0;           ///< max |H − Hᵀ|
  bool finite = true;             ///< g, ∂g/∂X and the Hessian free of NaN and ∞

  void print(const char* name) const {
    std::printf(
        "[local_contact] %-13s FD over %d configurations: dg/dX %.1e, d2g/dX2 %.1e "
        "(second differences %.1e), asymmetry %.1e\n",
        name, checked, jacobian, hessian, second_differences, asymmetry);
  }
};

/// Compares jacobian(X) and hessian(X, w) with central differences of gap(X) at X.
template <class Gap, class Jacobian, class Hessian>
void compare_with_central_differences(const Eigen::VectorXd& x, const Vec3& weight, Gap gap,
                                      Jacobian jacobian, Hessian hessian, DerivativeErrors& e) {
  const Eigen::MatrixXd exact_jacobian = jacobian(x);
  const Eigen::MatrixXd exact_hessian = hessian(x, weight);
  e.finite =
      e.finite && gap(x).allFinite() && exact_jacobian.allFinite() && exact_hessian.allFinite();
  e.jacobian = std::max(e.jacobian, relative_max_error(exact_jacobian, finite_jacobian(x, gap)));
  const auto weighted_gradient = [&](const Eigen::VectorXd& y) -> Eigen::VectorXd {
    return jacobian(y).transpose() * weight;
  };
  e.hessian =
      std::max(e.hessian, relative_max_error(exact_hessian, finite_jacobian(x, weighted_gradient)));
  const auto weighted_gap = [&](const Eigen::VectorXd& y) { return weight.dot(gap(y)); };
  e.second_differences = std::max(
      e.second_differences, relative_max_error(exact_hessian, finite_hessian(x, weighted_gap)));
  e.asymmetry =
      std::max(e.asymmetry, (exact_hessian - exact_hessian.transpose()).cwiseAbs().maxCoeff());
  ++e.checked;
}

}  // namespace polydem::testing

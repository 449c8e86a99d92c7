// Central finite differences: the one reference every derivative test compares
// its closed-form or AD derivative with (after ipc-toolkit's finite_gradient,
// finite_jacobian and finite_hessian).
//
// The step, in one place. Along x_i the step is h_i = step · max(floor, |x_i|):
// relative to |x_i| for large coordinates, absolute (step · floor) near zero.
//  * First differences (f(x+h) − f(x−h))/2h err by the truncation h² f'''/6 and
//    by the round-off ~ε |f|/h, ε = 2.2e-16. The sum is least at h ≈ ε^(1/3)
//    ≈ 6e-6; kFirstDifferenceStep = 1e-6 keeps the truncation ~1e-13 and the
//    round-off ~1e-10 relative to |f|, safer where f''' is large (stiff laws,
//    rotations) at the price of a little round-off.
//  * Second differences of a scalar (finite_hessian) err by h² f''''/12 and by
//    ~4ε |f|/h²: least near h ≈ ε^(1/4) ≈ 1e-4 (kSecondDifferenceStep), both
//    ~1e-8. The Hessian of a function with an analytic gradient is better taken
//    as finite_jacobian of that gradient (first differences, ~1e-10).
//  * With `richardson`, D = (4 D(h/2) − D(h))/3 cancels the h² term: O(h⁴) for
//    residuals that bend sharply, at twice the evaluations.
// The scale: floor = 1 suits coordinates of order one and those near zero
// (trial increments); a quantity that lives at another scale (a gap of 1e-3 m)
// states it, e.g. {.floor = 0} for a step relative to |x| alone (x ≠ 0).
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include <Eigen/Core>

namespace polydem::testing {

inline constexpr double kFirstDifferenceStep = 1e-6;
inline constexpr double kSecondDifferenceStep = 1e-4;

struct FiniteDifference {
  double step = kFirstDifferenceStep;  ///< relative step
  double floor = 1.0;                  ///< |x| below which the step stays step · floor
  bool richardson = false;             ///< extrapolate D(h/2) and D(h) to O(h⁴)

  /// The step h along a coordinate of value x.
  [[nodiscard]] double at(double x) const { return step * std::max(floor, std::abs(x)); }
};

/// df/dx at x by central differences; f maps a double to a double or to a plain
/// Eigen object (Vec3, Mat3, VectorXd...), and so does the result.
template <class F>
auto finite_derivative(double x, F&& f, const FiniteDifference& fd = {}) {
  using Result = std::decay_t<std::invoke_result_t<F&, double>>;
  const auto central = [&](double h) -> Result { return Result((f(x + h) - f(x - h)) / (2 * h)); };
  const double h = fd.at(x);
  if (!fd.richardson) return central(h);
  return Result((4 * central(h / 2) - central(h)) / 3);
}

/// ∂f/∂x (rows: the components of f, columns: those of x) of a vector function f.
template <class F>
Eigen::MatrixXd finite_jacobian(const Eigen::VectorXd& x, F&& f, const FiniteDifference& fd = {}) {
  Eigen::MatrixXd jacobian;
  for (Eigen::Index j = 0; j < x.size(); ++j) {
    const Eigen::VectorXd column = finite_derivative(
        x(j),
        [&](double xj) -> Eigen::VectorXd {
          Eigen::VectorXd shifted = x;
          shifted(j) = xj;
          return f(shifted);
        },
        fd);
    if (j == 0) jacobian.resize(column.size(), x.size());
    jacobian.col(j) = column;
  }
  return jacobian;
}

/// ∇f of a scalar function f.
template <class F>
Eigen::VectorXd finite_gradient(const Eigen::VectorXd& x, F&& f, const FiniteDifference& fd = {}) {
  return finite_jacobian(
             x, [&](const Eigen::VectorXd& y) { return Eigen::VectorXd::Constant(1, f(y)); }, fd)
      .transpose();
}

/// ∇²f of a scalar function f by second differences (symmetric by construction):
/// H_ij = [f(x + h_i e_i + h_j e_j) − f(x + h_i e_i − h_j e_j)
///         − f(x − h_i e_i + h_j e_j) + f(x − h_i e_i − h_j e_j)] / (4 h_i h_j).
template <class F>
Eigen::MatrixXd finite_hessian(const Eigen::VectorXd& x, F&& f,
                               const FiniteDifference& fd = {.step = kSecondDifferenceStep}) {
  const Eigen::Index n = x.size();
  const auto second_differences = [&](double scale) {
    Eigen::MatrixXd hessian(n, n);
    const auto at = [&](Eigen::Index i, double si, Eigen::Index j, double sj) {
      Eigen::VectorXd shifted = x;
      shifted(i) += si;
      shifted(j) += sj;
      return static_cast<double>(f(shifted));
    };
    for (Eigen::Index i = 0; i < n; ++i) {
      const double hi = scale * fd.at(x(i));
      for (Eigen::Index j = i; j < n; ++j) {
        const double hj = scale * fd.at(x(j));
        hessian(i, j) =
            (at(i, hi, j, hj) - at(i, hi, j, -hj) - at(i, -hi, j, hj) + at(i, -hi, j, -hj)) /
            (4 * hi * hj);
        hessian(j, i) = hessian(i, j);
      }
    }
    return hessian;
  };
  if (!fd.richardson) return second_differences(1.0);
  return Eigen::MatrixXd((4 * second_differences(0.5) - second_differences(1.0)) / 3);
}

/// max|A − B| / max(1, max|B|): the error of A against the reference B, relative
/// to B's largest entry where that exceeds one.
template <class A, class B>
double relative_max_error(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& reference) {
  const double error = (a - reference).cwiseAbs().maxCoeff();
  return error / std::max(1.0, reference.cwiseAbs().maxCoeff());
}

}  // namespace polydem::testing

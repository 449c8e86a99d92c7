// Scalar functions of time that scale loads and prescribed motions:
// constant, linear ramp (held constant outside [t0, t1]) and piecewise-linear
// table (held constant beyond its first and last points).
#pragma once

#include <utility>
#include <vector>

namespace polydem {

class TimeFunction {
 public:
  /// The constant 1: a load given without a time function acts at full value.
  TimeFunction() = default;

  static TimeFunction constant(double value);
  /// v0 for t <= t0, v1 for t >= t1, linear in between. Requires t1 > t0.
  static TimeFunction ramp(double t0, double v0, double t1, double v1);
  /// Piecewise-linear through (t, v) points with strictly increasing t (at least one point).
  static TimeFunction table(std::vector<std::pair<double, double>> points);

  double operator()(double t) const;

 private:
  std::vector<std::pair<double, double>> points_{{0.0, 1.0}};
};

}  // namespace polydem

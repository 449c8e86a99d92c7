#include "src/core/time_function.hpp"

#include <algorithm>
#include <stdexcept>

namespace polydem {

TimeFunction TimeFunction::constant(double value) { return table({{0.0, value}}); }

TimeFunction TimeFunction::ramp(double t0, double v0, double t1, double v1) {
  if (!(t1 > t0)) throw std::invalid_argument("ramp needs t1 > t0");
  return table({{t0, v0}, {t1, v1}});
}

TimeFunction TimeFunction::table(std::vector<std::pair<double, double>> points) {
  if (points.empty()) throw std::invalid_argument("a table needs at least one point");
  for (std::size_t k = 1; k < points.size(); ++k)
    if (!(points[k].first > points[k - 1].first))
      throw std::invalid_argument("table times must increase strictly");
  TimeFunction f;
  f.points_ = std::move(points);
  return f;
}

double TimeFunction::operator()(double t) const {
  if (t <= points_.front().first) return points_.front().second;
  if (t >= points_.back().first) return points_.back().second;
  auto upper = std::upper_bound(points_.begin(), points_.end(), t,
                                [](double time, const auto& p) { return time < p.first; });
  auto lower = upper - 1;
  double s = (t - lower->first) / (upper->first - lower->first);
  return lower->second + s * (upper->second - lower->second);
}

}  // namespace polydem

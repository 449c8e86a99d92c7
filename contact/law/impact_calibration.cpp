#include "contact/law/impact_calibration.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace polydem {

/// e at the grid points: row j (speed V_j) × column k (damping D_k).
namespace {

constexpr std::size_t kDampingPoints = 41;
using Row = std::array<double, kDampingPoints>;

}  // namespace

struct CalibrationTable {
  Row damping{};                    ///< D_k, increasing from 0
  std::vector<double> log_speed;    ///< ln V_j, increasing
  std::vector<double> restitution;  ///< e(D_k, V_j) at [j·kDampingPoints + k]
  double barrier_speed = 0;         ///< V_b
  /// For a self-similar law (power-law part (i)) out of the barrier: D at
  /// e = i/(n − 1), so that the frequent lookups cost one interpolation.
  std::vector<double> inverse;
};

namespace {

constexpr double kLowestSpeed = 0.25;   ///< the first row at V_b/4, out of the barrier
constexpr int kRowsBelowBarrier = 3;    ///< rows in [V_b/4, V_b)
constexpr double kDeepestGap = 0.01;    ///< the last row reaches 1 % of the barrier gap undamped
constexpr int kRowsInBarrier = 21;      ///< rows in [V_b, V_deep], where e changes with V
constexpr double kStepFraction = 0.02;  ///< RK4 step: this fraction of the fastest local time scale
constexpr std::size_t kInversePoints = 2049;

/// The law scaled to a unit skin and a unit reference force (at the switch).
struct ScaledLaw final : ScaledNormalLaw {
  ScaledLaw(const NormalLaw& l, double s, double f) : law(l), skin(s), force_scale(f) {}
  const NormalLaw& law;
  double skin;
  double force_scale;

  double force(double y) const override { return law.force(skin * y) / force_scale; }
  double stiffness(double y) const override {
    return -law.force_derivative(skin * y) * skin / force_scale;
  }
};

ScaledLaw scaled(const NormalLaw& law) { return {law, law.skin(), law.reference_force()}; }

/// y'' of the scaled impact; 0 outside the skin.
struct ImpactAcceleration {
  const ScaledLaw& law;
  const Dashpot& dashpot;
  double damping;  ///< the scaled coefficient: ζ, or C = c ḡ/T for Hunt–Crossley

  double depth = 1;  ///< the scale of the motion: the undamped impact's deepest 1 − y

  double operator()(double y, double w) const {
    if (y >= 1) return 0.0;
    return std::max(dashpot.scaled_pressure(law, y, w, damping), 0.0);
  }
  /// The length y must not cross in one step: the barrier's distance y, the
  /// depth of the motion, and near the skin the distance to it, where a
  /// part (i) such as Hertz's has a stiffness singular in its derivatives.
  double length(double y) const { return std::min({y, depth, std::max(1 - y, 1e-4 * depth)}); }
  /// The fastest local rate: oscillation and damping (the dashpot's own),
  /// approach of the barrier, change of y' relative to the impact speed V,
  /// crossing of length(y).
  double rate(double y, double w, double speed) const {
    const double k = law.stiffness(std::min(y, 1.0 - 1e-12));
    const double velocity_change = (*this)(y, w) / (std::abs(w) + 0.05 * speed);
    return dashpot.scaled_rate(law, y, k, w, damping) + std::abs(w) / length(y) + velocity_change;
  }
};

/// How deep an undamped impact at scaled speed V goes: Φ(1 − depth) = V²/2.
double undamped_depth(const ScaledLaw& law, double speed) {
  const double energy = 0.5 * speed * speed * law.force_scale * law.skin;
  double lo = 0, hi = 1;  // in y
  for (int iteration = 0; iteration < 60; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    (law.law.energy(law.skin * mid) > energy ? lo : hi) = mid;
  }
  return 1 - hi;
}

double scaled_restitution(const ScaledLaw& law, const Dashpot& dashpot, double damping,
                          double speed) {
  ImpactAcceleration accel{law, dashpot, dashpot.scaled_coefficient(damping, speed)};
  accel.depth = undamped_depth(law, speed);
  double y = 1 - 1e-12 * speed, w = -speed;
  for (long step = 0; step < 10'000'000; ++step) {
    if (y >= 1 || (w > 0 && accel(y, w) == 0)) return w / speed;  // left, or coasting out
    const double h = kStepFraction / accel.rate(y, w, speed);
    const double a1 = accel(y, w);
    const double a2 = accel(y + 0.5 * h * w, w + 0.5 * h * a1);
    const double a3 = accel(y + 0.5 * h * (w + 0.5 * h * a1), w + 0.5 * h * a2);
    const double a4 = accel(y + h * (w + 0.5 * h * a2), w + h * a3);
    y += h * (w + h / 6 * (a1 + a2 + a3));
    w += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
  }
  return std::max(w, 0.0) / speed;  // captured
}

double barrier_speed_of(const ScaledLaw& law) {
  return std::sqrt(2 * law.law.energy(law.law.barrier_gap()) / (law.force_scale * law.skin));
}

/// The row of e(D_k) at scaled speed V: cubic (Catmull–Rom) in ln V between
/// the grid rows, clamped to the first and last rows.
Row restitution_row(const CalibrationTable& table, double speed) {
  const std::vector<double>& x = table.log_speed;
  const std::size_t rows = x.size(), n = kDampingPoints;
  const double at = std::clamp(std::log(speed), x.front(), x.back());
  std::size_t j = 0;
  while (j + 2 < rows && at > x[j + 1]) ++j;
  const double h = x[j + 1] - x[j], t = (at - x[j]) / h, t2 = t * t, t3 = t2 * t;
  const std::size_t before = j > 0 ? j - 1 : j, after = j + 2 < rows ? j + 2 : j + 1;
  const auto e = [&](std::size_t row, std::size_t k) { return table.restitution[row * n + k]; };
  Row result;
  for (std::size_t k = 0; k < n; ++k) {
    const double slope_j = (e(j + 1, k) - e(before, k)) / (x[j + 1] - x[before]) * h;
    const double slope_k = (e(after, k) - e(j, k)) / (x[after] - x[j]) * h;
    result[k] = (2 * t3 - 3 * t2 + 1) * e(j, k) + (t3 - 2 * t2 + t) * slope_j +
                (-2 * t3 + 3 * t2) * e(j + 1, k) + (t3 - t2) * slope_k;
  }
  return result;
}

/// Solves f(x) = target for a decreasing f on [lo, hi] by bisection.
template <class F>
double solve_decreasing(F f, double target, double lo, double hi) {
  for (int iteration = 0; iteration < 60 && lo < hi; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

/// The slope at point k of the monotone piecewise cubic through (x, y): PCHIP's
/// weighted harmonic mean of the neighbouring secants (Fritsch & Butland 1984),
/// zero at a local extremum, one-sided at the ends.
double monotone_slope(const Row& x, const Row& y, std::size_t k) {
  const auto width = [&](std::size_t i) { return x[i + 1] - x[i]; };
  const auto secant = [&](std::size_t i) { return (y[i + 1] - y[i]) / width(i); };
  if (k == 0) return secant(0);
  if (k + 1 == x.size()) return secant(k - 1);
  const double left = secant(k - 1), right = secant(k);
  if (left * right <= 0) return 0.0;
  const double h0 = width(k - 1), h1 = width(k);
  return 3 * (h0 + h1) / ((2 * h1 + h0) / left + (h1 + 2 * h0) / right);
}

/// D with e(D) = target on the monotone cubic through the row (decreasing in D).
double invert_row(const Row& damping, const Row& row, double target) {
  if (target >= row.front()) return 0.0;
  if (target <= row.back()) return damping.back();
  std::size_t k = 0;
  while (row[k + 1] > target) ++k;
  const double x0 = damping[k], h = damping[k + 1] - x0;
  const double m0 = monotone_slope(damping, row, k) * h,
               m1 = monotone_slope(damping, row, k + 1) * h;
  const auto cubic = [&](double x) {
    const double t = (x - x0) / h, t2 = t * t, t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * row[k] + (t3 - 2 * t2 + t) * m0 +
           (-2 * t3 + 3 * t2) * row[k + 1] + (t3 - t2) * m1;
  };
  return solve_decreasing(cubic, target, x0, damping[k + 1]);
}

/// D(e) out of the barrier on a uniform grid of e: from the closed form for
/// the linear law with a viscous dashpot, else from the first table row.
std::vector<double> self_similar_inverse(const CalibrationTable& table, const Dashpot& dashpot,
                                         bool linear) {
  const double max_damping = table.damping.back();
  Row first_row;
  std::copy_n(table.restitution.begin(), kDampingPoints, first_row.begin());
  std::vector<double> inverse(kInversePoints);
  for (std::size_t i = 0; i < kInversePoints; ++i) {
    const double e = static_cast<double>(i) / (kInversePoints - 1);
    if (linear && dashpot.linear_closed_form())
      inverse[i] =
          e >= 1 ? 0.0 : solve_decreasing(linear_oscillator_restitution, e, 0.0, max_damping);
    else
      inverse[i] = invert_row(table.damping, first_row, e);
  }
  return inverse;
}

std::shared_ptr<const CalibrationTable> build_table(const ScaledLaw& law, const Dashpot& dashpot) {
  auto table = std::make_shared<CalibrationTable>();
  table->barrier_speed = barrier_speed_of(law);
  const double max_damping = dashpot.largest_scaled_damping();
  for (std::size_t k = 0; k < kDampingPoints; ++k) {
    const double s = static_cast<double>(k) / (kDampingPoints - 1);
    table->damping[k] = max_damping * s * s;  // dense where e is near 1
  }
  const double lowest = std::log(table->barrier_speed * kLowestSpeed);
  const double barrier = std::log(table->barrier_speed);
  const double deepest = std::log(std::sqrt(
      2 * law.law.energy(kDeepestGap * law.law.barrier_gap()) / (law.force_scale * law.skin)));
  for (int j = 0; j < kRowsBelowBarrier; ++j)
    table->log_speed.push_back(lowest + (barrier - lowest) * j / kRowsBelowBarrier);
  // A law without a barrier has nothing to tabulate beyond V_b = √(2Φ(0)/(F ḡ)):
  // faster impacts cross g = 0 (the penetration check rejects them).
  const int rows_in_barrier = law.law.barrier_gap() > 0 ? kRowsInBarrier : 1;
  for (int j = 0; j < rows_in_barrier; ++j)
    table->log_speed.push_back(barrier + (deepest - barrier) * j / (kRowsInBarrier - 1.0));
  for (double log_speed : table->log_speed)
    for (double d : table->damping)
      table->restitution.push_back(scaled_restitution(law, dashpot, d, std::exp(log_speed)));
  if (law.law.self_similar())
    table->inverse = self_similar_inverse(*table, dashpot, law.law.linear());
  return table;
}

std::shared_ptr<const CalibrationTable> shared_table(const ScaledLaw& law, const Dashpot& dashpot) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const CalibrationTable>> tables;
  const std::string key = law.law.shape_key() + " " + dashpot.name();
  const std::lock_guard lock(mutex);
  auto& table = tables[key];
  if (!table) table = build_table(law, dashpot);
  return table;
}

}  // namespace

double linear_oscillator_restitution(double ratio) {
  if (ratio <= 0) return 1.0;
  if (ratio < 1) {
    return std::exp(-ratio * (std::numbers::pi - 2 * std::asin(ratio)) /
                    std::sqrt(1 - ratio * ratio));
  }
  if (ratio == 1) return std::exp(-2.0);
  const double root = std::sqrt(ratio * ratio - 1);
  const double slow = -ratio + root, fast = -ratio - root;
  const double inflection = 2 * std::log(fast / slow) / (slow - fast);
  return slow / fast * std::exp(slow * inflection);
}

double scaled_impact_restitution(const NormalLaw& law, const Dashpot& dashpot, double damping,
                                 double speed) {
  return scaled_restitution(scaled(law), dashpot, damping, speed);
}

ImpactCalibration::ImpactCalibration(const NormalLaw& law, std::shared_ptr<const Dashpot> dashpot)
    : dashpot_(std::move(dashpot)),
      skin_(law.skin()),
      switch_force_(law.reference_force()),
      table_(shared_table(scaled(law), *dashpot_)) {}

double ImpactCalibration::barrier_speed() const { return table_->barrier_speed; }

double ImpactCalibration::scaled_speed(double approach_speed, double mass) const {
  const double time_scale = std::sqrt(mass * skin_ / switch_force_);
  return approach_speed * time_scale / skin_;
}

double ImpactCalibration::lowest_restitution(double speed) const {
  return restitution_row(*table_, speed).back();
}

double ImpactCalibration::damping_for(double restitution, double speed) const {
  const std::vector<double>& inverse = table_->inverse;
  if (!inverse.empty() && speed <= table_->barrier_speed) {
    const double at = std::clamp(restitution, 0.0, 1.0) * (kInversePoints - 1);
    const std::size_t i = std::min(static_cast<std::size_t>(at), kInversePoints - 2);
    return inverse[i] + (at - static_cast<double>(i)) * (inverse[i + 1] - inverse[i]);
  }
  return invert_row(table_->damping, restitution_row(*table_, speed), restitution);
}

double ImpactCalibration::dashpot_coefficient(double restitution, double approach_speed,
                                              double mass) const {
  const double floor = 1e-3 * table_->barrier_speed;
  const double speed = std::max(scaled_speed(approach_speed, mass), floor);
  const double damping = damping_for(restitution, speed);
  // v0 = V ḡ/T.
  const double approach = speed * skin_ / std::sqrt(mass * skin_ / switch_force_);
  return dashpot_->coefficient(damping, approach);
}

}  // namespace polydem

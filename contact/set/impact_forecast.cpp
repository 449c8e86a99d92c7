#include "contact/set/impact_forecast.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "contact/local/penetration.hpp"

namespace polydem {

namespace {

/// The gap down to which `energy` more can be stored from `gap` (bisection:
/// Φ falls with the gap); a tiny fraction of the skin where the law cannot hold it.
double stop_gap(const NormalLaw& law, double gap, double energy) {
  const double target = law.energy(std::min(gap, law.skin())) + energy;
  double deep = 1e-9 * law.skin(), shallow = std::min(gap, law.skin());
  if (law.energy(deep) <= target) return deep;
  for (int k = 0; k < 60 && shallow - deep > 1e-9 * law.skin(); ++k) {
    const double middle = 0.5 * (deep + shallow);
    (law.energy(middle) > target ? deep : shallow) = middle;
  }
  return shallow;
}

/// The trapezoidal rule's error for the work of f_n from g0 down to g1.
double trapezoid_error(const NormalLaw& law, double g0, double g1) {
  const double skin = law.skin();
  const auto force = [&](double g) { return g >= skin ? 0.0 : law.force(g); };
  const auto stored = [&](double g) { return g >= skin ? 0.0 : law.energy(g); };
  return std::abs(stored(g1) - stored(g0) - 0.5 * (force(g0) + force(g1)) * (g0 - g1));
}

}  // namespace

void ImpactForecast::add(const NormalLaw& law, double gap, double speed, double mass, double dt) {
  const double skin = law.skin();
  if (std::abs(speed) * dt < kNegligibleClosure * skin || !(gap > 0)) return;
  if (gap >= skin && gap - speed * dt >= skin) return;  // stays beyond the skin
  const double stop = speed > 0 ? stop_gap(law, gap, 0.5 * mass * speed * speed) : 0.0;
  closing_.push_back({&law, gap, speed, stop});
}

void ImpactForecast::add_pair(const ContactPairElement& element, const StepContext& at_i,
                              double travel) {
  const NormalLaw& law = element.interaction().law();
  if (travel < kNegligibleClosure * law.skin()) return;  // no LCP for a pair at rest
  thread_local std::vector<ActiveContact> near;
  element.collect_near(at_i, travel, near);
  if (near.empty()) return;
  const ContactSide a = element.contact_side_a(at_i), b = element.contact_side_b(at_i);
  const PosedBody posed_a = PosedBody::of({a.shape, a.trial});
  const double mass = effective_mass(a, b);
  for (const ActiveContact& c : near) {
    if (!c.contact.valid()) continue;
    const Vec3 point_a = contact_point_a(posed_a, c.contact);
    const Vec3 point_b = point_a - c.contact.gap;  // Γ_B = Γ_A − g (eq. 29)
    const double closing =
        -c.contact.normal.dot(a.velocity_at_i(point_a) - b.velocity_at_i(point_b));
    add(law, c.contact.normal_gap, closing, mass, at_i.dt);
  }
}

double ImpactForecast::error(double dt) const {
  double sum = 0;
  for (const ClosingContact& c : closing_) {
    const double reached = std::max(c.gap - c.speed * dt, c.stop_gap);
    if (reached < c.law->skin() || c.gap < c.law->skin())
      sum += trapezoid_error(*c.law, c.gap, reached);
  }
  return sum;
}

double ImpactForecast::largest_step(double dt, double budget,
                                    const ContactPartition* partition) const {
  const auto total = [&](double step) {
    std::array<double, 1> sum{error(step)};
    if (partition) partition->sum_over_processes(sum);
    return sum[0];
  };
  if (total(dt) <= budget) return dt;
  // Every process takes the same bisection: the sums are the same on each.
  double low = 0, high = dt;
  while (high - low > 1e-6 * dt) {
    const double middle = 0.5 * (low + high);
    (total(middle) <= budget ? low : high) = middle;
  }
  return low;
}

}  // namespace polydem

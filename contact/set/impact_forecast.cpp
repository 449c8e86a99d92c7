#include "contact/set/impact_forecast.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "contact/local/penetration.hpp"

namespace polydem {

namespace {

/// f_n and Φ, zero beyond the skin.
double force_within(const NormalLaw& law, double skin, double gap) {
  return gap >= skin ? 0.0 : law.force(gap);
}
double stored_within(const NormalLaw& law, double skin, double gap) {
  return gap >= skin ? 0.0 : law.energy(gap);
}

/// The gap down to which a contact at g_n^i closing with kinetic energy `energy`
/// can go, on its way to `reached` (Φ falls with the gap): `reached` itself where
/// that stores less than `energy`, else by bisection (a tiny fraction of the skin
/// where the law cannot hold it).
double stop_gap(const NormalLaw& law, double skin, double gap, double reached, double energy) {
  const double target = stored_within(law, skin, gap) + energy;
  double deep = std::max(reached, 1e-9 * skin), shallow = std::min(gap, skin);
  if (stored_within(law, skin, deep) <= target) return deep;
  while (shallow - deep > 1e-9 * skin) {
    const double middle = 0.5 * (deep + shallow);
    (stored_within(law, skin, middle) > target ? deep : shallow) = middle;
  }
  return shallow;
}

}  // namespace

// The deepest it can go in this step is g_n^i − speed·Δt: the stop is sought only above it.
void ImpactForecast::add(const NormalLaw& law, double gap, double speed, double mass, double dt) {
  const double skin = law.skin();
  if (std::abs(speed) * dt < kNegligibleClosure * skin || !(gap > 0)) return;
  const double deepest = gap - speed * dt;
  if (gap >= skin && deepest >= skin) return;  // stays beyond the skin
  const double stop =
      speed > 0 ? stop_gap(law, skin, gap, deepest, 0.5 * mass * speed * speed) : 0.0;
  closing_.push_back(
      {&law, gap, force_within(law, skin, gap), stored_within(law, skin, gap), speed, stop});
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

// The trapezoidal rule's error for the work of f_n from g_n^i to where the contact gets,
// summed with its sign as the step's balance sums it: a contact closing on a convex
// f_n loses energy (the rule overestimates the work stored), one opening gains it.
double ImpactForecast::error(double dt) const {
  double sum = 0;
  for (const ClosingContact& c : closing_) {
    const double skin = c.law->skin();
    const double reached = std::max(c.gap - c.speed * dt, c.stop_gap);
    const double work = 0.5 * (c.force + force_within(*c.law, skin, reached)) * (c.gap - reached);
    sum += stored_within(*c.law, skin, reached) - c.stored - work;
  }
  return std::abs(sum);
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
  while (high - low > 1e-3 * dt) {
    const double middle = 0.5 * (low + high);
    (total(middle) <= budget ? low : high) = middle;
  }
  return low;
}

}  // namespace polydem

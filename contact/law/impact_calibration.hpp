// From a coefficient of restitution to the dashpot coefficient of a contact
// event, for the law in use (paper §2.4.7, eqs. 49–53; normal_damping.hpp).
//
// A single contact of mass m meets at speed v0 with no other force:
// m g̈ = p(g, ġ), g(0) = ḡ, ġ(0) = −v0, and it leaves with ġ = e v0. Scaled by
// the skin ḡ and the force at the switch F_s = f_n(f·ḡ), with y = g/ḡ,
// τ = t/T, T = √(m ḡ/F_s), F(y) = f_n(ḡy)/F_s and K = −dF/dy:
//   viscous (eq. 52):  y'' = max(F − 2ζ √K y', 0)
//   Hunt–Crossley:     y'' = max(F (1 − (3/2) C y'), 0),   C = c ḡ/T
// with y'(0) = −V, V = v0 T/ḡ. So e depends on the damping D (ζ, or c·v0 for
// Hunt–Crossley), on V and on the law's shape alone (NormalLaw::shape_key);
// each dashpot model says how it enters the scaled equation (dashpot.hpp). A power-law part (i) is
// self-similar: while the impact stays out of the barrier, e depends on D alone; V matters once it
// reaches the barrier, V ≳ V_b = √(2Φ(f·ḡ)/(F_s ḡ)).
//
// Linear part (i), viscous, V ≤ V_b: closed form. The oscillator of ratio ζ
// whose force ends where p = 0 (the inflection of its free motion, eq. 53)
// leaves with
//   e = exp(−ζ (π − 2 asin ζ)/√(1 − ζ²))            ζ < 1
//   e = (λ₁/λ₂) exp(λ₁ t*),  λ₁,₂ = −ζ ± √(ζ² − 1),
//       t* = 2 ln(λ₂/λ₁)/(λ₁ − λ₂)                    ζ > 1  (unit ω)
// (e = e⁻² at ζ = 1), inverted by bisection: e falls as ζ grows.
// Otherwise a table e(D, V), integrated once per law shape and dashpot (RK4,
// steps set by the local stiffness, damping and distances) and shared by all
// laws of that shape, is inverted in D by monotone (PCHIP) interpolation, cubic
// in ln V between rows. Out of the barrier a power law's D(e) is tabulated
// once more on a fine grid of e (from the closed form for the linear law), as
// every contact candidate asks for it at the start of each step.
//
// m is the contact's m*, the sides' effective mass at its point along its
// normal (contact_mass.hpp), which the viscous dashpot also meets: exact for
// one contact, and for the N equal contacts of a flat face while the impact
// stays out of the barrier (each takes its stiffness share of the pair's mass
// with a shared pair mass, which the self-similar response does not see); for
// such an impact reaching the barrier V is off by the ratio of m* to that share.
#pragma once

#include <memory>

#include "contact/law/dashpot.hpp"
#include "contact/law/normal_law.hpp"

namespace polydem {

/// e of the scaled impact of `law` with damping D (ζ, or c·v0 for
/// Hunt–Crossley) at scaled speed V, by direct integration.
double scaled_impact_restitution(const NormalLaw& law, const Dashpot& dashpot, double damping,
                                 double speed);

/// The closed form e(ζ) above (linear part (i), viscous, out of the barrier).
double linear_oscillator_restitution(double ratio);

struct CalibrationTable;

class ImpactCalibration {
 public:
  /// Builds or shares the table of the law's shape and dashpot.
  ImpactCalibration(const NormalLaw& law, std::shared_ptr<const Dashpot> dashpot);

  /// ζ (viscous) or c (Hunt–Crossley, s/m) for restitution e at approach speed
  /// v0 with mass m. e is clamped to what the table reaches; v0 below a
  /// thousandth of the barrier speed counts as that (c = D/v0 stays finite).
  double dashpot_coefficient(double restitution, double approach_speed, double mass) const;

  /// V for an impact at speed v0 with mass m, and V_b.
  double scaled_speed(double approach_speed, double mass) const;
  double barrier_speed() const;
  /// The smallest e the table reaches at scaled speed V.
  double lowest_restitution(double speed) const;

 private:
  double damping_for(double restitution, double speed) const;

  std::shared_ptr<const Dashpot> dashpot_;
  double skin_;
  double switch_force_;
  std::shared_ptr<const CalibrationTable> table_;
};

}  // namespace polydem

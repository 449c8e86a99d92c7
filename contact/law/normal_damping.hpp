// Normal damping: the total normal force p of a contact from its elastic force
// f_e = f_n(g), its stiffness k = −df_n/dg and the normal gap rate ġ_n (< 0
// while the bodies approach). Never tensile: p = max(·, 0) (eq. 53).
//
//  - Viscous, eq. (52): p = f_e − 2ζ √(k m) ġ_n with m the pair's effective
//    mass. A pair touching at N points then damps its relative motion with
//    about √N ζ, because every contact uses the whole mass (the paper notes
//    this, §2.4.7). With `share_pair_mass` each contact takes the share of m
//    its stiffness has in the pair's total K = Σ k_j: f_d = 2ζ k √(m/K) ġ_n,
//    so the contacts of a pair together give the pair the ratio ζ (the flat
//    face of a box as much as a single vertex), and a single contact is
//    unchanged. K depends on every contact's gap: its derivatives enter the
//    tangent of each contact (pointwise_contact.hpp).
//  - Hunt–Crossley: p = f_e (1 − (3/2) c ġ_n) with c in s/m. The damping
//    scales with f_e, so p is continuous at first touch (f_e = 0 there) and
//    needs no mass; c ≈ (1 − e)/v for restitution e at impact speed v.
//
// Written on the scalar type so that forward-mode AD gives the consistent
// tangent through f_e, k, K and ġ_n.
#pragma once

#include <cmath>
#include <cstdint>

#include "src/core/scalar_value.hpp"

namespace polydem {

enum class Dashpot : std::uint8_t { Viscous, HuntCrossley };

struct NormalDampingParams {
  Dashpot dashpot = Dashpot::Viscous;
  double coefficient = 0;        ///< ζ (viscous) or c (Hunt–Crossley, s/m)
  bool share_pair_mass = false;  ///< viscous: each contact damps its stiffness share of m

  /// Eq. (52) as printed: ratio ζ, each contact with the pair's whole mass.
  static NormalDampingParams paper_ratio(double ratio) { return {Dashpot::Viscous, ratio, false}; }
};

/// The contact's part of the viscous dashpot: its stiffness and its pair's total.
template <class S>
struct ContactStiffness {
  S own;                ///< k = −df_n/dg of this contact
  S pair;               ///< K = Σ k_j over the pair's active contacts
  bool shared = false;  ///< false: the contact damps the pair's whole mass (eq. 52 as printed)
};

/// p ≥ 0 for a dashpot with coefficient ζ or c (see above); `mass` is the
/// pair's effective mass m_A m_B/(m_A + m_B). Without `clip` p may be negative
/// (an engaged contact of an active-set solve, whose residual must be smooth).
/// `share` ∈ [0, 1] multiplies the damping term (the fade-in over the outer
/// part of the skin, interaction.damping_ramp; 1 as printed).
template <class S>
S damped_pressure(Dashpot dashpot, double coefficient, const S& elastic,
                  const ContactStiffness<S>& stiffness, double mass, const S& normal_velocity,
                  bool clip = true, const S& share = S(1)) {
  using std::sqrt;
  S pressure = elastic;
  if (coefficient > 0 && dashpot == Dashpot::HuntCrossley) {
    pressure -= share * elastic * S(1.5 * coefficient) * normal_velocity;
  } else if (coefficient > 0 && value_of(stiffness.own) > 0) {
    S dashpot = sqrt(stiffness.own * S(mass));
    if (stiffness.shared) dashpot = stiffness.own * sqrt(S(mass) / stiffness.pair);
    pressure -= S(2 * coefficient) * share * dashpot * normal_velocity;
  }
  return clip && value_of(pressure) < 0 ? S(0) : pressure;
}

}  // namespace polydem

// Normal damping: the total normal force p of a contact from its elastic force
// f_e = f_n(g), its stiffness k = −df_n/dg and the normal gap rate ġ_n (< 0
// while the bodies approach), p = f_e − f_d, never tensile: p = max(·, 0)
// (eq. 53), unless the normal law pulls (normal_law.hpp).
//
// The dashpot f_d is one of the models of damping/ (viscous, eq. 52;
// Hunt–Crossley), each a member of the deck's `damping` family that declares
// its keys and registers itself in its own file; `restitution` calibrates one
// of them per contact event from a coefficient of restitution e(v).
//
// Written on the scalar type so that forward-mode AD gives the consistent
// tangent through f_e, k, K and ġ_n.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contact/law/dashpot.hpp"
#include "contact/law/restitution_law.hpp"
#include "src/core/scalar_value.hpp"
#include "src/params/family.hpp"

namespace polydem {

/// An interaction's normal damping, as a `damping` member builds it.
struct NormalDamping {
  std::shared_ptr<const Dashpot> dashpot;  ///< null: undamped
  double coefficient = 0;        ///< the dashpot's coefficient; with restitution, per event
  bool share_pair_mass = false;  ///< each contact damps its stiffness share of the pair's mass
  std::optional<RestitutionParams> restitution;  ///< e(v): the coefficient of each contact event

  bool damped() const { return dashpot && (coefficient > 0 || restitution); }
  /// Whether each contact's damping depends on its pair's total stiffness.
  bool shares_pair_mass() const {
    return share_pair_mass && damped() && dashpot->uses_pair_stiffness();
  }
  /// ζ for the critical time step of central differences (0 undamped).
  double critical_ratio() const;
};

/// The family `damping`.
Family<NormalDamping>& damping_models();

/// The dashpots a coefficient of restitution can calibrate, by name.
bool register_dashpot(std::shared_ptr<const Dashpot> dashpot);
std::shared_ptr<const Dashpot> dashpot_named(const std::string& name);
std::vector<std::string> dashpot_names();

/// p for a dashpot with coefficient `coefficient` (see above); `mass` is the
/// contact's m*, the sides' effective mass at its point (contact_mass.hpp). Without `clip` p may be
/// negative (an engaged contact of an active-set solve, whose residual must be smooth). `share` ∈
/// [0, 1] multiplies the damping term (the fade-in over the outer part of the skin,
/// interaction.damping_ramp; 1 as printed).
template <class S>
S damped_pressure(const Dashpot* dashpot, double coefficient, const S& elastic,
                  const ContactStiffness<S>& stiffness, double mass, const S& normal_velocity,
                  bool clip = true, const S& share = S(1)) {
  S pressure = elastic;
  if (dashpot != nullptr && coefficient > 0 && dashpot->damps(value_of(stiffness.own)))
    pressure -= dashpot->force(
        DashpotState<S>{coefficient, elastic, stiffness, mass, normal_velocity, share});
  return clip && value_of(pressure) < 0 ? S(0) : pressure;
}

}  // namespace polydem

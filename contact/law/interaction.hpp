// The contact properties of one pair of groups (body–body or body–boundary):
// the normal law (normal_law.hpp; the paper's hybrid barrier law, eqs. 49–51,
// by default), the normal damping (eq. 52 or its variants, normal_damping.hpp),
// possibly set per contact event from a coefficient of restitution, and
// Coulomb friction (eqs. 54–58).
#pragma once

#include <memory>
#include <optional>

#include "contact/law/coulomb_friction.hpp"
#include "contact/law/impact_calibration.hpp"
#include "contact/law/normal_damping.hpp"
#include "contact/law/normal_law.hpp"

namespace polydem {

struct InteractionParams {
  std::shared_ptr<const NormalLaw> normal;  ///< made for the pair's skin
  NormalDamping damping;  ///< with restitution: the dashpot; its coefficient is per event
  /// The dashpot fades in over this outer fraction of the skin (0: as printed), for every damping
  /// model.
  double damping_ramp = 0;
  FrictionParams friction;
};

/// The laws of one interaction, built once and shared by its contact elements.
struct Interaction {
  explicit Interaction(const InteractionParams& params);

  std::shared_ptr<const NormalLaw> normal_law;
  NormalDamping damping;
  double damping_ramp;
  std::optional<ImpactCalibration> calibration;  ///< with restitution
  FrictionParams friction;

  const NormalLaw& law() const { return *normal_law; }
  double skin() const { return normal_law->skin(); }
  bool damped() const { return damping.damped(); }
  /// Whether each contact's viscous damping depends on its pair's total stiffness.
  bool shares_pair_mass() const { return damping.shares_pair_mass(); }
  /// The dashpot coefficient (ζ, or c in s/m) of a contact event that began at
  /// `approach_speed` between sides of effective mass `mass`: from e(v) through
  /// the impact calibration with restitution, the constant one otherwise.
  double event_dashpot(double approach_speed, double mass) const;
  /// The critical step of central differences (s) for one contact of this
  /// interaction at `gap` between sides of effective mass `mass`: the paper's
  /// Δt_c = 2√(m_c/k_c) (§3.6, Fig. 11) with k_c = −df_n/dg at that gap, or
  /// the friction stiffness ε_t if larger, shortened by the dashpot's ζ.
  double critical_step(double gap, double mass) const;
};

}  // namespace polydem

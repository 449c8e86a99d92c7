// The contact properties of one pair of groups (body–body or body–boundary):
// the hybrid barrier normal law (eqs. 49–51), the normal damping (eq. 52 or
// its variants, normal_damping.hpp), possibly set per contact event from a
// coefficient of restitution, and Coulomb friction (eqs. 54–58).
#pragma once

#include <optional>

#include "contact/law/coulomb_friction.hpp"
#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/impact_calibration.hpp"
#include "contact/law/normal_damping.hpp"
#include "contact/law/restitution_law.hpp"

namespace polydem {

struct InteractionParams {
  NormalLawParams normal;
  double relative_skin =
      0;  ///< > 0: ḡ_n = relative_skin × the smaller body's size (normal.skin ignored)
  NormalDampingParams damping;  ///< with restitution: the dashpot; its coefficient is per event
  /// The dashpot fades in over this outer fraction of the skin (0: as printed), for every damping
  /// model.
  double damping_ramp = 0;
  std::optional<RestitutionParams> restitution;
  FrictionParams friction;
};

/// The laws of one interaction, built once and shared by its contact elements.
/// ζ of the viscous dashpot for a critical time step (src/core/critical_time_step.hpp):
/// the given ratio; with restitution the linear law's closed form for its
/// smallest e, −ln e/√(π² + ln² e) (the calibrated ζ of other laws is close);
/// 0 for Hunt–Crossley, whose dashpot scales with the elastic force.
double critical_damping_ratio(const NormalDampingParams& damping,
                              const std::optional<RestitutionParams>& restitution);

struct Interaction {
  explicit Interaction(const InteractionParams& params);

  HybridBarrierLaw normal_law;
  NormalDampingParams damping;
  double damping_ramp;
  std::optional<RestitutionParams> restitution;
  std::optional<ImpactCalibration> calibration;  ///< with restitution
  FrictionParams friction;

  double skin() const { return normal_law.skin(); }
  bool damped() const { return damping.coefficient > 0 || restitution.has_value(); }
  /// Whether each contact's viscous damping depends on its pair's total stiffness.
  bool shares_pair_mass() const {
    return damping.dashpot == Dashpot::Viscous && damping.share_pair_mass && damped();
  }
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

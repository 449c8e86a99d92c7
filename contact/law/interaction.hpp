// The contact properties of one pair of groups (body–body or body–boundary):
// the hybrid barrier normal law (eqs. 49–51), the normal damping (eq. 52 or
// its variants, normal_damping.hpp) and Coulomb friction (eqs. 54–58).
#pragma once

#include "contact/law/coulomb_friction.hpp"
#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/normal_damping.hpp"

namespace polydem {

struct InteractionParams {
  NormalLawParams normal;
  double relative_skin = 0;  ///< > 0: ḡ_n = relative_skin × the smaller body's size (normal.skin ignored)
  NormalDampingParams damping;
  /// The dashpot fades in over this outer fraction of the skin (0: as printed), for every damping model.
  double damping_ramp = 0;
  FrictionParams friction;
};

/// The laws of one interaction, built once and shared by its contact elements.
struct Interaction {
  explicit Interaction(const InteractionParams& params)
      : normal_law(params.normal),
        damping(params.damping),
        damping_ramp(params.damping_ramp),
        friction(params.friction) {}

  HybridBarrierLaw normal_law;
  NormalDampingParams damping;
  double damping_ramp;
  FrictionParams friction;

  double skin() const { return normal_law.skin(); }
  /// Whether each contact's viscous damping depends on its pair's total stiffness.
  bool shares_pair_mass() const {
    return damping.dashpot == Dashpot::Viscous && damping.share_pair_mass &&
           damping.coefficient > 0;
  }
};

}  // namespace polydem

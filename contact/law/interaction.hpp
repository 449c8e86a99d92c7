// The contact properties of one pair of groups (body–body or body–boundary):
// the hybrid barrier normal law (eqs. 49–51), the normal damping ratio of
// eq. (52) and Coulomb friction (eqs. 54–58).
#pragma once

#include "contact/law/coulomb_friction.hpp"
#include "contact/law/hybrid_barrier_law.hpp"

namespace polydem {

struct InteractionParams {
  NormalLawParams normal;
  double relative_skin = 0;  ///< > 0: ḡ_n = relative_skin × the smaller body's size (normal.skin ignored)
  double damping_ratio = 0;  ///< ζ of eq. (52)
  /// The dashpot fades in over this outer fraction of the skin (0: eq. 52 as printed).
  double damping_ramp = 0;
  FrictionParams friction;
};

/// The laws of one interaction, built once and shared by its contact elements.
struct Interaction {
  explicit Interaction(const InteractionParams& params)
      : normal_law(params.normal),
        damping_ratio(params.damping_ratio),
        damping_ramp(params.damping_ramp),
        friction(params.friction) {}

  HybridBarrierLaw normal_law;
  double damping_ratio;
  double damping_ramp;
  FrictionParams friction;

  double skin() const { return normal_law.skin(); }
};

}  // namespace polydem

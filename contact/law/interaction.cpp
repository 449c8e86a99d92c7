#include "contact/law/interaction.hpp"

namespace polydem {

Interaction::Interaction(const InteractionParams& params)
    : normal_law(params.normal),
      damping(params.damping),
      damping_ramp(params.damping_ramp),
      restitution(params.restitution),
      friction(params.friction) {
  if (restitution) {
    damping.dashpot = restitution->dashpot;
    calibration.emplace(normal_law, restitution->dashpot);
  }
}

double Interaction::event_dashpot(double approach_speed, double mass) const {
  if (!restitution) return damping.coefficient;
  return calibration->dashpot_coefficient(restitution_at(*restitution, approach_speed),
                                          approach_speed, mass);
}

}  // namespace polydem

#include "contact/law/interaction.hpp"

#include <algorithm>
#include <limits>

#include "src/core/critical_time_step.hpp"

namespace polydem {

Interaction::Interaction(const InteractionParams& params)
    : normal_law(params.normal),
      damping(params.damping),
      damping_ramp(params.damping_ramp),
      friction(params.friction) {
  if (damping.restitution) calibration.emplace(*normal_law, damping.dashpot);
}

double Interaction::event_dashpot(double approach_speed, double mass) const {
  if (!damping.restitution) return damping.coefficient;
  return calibration->dashpot_coefficient(restitution_at(*damping.restitution, approach_speed),
                                          approach_speed, mass);
}

double Interaction::critical_step(double gap, double mass) const {
  const double stiffness = std::max(-normal_law->force_derivative(gap), friction.stiffness);
  if (!(stiffness > 0)) return std::numeric_limits<double>::infinity();
  return critical_time_step(mass, stiffness, damping.critical_ratio());
}

}  // namespace polydem

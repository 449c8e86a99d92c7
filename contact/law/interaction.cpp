#include "contact/law/interaction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "src/core/critical_time_step.hpp"

namespace polydem {

double critical_damping_ratio(const NormalDampingParams& damping,
                              const std::optional<RestitutionParams>& restitution) {
  if (damping.dashpot != Dashpot::Viscous) return 0.0;
  if (!restitution) return damping.coefficient;
  const double log_e = std::log(std::min(restitution->minimum, restitution->coefficient));
  return -log_e / std::sqrt(std::numbers::pi * std::numbers::pi + log_e * log_e);
}

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

double Interaction::critical_step(double gap, double mass) const {
  const double stiffness = std::max(-normal_law.force_derivative(gap), friction.stiffness);
  if (!(stiffness > 0)) return std::numeric_limits<double>::infinity();
  return critical_time_step(mass, stiffness, critical_damping_ratio(damping, restitution));
}

}  // namespace polydem

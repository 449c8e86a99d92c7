#include "contact/law/coulomb_friction.hpp"

namespace polydem {

Vec3 recoverable_tangential_gap(const FrictionParams& params, StickSlip status,
                                const Vec3& tangential_gap, double normal_force,
                                double slip_coefficient) {
  if (!params.enabled() || params.stiffness <= 0) return Vec3::Zero();
  const double mu = status == StickSlip::Stick ? params.static_coefficient : slip_coefficient;
  const double elastic = params.stiffness * tangential_gap.norm();
  if (elastic <= mu * normal_force) return tangential_gap;
  return (slip_coefficient * normal_force / params.stiffness) * tangential_gap.normalized();
}

}  // namespace polydem

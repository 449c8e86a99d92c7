// Coulomb friction on an elastic tangential gap (paper §2.4.8, eqs. 54–58),
// the deck's `friction: {coulomb: {...}}` or its keys alone (coulomb_friction.cpp).
//
// The trial force f_tr = ε_t g_t + c_t ġ_t (eqs. 54–55) sticks while
// |f_tr| ≤ μ p, with μ = μ_s for a contact that stuck in the last converged
// step and μ_d for one that slid; otherwise it slides with f_t = μ_d p t,
// t = f_tr/|f_tr| (eq. 56). Here p ≥ 0 is the total normal force (elastic
// plus damping, eq. 53). Written on the scalar type so that the contact
// element's automatic differentiation yields the consistent tangent in stick
// and in slip.
//
// With a Stribeck curve (stribeck_friction.hpp) a sliding contact resists
// with μ(v) p instead of μ_d p, v = |ġ_t|, and a contact that slid in the last
// step keeps sliding while |f_tr| > μ(v) p; μ(v) is differentiated like the rest.
//
// After a converged step the recoverable gap is updated from the elastic part
// alone (eqs. 57–58): if |ε_t g_t| > μ p the gap is pulled back onto the
// Coulomb cone, g_t ← (μ_slip p/ε_t) g_t/|g_t|, with μ_slip = μ_d, or μ(v).
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Core>

#include "contact/law/stribeck_friction.hpp"
#include "src/core/rotation.hpp"
#include "src/core/scalar_value.hpp"
#include "src/params/family.hpp"

namespace polydem {

struct FrictionParams {
  double static_coefficient = 0;   ///< μ_s
  double dynamic_coefficient = 0;  ///< μ_d ≤ μ_s
  double stiffness = 0;            ///< ε_t (N/m)
  double damping = 0;              ///< c_t (N·s/m)
  StribeckParams stribeck;         ///< μ(v) of sliding; none: μ_d

  bool enabled() const { return dynamic_coefficient > 0 || static_coefficient > 0; }
};

enum class StickSlip : std::uint8_t { Stick, Slip };

template <class S>
struct FrictionForce {
  Vec3T<S> force = Vec3T<S>::Zero();  ///< f_t, conjugate to δg_t (the force on A is −f_t)
  StickSlip status = StickSlip::Stick;
  double slip_coefficient = 0;  ///< μ of sliding at this state: μ_d, or μ(v)
};

/// Eqs. (54)–(56). tangential_gap is g_t^{i+1}, tangential_velocity ġ_t, both
/// in the tangent plane; normal_force is p ≥ 0.
template <class S>
FrictionForce<S> coulomb_friction(const FrictionParams& params, StickSlip previous,
                                  const Vec3T<S>& tangential_gap,
                                  const Vec3T<S>& tangential_velocity, const S& normal_force) {
  FrictionForce<S> result;
  if (!params.enabled()) return result;
  const Vec3T<S> trial = params.stiffness * tangential_gap + params.damping * tangential_velocity;
  const S slip_mu = sliding_coefficient(params.static_coefficient, params.dynamic_coefficient,
                                        params.stribeck, tangential_velocity);
  result.slip_coefficient = value_of(slip_mu);
  const double mu =
      previous == StickSlip::Stick ? params.static_coefficient : result.slip_coefficient;
  const double trial_norm_sq = value_of(trial.squaredNorm());
  const double limit = mu * value_of(normal_force);
  if (trial_norm_sq <= limit * limit || trial_norm_sq <= 0) {
    result.force = trial;
    return result;
  }
  using std::sqrt;
  const S trial_norm = sqrt(trial.squaredNorm());
  result.force = (slip_mu * normal_force / trial_norm) * trial;
  result.status = StickSlip::Slip;
  return result;
}

/// The family `friction`; a map of the `coulomb` keys stands for that member.
Family<FrictionParams>& friction_laws();

/// Eqs. (57)–(58): the recoverable part of the tangential gap after a converged
/// step, from its elastic force alone; `status` is the step's stick/slip state
/// and `slip_coefficient` its μ of sliding (FrictionForce::slip_coefficient).
Vec3 recoverable_tangential_gap(const FrictionParams& params, StickSlip status,
                                const Vec3& tangential_gap, double normal_force,
                                double slip_coefficient);

}  // namespace polydem

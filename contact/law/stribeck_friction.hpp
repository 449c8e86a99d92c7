// The friction coefficient of a sliding contact as a function of its slip
// speed v = |ġ_t| (the Stribeck curve, with an optional viscous rise):
//
//   μ(v) = μ_d + (μ_s − μ_d) exp(−(v/v_s)²) + μ_v v
//
// It starts at μ_s when sliding starts (so there is no jump from sticking) and
// falls to μ_d over the transition speed v_s; μ_v (s/m) adds friction that
// grows with speed, as a lubricated contact does, in proportion to the normal
// force. v_s = 0 drops the Stribeck term (μ = μ_d + μ_v v), and with μ_v = 0
// too this is the paper's Coulomb law (eq. 56, μ_d when sliding). Written on
// the scalar type: the return mapping (coulomb_friction.hpp) differentiates
// through v.
#pragma once

#include <cmath>

#include "src/core/rotation.hpp"
#include "src/core/scalar_value.hpp"

namespace polydem {

struct StribeckParams {
  double transition_speed = 0;  ///< v_s (m/s); 0: no Stribeck term
  double viscous = 0;           ///< μ_v (s/m)
};

/// μ(v) for slip velocity ġ_t, between μ_s and μ_d (see above).
template <class S>
S sliding_coefficient(double static_coefficient, double dynamic_coefficient,
                      const StribeckParams& params, const Vec3T<S>& slip_velocity) {
  using std::exp;
  using std::sqrt;
  S mu = S(dynamic_coefficient);
  const S speed_sq = slip_velocity.squaredNorm();
  if (params.transition_speed > 0) {
    const double scale = 1 / (params.transition_speed * params.transition_speed);
    mu += S(static_coefficient - dynamic_coefficient) * exp(-speed_sq * S(scale));
  }
  if (params.viscous > 0 && value_of(speed_sq) > 0) mu += params.viscous * sqrt(speed_sq);
  return mu;
}

}  // namespace polydem

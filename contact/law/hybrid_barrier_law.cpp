#include "contact/law/hybrid_barrier_law.hpp"

#include <cmath>
#include <stdexcept>

namespace polydem {
namespace {

bool finite_positive(double x) { return std::isfinite(x) && x > 0; }

}  // namespace

std::string normal_law_inconsistency(const NormalLawParams& p) {
  if (!finite_positive(p.skin)) return "skin: the activation gap ḡ_n must be positive";
  if (!finite_positive(p.stiffness)) return "stiffness: ε1 must be positive";
  if (!(std::isfinite(p.exponent) && p.exponent >= 1))
    return "exponent: n1 must be at least 1 (below 1, df_n/dg is infinite at the skin and "
           "Newton's tangent blows up there)";
  if (!(p.barrier_fraction > 0 && p.barrier_fraction < 1))
    return "barrier_fraction: f must lie strictly between 0 and 1 (the barrier starts at f·ḡ_n, "
           "inside the skin)";
  if (!(std::isfinite(p.barrier_exponent) && p.barrier_exponent < 0))
    return "barrier_exponent: n2 must be negative, otherwise the force stays finite as the gap "
           "closes and the law is no barrier (eq. 49, part ii)";
  return {};
}

HybridBarrierLaw::HybridBarrierLaw(const NormalLawParams& params) : params_(params) {
  if (const std::string why = normal_law_inconsistency(params); !why.empty())
    throw std::invalid_argument(why);
  const double n1 = params.exponent;
  const double n2 = params.barrier_exponent;
  barrier_gap_ = params.barrier_fraction * params.skin;
  const double depth = params.skin - barrier_gap_;
  // Eq. (51): value and slope of both branches agree at ḡḡ.
  epsilon2_ = -params.stiffness * n1 * std::pow(depth, n1 - 1) / (n2 * std::pow(barrier_gap_, n2 - 1));
  c2_ = params.stiffness * std::pow(depth, n1) - epsilon2_ * std::pow(barrier_gap_, n2);
  energy_at_switch_ = params.stiffness * std::pow(depth, n1 + 1) / (n1 + 1);
}

double HybridBarrierLaw::force(double gap) const {
  if (gap >= params_.skin) return 0.0;
  if (gap >= barrier_gap_) return params_.stiffness * std::pow(params_.skin - gap, params_.exponent);
  return epsilon2_ * std::pow(gap, params_.barrier_exponent) + c2_;
}

double HybridBarrierLaw::force_derivative(double gap) const {
  const double n1 = params_.exponent;
  const double n2 = params_.barrier_exponent;
  if (gap >= params_.skin) return 0.0;
  if (gap >= barrier_gap_) return -params_.stiffness * n1 * std::pow(params_.skin - gap, n1 - 1);
  return epsilon2_ * n2 * std::pow(gap, n2 - 1);
}

double HybridBarrierLaw::force_second_derivative(double gap) const {
  const double n1 = params_.exponent;
  const double n2 = params_.barrier_exponent;
  if (gap >= params_.skin) return 0.0;
  if (gap >= barrier_gap_) {
    if (n1 == 1) return 0.0;
    return params_.stiffness * n1 * (n1 - 1) * std::pow(params_.skin - gap, n1 - 2);
  }
  return epsilon2_ * n2 * (n2 - 1) * std::pow(gap, n2 - 2);
}

double HybridBarrierLaw::engaged_force(double gap) const {
  if (gap < params_.skin) return force(gap);
  return params_.exponent == 1 ? -params_.stiffness * (gap - params_.skin) : 0.0;
}

double HybridBarrierLaw::engaged_force_derivative(double gap) const {
  if (gap < params_.skin) return force_derivative(gap);
  return params_.exponent == 1 ? -params_.stiffness : 0.0;
}

double HybridBarrierLaw::engaged_force_second_derivative(double gap) const {
  return gap < params_.skin ? force_second_derivative(gap) : 0.0;
}

double HybridBarrierLaw::energy(double gap) const {
  const double n1 = params_.exponent;
  const double n2 = params_.barrier_exponent;
  if (gap >= params_.skin) return 0.0;
  if (gap >= barrier_gap_)
    return params_.stiffness * std::pow(params_.skin - gap, n1 + 1) / (n1 + 1);
  const double barrier_part =
      n2 == -1 ? epsilon2_ * std::log(barrier_gap_ / gap)
               : epsilon2_ * (std::pow(barrier_gap_, n2 + 1) - std::pow(gap, n2 + 1)) / (n2 + 1);
  return energy_at_switch_ + barrier_part + c2_ * (barrier_gap_ - gap);
}

}  // namespace polydem

// The forces of the explicit integrator (explicit_analysis.hpp): per body, the
// resultant force and moment at the end of a step, from the same element
// residuals the implicit solver assembles, without their tangents:
//  - weight and user loads: RigidBody::residual of a static context;
//  - contacts: the pointwise residual (eq. 37) of every active contact of
//    every contact element, under the paper's law (p clipped at zero,
//    eq. 53; no active-set continuation, which only Newton needs).
// The residual's moment rows are pseudo-moments Ξ(α^Δ)ᵀ m (eqs. 17, 24); they
// are mapped back to spatial moments with Ξ⁻ᵀ.
//
// It also returns what limits the next step at the contacts it met:
//  - stability: central differences need Δt below 2√(m/k) for every
//    contact's tangent stiffness k = |df_n/dg|, which the barrier part of the
//    law makes grow without bound as g → 0;
//  - resolution of the barrier: there k ∝ g^(n2−1) changes by orders of
//    magnitude while the gap closes, and a stability limit taken at the
//    start of a step is stale at its end. Its energy ∫ f_n dg is spread
//    evenly over log g (n2 = −1), so a closing contact in the barrier zone
//    may close at most a fraction of its gap per step; at the speed of the
//    last step that bounds the next Δt, and a step that closed a barrier gap
//    by more than twice that fraction is to be repeated shorter.
#pragma once

#include <limits>
#include <vector>

#include "elements/applied_loads.hpp"
#include "src/analysis/model.hpp"

namespace polydem {

class ExplicitForces {
 public:
  /// closure: the fraction of its gap a contact in the barrier zone may close per step.
  ExplicitForces(const Model& model, double closure);

  /// The forces at the end of the step of `contact_ctx` (configuration i and
  /// increments to i+1; velocities for damping from its Newmark kinematics),
  /// and the loads of `load_ctx` (a static context on the same increments).
  void evaluate(const Model& model, const StepContext& contact_ctx, const StepContext& load_ctx);

  /// Force on body b and moment about its pole at i+1, world frame.
  const Wrench<double>& on_body(int body) const {
    return wrenches_[static_cast<std::size_t>(body)];
  }
  /// The smallest critical step 2√(m/k)(√(1+ζ²) − ζ) of the active contacts
  /// (m: effective mass, k: tangent stiffness at their gap, or ε_t if larger); ∞ without contacts.
  double contact_step_limit() const { return contact_step_limit_; }
  /// The longest next step at which no barrier contact closes more than the
  /// allowed fraction of its gap, at the speed of this step; ∞ when none closes.
  double closure_step_limit() const { return closure_step_limit_; }
  /// True when some barrier contact closed more than twice the allowed fraction.
  bool closed_too_fast() const { return closed_too_fast_; }
  /// The smallest gap of an active contact (m); ∞ without contacts.
  double smallest_gap() const { return smallest_gap_; }

 private:
  void add_contacts(const ContactSet& contact, const StepContext& ctx);
  void add_element(const ContactPairElement& element, const StepContext& ctx);
  void limit_closure(const ContactPairElement& element, const PointwiseStepData& data, double gap,
                     double dt);

  std::vector<Vec6> residuals_;  ///< per body: the summed residual rows (force, pseudo-moment)
  std::vector<Wrench<double>> wrenches_;
  std::vector<ActiveContact> active_;
  double closure_;
  double closure_step_limit_ = std::numeric_limits<double>::infinity();
  bool closed_too_fast_ = false;
  double contact_step_limit_ = std::numeric_limits<double>::infinity();
  double smallest_gap_ = std::numeric_limits<double>::infinity();
};

}  // namespace polydem

// Hybrid penalty + barrier normal law of the paper (§2.4.7, eqs. 49–51).
//
//   f_n(g) = 0                           g ≥ ḡ          (no force beyond the skin)
//          = f_i(ḡ − g)                  ḡḡ ≤ g < ḡ     (part i: penalty / physical)
//          = ε2 g^n2 + c2                g < ḡḡ         (part ii: barrier)
//
// with ḡḡ = f·ḡ. The paper's part (i) is ε1 (ḡ − g)^n1 (PowerLawBranch); any
// NormalBranch may take its place. ε2 and c2 follow from C¹ matching at ḡḡ
// (eq. 50), which for the power law is eq. (51); so the damping of eq. (52),
// which uses df_n/dg, is continuous across the switch whatever the branch.
// n2 < 0 makes f_n grow without bound as g → 0: bodies never interpenetrate as
// long as no Newton iterate jumps across g = 0 (the solver's step limiter sees
// to that). The law is never evaluated at g ≤ 0.
#pragma once

#include <memory>
#include <string>

#include "contact/law/normal_branch.hpp"
#include "contact/law/normal_law.hpp"
#include "contact/law/whole_power.hpp"

namespace polydem {

/// The paper's law: part (i) ε1 (ḡ − g)^n1, with the barrier parameters.
struct NormalLawParams {
  double skin = 0;                ///< ḡ_n: activation gap, the contact skin (m)
  double stiffness = 0;           ///< ε1 (N/m^n1)
  double exponent = 1;            ///< n1 ≥ 1
  double barrier_fraction = 0.5;  ///< f: the barrier starts at f·ḡ_n, 0 < f < 1
  double barrier_exponent = -1;   ///< n2 < 0
};

/// Why a parameter set is inconsistent, naming the offending parameter by its
/// deck key; empty when the set is usable.
std::string normal_law_inconsistency(const NormalLawParams& params);

class HybridBarrierLaw final : public NormalLaw {
 public:
  /// The paper's law. Precondition: normal_law_inconsistency(params) is empty
  /// (std::invalid_argument otherwise).
  explicit HybridBarrierLaw(const NormalLawParams& params);
  /// Any part (i). Precondition: skin > 0, 0 < barrier_fraction < 1,
  /// barrier_exponent < 0 and a branch stiffness > 0 at the switch
  /// (std::invalid_argument otherwise).
  HybridBarrierLaw(double skin, std::shared_ptr<const NormalBranch> branch, double barrier_fraction,
                   double barrier_exponent);

  /// f_n(g) ≥ 0 (N) for g > 0.
  double force(double gap) const override;
  /// df_n/dg ≤ 0.
  double force_derivative(double gap) const override;
  /// d²f_n/dg².
  double force_second_derivative(double gap) const override;
  /// Stored energy Φ(g) = ∫_g^ḡ f_n ds (J), so that f_n = −dΦ/dg.
  double energy(double gap) const override;

  // The law of an engaged contact (active-set Newton, see contact_pair_element.hpp):
  // beyond the skin part (i) continues with its slope at ḡ, so that Newton sees
  // no kink there. For a linear part (i) that is a tensile spring −ε1 (g − ḡ);
  // for n1 > 1 the slope at ḡ is zero and so is the force. The active-set check
  // releases a contact that converges in tension.
  double engaged_force(double gap) const override;
  double engaged_force_derivative(double gap) const override;
  double engaged_force_second_derivative(double gap) const override;
  /// Whether the continued law pulls beyond the skin (part (i)'s slope at ḡ is not zero).
  bool tensile_beyond_skin() const override { return skin_stiffness_ > 0; }

  double skin() const override { return skin_; }
  const NormalBranch& branch() const { return *branch_; }
  double barrier_fraction() const { return barrier_fraction_; }
  double barrier_exponent() const { return barrier_exponent_; }
  double barrier_gap() const override { return barrier_gap_; }  ///< ḡḡ = f·ḡ
  double barrier_coefficient() const { return epsilon2_; }      ///< ε2 of eq. (51)
  double barrier_offset() const { return c2_; }                 ///< c2 of eq. (51)
  /// The law's shape once scaled to a unit skin and a unit force at the switch:
  /// laws with the same key have the same dimensionless impact response.
  std::string shape_key() const override;
  bool self_similar() const override { return branch_->power_exponent() > 0; }
  bool linear() const override { return branch_->power_exponent() == 1; }

 private:
  double skin_;
  std::shared_ptr<const NormalBranch> branch_;
  double barrier_fraction_;
  double barrier_exponent_;
  double barrier_gap_;
  double skin_stiffness_;  ///< part (i)'s df/dδ at δ = 0
  double epsilon2_;
  double c2_;
  double energy_at_switch_;
  WholePower gap_to_n2_, gap_to_n2_minus_1_, gap_to_n2_minus_2_, gap_to_n2_plus_1_;
};

}  // namespace polydem

// The power-law part (i) of the paper's hybrid law (eq. 49): f = ε1 δ^n1 with
// δ = ḡ − g. n1 = 1 is a linear penalty spring and n1 = 3/2 with
// ε1 = (4/3) E* √R* is Hertz's law (hertz_stiffness.hpp); both only choose ε1
// and n1, so they share this one branch.
#pragma once

#include "contact/law/normal_branch.hpp"
#include "contact/law/whole_power.hpp"

namespace polydem {

class PowerLawBranch final : public NormalBranch {
 public:
  /// Precondition: coefficient > 0, exponent ≥ 1 (checked by normal_law_inconsistency).
  PowerLawBranch(double coefficient, double exponent)
      : coefficient_(coefficient),
        exponent_(exponent),
        depth_to_n1_(exponent),
        depth_to_n1_minus_1_(exponent - 1),
        depth_to_n1_minus_2_(exponent - 2),
        depth_to_n1_plus_1_(exponent + 1) {}

  double force(double depth) const override;
  double stiffness(double depth) const override;
  double stiffness_slope(double depth) const override;
  double energy(double depth) const override;
  std::string shape_key() const override;
  double power_exponent() const override { return exponent_; }

  double coefficient() const { return coefficient_; }  ///< ε1 (N/m^n1)
  double exponent() const { return exponent_; }        ///< n1

 private:
  double coefficient_;
  double exponent_;
  WholePower depth_to_n1_, depth_to_n1_minus_1_, depth_to_n1_minus_2_, depth_to_n1_plus_1_;
};

}  // namespace polydem

// The linear Kelvin–Voigt normal law most DEM codes offer: a linear spring
// f_n = k (ḡ − g) on the overlap δ = ḡ − g of the skin ḡ, with the
// interaction's dashpot in parallel (`damping: {viscous: {ratio: ζ}}` or
// `damping_ratio: ζ`, and `damping_ramp: 0` for the law as printed), and no
// barrier. Unlike the paper's law (eq. 53), the total normal force may pull
// while the overlap lasts: the contact ends when the overlap is gone, so an
// impact of a contact of mass m rebounds with the classical
//   e = exp(−πζ/√(1 − ζ²))
// whatever k and m. Without a barrier nothing holds an overlap deeper than the
// skin: a step that goes through g = 0 is rejected by the penetration check,
// so ḡ must exceed the deepest overlap expected, v √(m/k) for an undamped
// impact at speed v.
#pragma once

#include "contact/law/normal_law.hpp"

namespace polydem {

class KelvinVoigtLaw final : public NormalLaw {
 public:
  /// Precondition: skin > 0, stiffness > 0.
  KelvinVoigtLaw(double skin, double stiffness);

  double skin() const override { return skin_; }
  double force(double gap) const override;
  double force_derivative(double gap) const override;
  double force_second_derivative(double /*gap*/) const override { return 0.0; }
  double energy(double gap) const override;

  // The spring continues past the skin (pulling), as the active set needs.
  double engaged_force(double gap) const override { return stiffness_ * (skin_ - gap); }
  double engaged_force_derivative(double /*gap*/) const override { return -stiffness_; }
  double engaged_force_second_derivative(double /*gap*/) const override { return 0.0; }
  bool tensile_beyond_skin() const override { return true; }
  bool tensile_inside_skin() const override { return true; }

  double barrier_gap() const override { return 0.0; }
  std::string shape_key() const override { return "kelvin_voigt"; }
  bool self_similar() const override { return true; }
  bool linear() const override { return true; }

  double stiffness() const { return stiffness_; }  ///< k (N/m)

 private:
  double skin_;
  double stiffness_;
};

}  // namespace polydem

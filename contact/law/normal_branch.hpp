// Part (i) of the hybrid normal law (paper §2.4.7, eq. 49): the physical or
// penalty force for proximity values between the barrier gap f·ḡ and the skin
// ḡ, written as a function of the depth δ = ḡ − g ≥ 0 into the skin.
//
// HybridBarrierLaw joins any such branch to the barrier part (ii) with the C¹
// matching of eqs. (50)–(51), which needs only the branch's force and
// stiffness at the switch; the stored energy needs its integral. A branch
// therefore supplies f(δ), its first two derivatives and ∫₀^δ f, with f(0) = 0
// so that the force vanishes continuously at the skin.
#pragma once

#include <string>

namespace polydem {

class NormalBranch {
 public:
  virtual ~NormalBranch() = default;

  /// f(δ) ≥ 0 (N), with f(0) = 0.
  virtual double force(double depth) const = 0;
  /// df/dδ ≥ 0 (N/m): the contact stiffness −df_n/dg.
  virtual double stiffness(double depth) const = 0;
  /// d²f/dδ² (N/m²).
  virtual double stiffness_slope(double depth) const = 0;
  /// ∫₀^δ f (J).
  virtual double energy(double depth) const = 0;
  /// The branch's shape up to the scales of force and length, e.g. "power n1=1.5":
  /// two branches with the same key give the same law once both are scaled to a
  /// unit skin and a unit force at the switch (see impact_calibration.hpp).
  virtual std::string shape_key() const = 0;
  /// n1 of a power law ε1 δ^n1, whose scaled impact response is self-similar; 0 for another shape.
  virtual double power_exponent() const { return 0.0; }
};

}  // namespace polydem

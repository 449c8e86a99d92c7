// What a contact asks of its normal law (paper §2.4.7): the elastic normal
// force f_n(g_n) ≥ 0 inside the skin ḡ_n, its first two derivatives (for the
// consistent tangent and the dashpots) and the energy it stores, the law an
// engaged contact of the active-set Newton follows past the skin, and how it
// scales for the impact calibration. The paper's hybrid penalty–barrier law
// (hybrid_barrier_law.hpp) is one; each is a member of the deck's
// `normal_law` family (normal_law_family.hpp) that declares itself in its own file.
#pragma once

#include <string>

namespace polydem {

class NormalLaw {
 public:
  virtual ~NormalLaw() = default;

  /// ḡ_n: the activation gap, beyond which there is no force (m).
  virtual double skin() const = 0;
  /// f_n(g) (N) for 0 < g; 0 for g ≥ ḡ_n.
  virtual double force(double gap) const = 0;
  /// df_n/dg ≤ 0.
  virtual double force_derivative(double gap) const = 0;
  /// d²f_n/dg².
  virtual double force_second_derivative(double gap) const = 0;
  /// Stored energy Φ(g) = ∫_g^ḡ f_n ds (J), so that f_n = −dΦ/dg.
  virtual double energy(double gap) const = 0;

  /// The law of an engaged contact (active-set Newton, contact_pair_element.hpp):
  /// beyond the skin it continues with its slope at ḡ_n, so that Newton sees no kink.
  virtual double engaged_force(double gap) const = 0;
  virtual double engaged_force_derivative(double gap) const = 0;
  virtual double engaged_force_second_derivative(double gap) const = 0;
  /// Whether that continuation pulls beyond the skin (a slope at ḡ_n that is not zero).
  virtual bool tensile_beyond_skin() const = 0;
  /// Whether the total normal force may pull inside the skin: p is not clipped
  /// at zero (eq. 53) and an engaged contact stays until it leaves the skin.
  virtual bool tensile_inside_skin() const { return false; }

  /// The gap below which a barrier holds the bodies apart (f·ḡ_n); 0 without one.
  virtual double barrier_gap() const = 0;
  /// The force that scales its impacts: at the barrier gap, or at g = 0 without a barrier.
  virtual double reference_force() const { return force(barrier_gap()); }
  /// Laws with the same key have the same impact response once scaled to a
  /// unit skin and a unit reference force (impact_calibration.hpp).
  virtual std::string shape_key() const = 0;
  /// A power law f ∝ (ḡ − g)^n1 out of the barrier: its scaled impact response
  /// does not depend on the scaled speed there; linear: n1 = 1.
  virtual bool self_similar() const { return false; }
  virtual bool linear() const { return false; }
};

}  // namespace polydem

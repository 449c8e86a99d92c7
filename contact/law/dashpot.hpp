// The damping part of a contact's normal force (paper eq. 52 and its variants).
// Each dashpot model is one class (damping/), evaluated on plain numbers and on
// the AD scalars of the contact elements, which also describes itself to the
// impact calibration (impact_calibration.hpp) that turns a coefficient of
// restitution into its coefficient.
#pragma once

#include <string>

#include "contact/law/contact_scalar.hpp"

namespace polydem {

/// The contact's part of a viscous dashpot: its stiffness and its pair's total.
template <class S>
struct ContactStiffness {
  S own;                ///< k = −df_n/dg of this contact
  S pair;               ///< K = Σ k_j over the pair's active contacts
  bool shared = false;  ///< false: the contact damps its own mass m* (eq. 52 as printed)
  /// With a shared mass: M, the pair's mass against the push of its contacts
  /// weighted by their stiffness (contact_mass.hpp), m* for a single contact.
  S pair_mass = S(0);
};

/// What the damping force of one contact depends on.
template <class S>
struct DashpotState {
  double coefficient;                    ///< the dashpot's coefficient (ζ, c, ...)
  const S& elastic;                      ///< f_e = f_n(g_n)
  const ContactStiffness<S>& stiffness;  ///< k, and K with a shared pair mass
  double mass;  ///< m*: the sides' effective mass at the contact point along n (contact_mass.hpp)
  const S& normal_velocity;  ///< ġ_n, negative while the bodies approach
  const S& share;            ///< the fade-in near the skin (1 as printed)
};

/// The scaled law of an impact (impact_calibration.hpp): force and stiffness
/// at the scaled gap y = g/ḡ, in units of the law's reference force.
class ScaledNormalLaw {
 public:
  virtual ~ScaledNormalLaw() = default;
  virtual double force(double y) const = 0;
  virtual double stiffness(double y) const = 0;
};

class Dashpot {
 public:
  virtual ~Dashpot() = default;

  /// Its name in the deck ("viscous", "hunt_crossley").
  virtual std::string name() const = 0;
  /// Whether it damps a contact of stiffness k = `stiffness` (one scaled by √k needs k > 0).
  virtual bool damps(double stiffness) const = 0;
  /// The damping force f_d, so that p = f_e − f_d (before p is clipped at 0, eq. 53).
  virtual double force(const DashpotState<double>& state) const = 0;
  virtual AD6 force(const DashpotState<AD6>& state) const = 0;
  virtual AD9 force(const DashpotState<AD9>& state) const = 0;
  /// Whether its force depends on the pair's total stiffness K when the contacts share the mass.
  virtual bool uses_pair_stiffness() const { return false; }
  /// ζ of this dashpot with coefficient `coefficient` for a critical time step
  /// (src/core/critical_time_step.hpp); `lowest_restitution` > 0: the
  /// coefficient is calibrated per event and e may fall that low.
  virtual double critical_ratio(double coefficient, double lowest_restitution) const = 0;

  // ---- the scaled impact y'' = max(p, 0) of the impact calibration ----
  /// p at scaled gap y, velocity w = y' and damping D (its scaled coefficient).
  virtual double scaled_pressure(const ScaledNormalLaw& law, double y, double w,
                                 double damping) const = 0;
  /// The oscillation and damping rates of the scaled motion at y of stiffness k.
  virtual double scaled_rate(const ScaledNormalLaw& law, double y, double k, double w,
                             double damping) const = 0;
  /// The scaled coefficient of damping D at scaled approach speed V.
  virtual double scaled_coefficient(double damping, double speed) const = 0;
  /// The largest D the calibration tabulates (e is then about 0.015).
  virtual double largest_scaled_damping() const = 0;
  /// The dashpot coefficient of damping D for an impact at approach speed v0 (m/s).
  virtual double coefficient(double damping, double approach_speed) const = 0;
  /// Whether e(D) of a linear spring out of the barrier is
  /// linear_oscillator_restitution(D) (impact_calibration.hpp).
  virtual bool linear_closed_form() const { return false; }
};

/// Implements the three force() overloads from Model's `template <class S>
/// static S force_on(const DashpotState<S>&)`, written once on the scalar.
template <class Model>
class DashpotOn : public Dashpot {
 public:
  double force(const DashpotState<double>& state) const final { return Model::force_on(state); }
  AD6 force(const DashpotState<AD6>& state) const final { return Model::force_on(state); }
  AD9 force(const DashpotState<AD9>& state) const final { return Model::force_on(state); }
};

}  // namespace polydem

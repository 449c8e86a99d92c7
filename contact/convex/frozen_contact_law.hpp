// The paper's contact law on a frozen contact (frozen_contact.hpp), written as
// a convex potential ψ(w) of the relative velocity w of its points, so that a
// step in the velocities is the minimum of a convex function (src/analysis/convex/):
//
//  normal   ∂ψ/∂(n·w) = −Δt p,  p = max(f_n(g_n) − c ġ_n, 0)   (eqs. 49–53)
//           with g_n = g_n^i + Δt ġ_n and ġ_n = n·w. f_n decreases with g_n and
//           the dashpot's force grows with ġ_n, so p falls as ġ_n grows: ψ is
//           convex in ġ_n. The barrier stays a barrier: f_n → ∞ as g_n → 0, and
//           the step's line search keeps every linearised gap positive.
//  friction the trial force f_tr = ε_t g_t + c_t ġ_t (eqs. 54–55) on the elastic
//           gap g_t = g_t^i + Δt (I − n⊗n) w, returned onto the Coulomb cone
//           |f_t| ≤ μ p̄ (eq. 56): ∂ψ/∂w = Δt f_t. With the bound μ p̄ held, this
//           is the gradient of Δt/k · H(f_tr), H the Huber function of the
//           return map (½|f|² inside the cone, μ p̄ |f| − ½(μ p̄)² outside),
//           k = ε_t Δt + c_t: convex.
//
// Two things are held over one minimisation and refreshed between them (the
// lag of incremental-potential contact, Li et al. 2020): the dashpot's
// coefficient c, whose viscous form 2ζ√(k m*) depends on the stiffness k at
// the gap, and the normal force p̄ that bounds friction. A contact outside
// the skin at i has no dashpot in its first step (its stiffness at i is 0).
#pragma once

#include "contact/convex/frozen_contact.hpp"

namespace polydem {

/// What the law holds of a frozen contact over one minimisation.
struct FrozenLawState {
  double dashpot = 0;         ///< c (N·s/m): the dashpot's force c ġ_n
  double friction_bound = 0;  ///< μ p̄ (N)
};

/// The contact's potential at relative velocity w: its derivatives by w.
struct FrozenContactResponse {
  Vec3 gradient = Vec3::Zero();  ///< ∂ψ/∂w (N·s): minus the impulse on A over the step
  Mat3 hessian = Mat3::Zero();   ///< ∂²ψ/∂w² (N·s²/m), positive semi-definite
  double pressure = 0;           ///< p (N)
  Vec3 friction = Vec3::Zero();  ///< f_t (N): the force on A is p n − f_t
};

/// g_n^i + Δt n·w.
double frozen_normal_gap(const FrozenContact& contact, const Vec3& w, double dt);

/// ψ's derivatives at w over Δt; the Hessian only `with_hessian`.
FrozenContactResponse frozen_contact_response(const FrozenContact& contact,
                                              const FrozenLawState& held, const Vec3& w, double dt,
                                              bool with_hessian);

/// The dashpot coefficient and friction bound to hold, from the state w of a
/// previous minimisation (zero w: the state at i).
FrozenLawState frozen_law_state(const FrozenContact& contact, const Vec3& w, double dt);

/// The elastic tangential gap the contact carries to the next step (eqs. 57–58):
/// g_t^i + Δt (I − n⊗n) w, pulled back onto the cone ε_t|g_t| ≤ μ p̄ (then sliding).
struct FrozenFrictionState {
  Vec3 tangential_gap = Vec3::Zero();
  StickSlip status = StickSlip::Stick;
};
FrozenFrictionState frozen_friction_state(const FrozenContact& contact, const FrozenLawState& held,
                                          const Vec3& w, double dt);

/// What the contact takes from the bodies over a step that ends at w, split as
/// backward Euler books it: the work Δt (p n − f_t)·w on the bodies equals
/// −(ΔΦ + ΔE_t) − (damping + friction + barrier), each of the three ≥ 0.
struct FrozenContactWork {
  double stored_change = 0;  ///< ΔΦ + ΔE_t: the normal law's and the spring's (linearised gap)
  double damping = 0;        ///< Δt f_d ġ_n, f_d = f_n(g_n) − p: the dashpot and the clip
  /// Δt f_t·ġ_t − ΔE_t: sliding, the viscous part and the spring's backward-Euler part.
  double friction = 0;
  /// Φ(g^i) − Φ(g) − f_n(g)(g − g^i) ≥ 0: what backward Euler loses on the convex
  /// normal law (the force of the step's end over the whole step).
  double barrier = 0;
};

FrozenContactWork frozen_contact_work(const FrozenContact& contact, const FrozenLawState& held,
                                      const Vec3& w, double dt);

/// ψ itself up to a constant, for finite-difference checks: the normal part from
/// the law's stored energy Φ and the root of p along ġ_n.
double frozen_contact_potential(const FrozenContact& contact, const FrozenLawState& held,
                                const Vec3& w, double dt);

}  // namespace polydem

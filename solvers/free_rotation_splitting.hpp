// Torque-free rotation of a rigid body over one step, for the explicit
// integrator (central_difference.hpp), by the symmetric splitting of
// Dullweber, Leimkuhler & McLachlan (J. Chem. Phys. 107, 1997; in quaternions
// the NO_SQUISH scheme of Miller et al., J. Chem. Phys. 116, 2002).
//
// The free body's kinetic energy T = Σ_k π_k²/(2 I_k), with π the angular
// momentum in principal axes, is split into its three terms. The flow of one
// term alone is a rotation about the fixed principal axis k by the angle
// Δt π_k/I_k, solved exactly; composing them as
//   R1(Δt/2) R2(Δt/2) R3(Δt) R2(Δt/2) R1(Δt/2)
// gives a second-order, time-reversible, symplectic map with no iteration.
// Each sub-rotation turns the body and its body-frame π together, so the
// spatial angular momentum is conserved to round-off and the energy error
// stays bounded (O(Δt²), no drift) over any number of turns. An explicit
// update of ω (ω^{n+1} = ω^n + Δt ω̇^n) has neither property and drifts.
#pragma once

#include <Eigen/Geometry>

#include "src/core/types.hpp"

namespace polydem {

/// The inertia about the centre of mass in principal form, J_G = A diag(I) Aᵀ,
/// with A a proper rotation (body axes → principal axes).
struct PrincipalInertia {
  Vec3 moments = Vec3::Ones();                               ///< I_1, I_2, I_3 (kg·m²)
  Eigen::Quaterniond axes = Eigen::Quaterniond::Identity();  ///< A

  /// From a symmetric positive-definite inertia in body axes.
  static PrincipalInertia of(const Mat3& inertia_about_centre);
};

/// The orientation (body → world) after a torque-free motion of Δt with the
/// spatial angular momentum `angular_momentum` (about the centre of mass),
/// which the motion conserves.
Eigen::Quaterniond rotate_free_body(const Eigen::Quaterniond& orientation,
                                    const Vec3& angular_momentum, const PrincipalInertia& inertia,
                                    double dt);

}  // namespace polydem

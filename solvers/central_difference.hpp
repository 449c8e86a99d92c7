// Central differences for rigid bodies: the explicit baseline the implicit
// Newmark–Newton solver is measured against (issue 8). One step of Δt is the
// velocity-Verlet (kick–drift–kick) form of the central-difference method,
// applied to the centre of mass and to the spatial angular momentum:
//
//   kick   v ← v + Δt/2 · F/m,   L ← L + Δt/2 · M_G          (forces at t_n)
//   drift  x ← x + Δt v,         Q ← free rotation over Δt with L
//   kick   v ← v + Δt/2 · F/m,   L ← L + Δt/2 · M_G          (forces at t_{n+1})
//
// The drift of the orientation is the torque-free motion with the half-step
// momentum (free_rotation_splitting.hpp): exact rotations about the principal
// axes, no iteration, and the angular momentum it carries is the one the
// kicks built. A constant force gives the exact parabola; a linear spring is
// stable for ω Δt < 2 (critical_time_step.hpp).
#pragma once

#include <Eigen/Geometry>

#include "solvers/free_rotation_splitting.hpp"
#include "src/core/types.hpp"

namespace polydem {

/// A rigid body's state in the explicit scheme, about its centre of mass.
struct ExplicitBodyState {
  Vec3 centre = Vec3::Zero();                                       ///< x_G (m)
  Vec3 velocity = Vec3::Zero();                                     ///< v_G (m/s)
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();  ///< Q: body → world
  Vec3 angular_momentum = Vec3::Zero();  ///< L about G, world (kg·m²/s)
};

/// Mass and inertia about the centre of mass (body axes and principal form).
struct ExplicitBodyInertia {
  double mass = 1;
  Mat3 inertia = Mat3::Identity();  ///< J_G, body axes
  PrincipalInertia principal;

  static ExplicitBodyInertia of(double mass, const Mat3& inertia_about_centre);
  /// ω = Q J_G⁻¹ Qᵀ L.
  Vec3 angular_velocity(const ExplicitBodyState& state) const;
  /// L = Q J_G Qᵀ ω.
  Vec3 angular_momentum(const Eigen::Quaterniond& orientation, const Vec3& angular_velocity) const;
};

/// Half a kick: the momenta take `duration` of the force F and the moment
/// M_G (about the centre of mass, world frame).
void kick(ExplicitBodyState& state, const ExplicitBodyInertia& inertia, const Vec3& force,
          const Vec3& moment, double duration);

/// The drift: the centre moves with v, the body turns freely with L, over dt.
void drift(ExplicitBodyState& state, const ExplicitBodyInertia& inertia, double dt);

}  // namespace polydem

// One side of a contact element: a rigid body with six DOFs, or a boundary
// surface whose motion is prescribed (no DOFs). Both are seen by the local
// contact problems as a shape at a trial configuration (RigidTrialState: the
// converged pose i plus the increment); a body also carries its Newmark state
// so that contact velocities (damping, eq. 52; viscous friction, eq. 54) are
// those of the time integrator, and its mass and inertia so that the damping
// meets the mass at the contact point (contact_mass.hpp).
#pragma once

#include "contact/geometry/shape.hpp"
#include "contact/local/rigid_point.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

/// A body's mass and inertia as its contacts' damping meets them (contact_mass.hpp);
/// held once per body (ContactScene), each contact pair pointing to its bodies'.
struct BodyInertia {
  double mass = 0;  ///< kg
  /// L with L Lᵀ = J⁻¹, J about the centre of mass in body axes (inverse_inertia_root);
  /// zero for a body taken not to turn under a contact force.
  Mat3 inverse_inertia_root = Mat3::Zero();
  Vec3 centre_of_mass = Vec3::Zero();  ///< b^r: relative to the pole, body axes (m)
};

struct ContactSide {
  const Shape* shape = nullptr;
  RigidTrialState trial;                  ///< pose i and the trial increment (u^Δ, α^Δ)
  const NodeState* node = nullptr;        ///< the body's converged state i; nullptr for a boundary
  Vec3 boundary_velocity = Vec3::Zero();  ///< a boundary's velocity over the step
  double mass = 0;                        ///< kg; ignored for a boundary
  /// L with L Lᵀ = J⁻¹, J about the centre of mass in body axes (inverse_inertia_root);
  /// zero for a boundary, or a body taken not to turn under a contact force.
  Mat3 inverse_inertia_root = Mat3::Zero();
  Vec3 centre_of_mass = Vec3::Zero();  ///< b^r: relative to the pole, body axes (m)

  bool has_dofs() const { return node != nullptr; }
  /// The velocity at configuration i of the side's material point at x (world):
  /// u̇^i + ω^i × (x − x_P^i) for a body, the prescribed one for a boundary.
  Vec3 velocity_at_i(const Vec3& x) const {
    if (!has_dofs()) return boundary_velocity;
    return node->velocity + node->angular_velocity.cross(x - trial.pole_position);
  }
};

}  // namespace polydem

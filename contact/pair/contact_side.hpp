// One side of a contact element: a rigid body with six DOFs, or a boundary
// surface whose motion is prescribed (no DOFs). Both are seen by the local
// contact problems as a shape at a trial configuration (RigidTrialState: the
// converged pose i plus the increment); a body also carries its Newmark state
// so that contact velocities (damping, eq. 52; viscous friction, eq. 54) are
// those of the time integrator.
#pragma once

#include "contact/geometry/shape.hpp"
#include "contact/local/rigid_point.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

struct ContactSide {
  const Shape* shape = nullptr;
  RigidTrialState trial;                  ///< pose i and the trial increment (u^Δ, α^Δ)
  const NodeState* node = nullptr;        ///< the body's converged state i; nullptr for a boundary
  Vec3 boundary_velocity = Vec3::Zero();  ///< a boundary's velocity over the step
  double mass = 0;                        ///< kg; ignored for a boundary

  bool has_dofs() const { return node != nullptr; }
};

}  // namespace polydem

// User loads (force and moment, global frame, scaled by a time function) applied
// at points of a rotating frame: the load part of eq. (23)–(24) shared by the
// rigid-body element (loads at body points) and the rigid-node load element
// (loads at the node itself).
//
// A force F at a point p^{i+1} = Q^{i+1} p^r relative to the frame's origin is
// statically equivalent to F and p^{i+1} × F at the origin, so a list of loads
// reduces to one wrench there. Templated on the scalar so that the elements'
// forward-mode derivatives see the rotation of the load points.
#pragma once

#include <vector>

#include "src/core/errors.hpp"
#include "src/core/rotation.hpp"
#include "src/core/time_function.hpp"
#include "src/core/wrench.hpp"
#include "src/model/node_state.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

/// A force and a moment applied at a point of a rotating frame, scaled in time.
struct AppliedLoad {
  Vec3 force = Vec3::Zero();   ///< N, global frame
  Vec3 moment = Vec3::Zero();  ///< N·m, global frame
  /// m, application point relative to the frame's origin, in the frame's axes (reference config)
  Vec3 point = Vec3::Zero();
  TimeFunction scale;  ///< multiplies force and moment
  SourceMark mark;     ///< where the deck gave it

  /// The load a deck's `load` (or, at the node itself, `node_load`) declares.
  static AppliedLoad from(const ParamSet& set);
};

/// The loads at time t reduced to the origin of a frame rotated by `rotation` (Q^{i+1}).
template <class S>
Wrench<S> applied_wrench(const std::vector<AppliedLoad>& loads, const Mat3T<S>& rotation,
                         double time) {
  Wrench<S> w;
  for (const AppliedLoad& load : loads) {
    const double scale = load.scale(time);
    const Vec3T<S> force = (scale * load.force).cast<S>();
    const Vec3T<S> arm = rotation * load.point.cast<S>();
    w.force += force;
    w.moment += arm.cross(force) + (scale * load.moment).cast<S>();
  }
  return w;
}

/// Work of one load from state i to i+1 of the frame it is attached to, with the
/// mean load (trapezoidal in time). In a dynamic step it is booked the way the
/// time integration moves the energy: with γ = 1/2, Newmark changes the kinetic
/// energy by the mean force times the mean velocity times Δt, whatever β (the
/// displacement differs from Δt times the mean velocity by Δt²(β − 1/4)Δa, which
/// under a ramped load is a sixth of the first step's work at β = 0.3). In a
/// static step: the mean load times the displacement of its point, plus the mean
/// moment times the rotation vector of Q^Δ.
double load_work_increment(const AppliedLoad& load, const NodeState& state_i,
                           const NodeState& state_ip1, double t_i, double t_ip1, bool dynamic);

}  // namespace polydem

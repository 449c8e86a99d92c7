// Newmark kinematics of one pole for a trial increment (u^Δ, α^Δ) (paper §2.2):
// eq. (21) for the translation, and the rotational Newmark of eq. (22).
//
// Eq. (22) integrates in the frame of configuration i: the bracket combines α^Δ
// with ω^i and ω̇^i, which all live at i, and the leading Q^Δ pushes the result
// forward to configuration i+1. Without that factor ω^{i+1} would be expressed in
// the wrong configuration, and angular momentum would drift for a spinning body.
//
// Templated on the scalar so that the rigid-body element (automatic
// differentiation scalars, for its tangent) and the converged-state update
// (double) share one formula and can never disagree.
#pragma once

#include <Eigen/Core>

#include "src/core/rotation.hpp"
#include "src/model/node_state.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

template <class S>
struct PoleKinematics {
  Mat3T<S> rotation_increment;    ///< Q^Δ = Q(α^Δ), eq. (6)
  Mat3T<S> rotation;              ///< Q^{i+1} = Q^Δ Q^i, eq. (5)
  Vec3T<S> acceleration;          ///< ü^{i+1}, eq. (21)
  Vec3T<S> velocity;              ///< u̇^{i+1}, eq. (21)
  Vec3T<S> angular_velocity;      ///< ω^{i+1}, global frame, eq. (22)
  Vec3T<S> angular_acceleration;  ///< ω̇^{i+1}, global frame, eq. (22)
};

/// Configuration i+1 of a pole reached from the converged state i by (u^Δ, α^Δ),
/// with its Newmark velocities and accelerations (eqs. 5, 6, 21, 22).
template <class S>
PoleKinematics<S> newmark_pole_kinematics(const NodeState& state_i, const Vec3T<S>& u_delta,
                                          const Vec3T<S>& alpha_delta,
                                          const NewmarkCoefficients& c) {
  // What is known at i stays in doubles: on AD scalars a constant would carry
  // a derivative vector of zeros through every operation.
  const Vec3& velocity_i = state_i.velocity;
  const Vec3& acceleration_i = state_i.acceleration;
  const Vec3& omega_i = state_i.angular_velocity;
  const Vec3& omega_dot_i = state_i.angular_acceleration;

  PoleKinematics<S> k;
  k.rotation_increment = rodrigues_matrix(alpha_delta);
  k.rotation = k.rotation_increment * state_i.rotation.toRotationMatrix();
  k.acceleration = c.a1 * u_delta - (c.a2 * velocity_i) - (c.a3 * acceleration_i);
  k.velocity = c.a4 * u_delta + (c.a5 * velocity_i) + (c.a6 * acceleration_i);
  k.angular_acceleration =
      k.rotation_increment * (c.a1 * alpha_delta - (c.a2 * omega_i) - (c.a3 * omega_dot_i));
  k.angular_velocity =
      k.rotation_increment * (c.a4 * alpha_delta + (c.a5 * omega_i) + (c.a6 * omega_dot_i));
  return k;
}

}  // namespace polydem

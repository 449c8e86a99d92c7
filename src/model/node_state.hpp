// Kinematic state of a 6-DOF pole at the last converged configuration i (paper §2.1).
// Orientation is stored as a unit quaternion, never as a total Rodrigues vector:
// α = 2 tan(θ/2) is singular at θ = π, which a tumbling body passes. Rodrigues
// parameters appear only as the per-step increment α^Δ, which stays small.
#pragma once

#include <Eigen/Geometry>

#include "src/core/types.hpp"

namespace polydem {

/// DOFs per pole, in the order [u^Δ_x, u^Δ_y, u^Δ_z, α^Δ_x, α^Δ_y, α^Δ_z] (eq. 28).
inline constexpr int kDofsPerNode = 6;

struct NodeState {
  Vec3 position = Vec3::Zero();                                  // x_P^i
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();  // Q^i
  Vec3 velocity = Vec3::Zero();                                  // u̇^i (pole)
  Vec3 acceleration = Vec3::Zero();                              // ü^i (pole)
  Vec3 angular_velocity = Vec3::Zero();                          // ω^i, global frame
  Vec3 angular_acceleration = Vec3::Zero();                      // ω̇^i, global frame
};

}  // namespace polydem

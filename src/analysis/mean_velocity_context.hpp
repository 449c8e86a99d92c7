// The step context the integrators of free bodies (explicit_analysis.hpp,
// convex/convex_analysis.hpp) hand the contact set: configuration i with the
// step's increments, and nodes whose velocities are the step's mean velocities
// u^Δ/Δt, α^Δ/Δt with zero accelerations, so that the contact elements' Newmark
// velocities are exactly those whatever β and γ (the damping and viscous
// friction then see the motion of the step itself).
#pragma once

#include <span>

#include <Eigen/Core>

#include "src/model/step_context.hpp"

namespace polydem {

inline StepContext mean_velocity_context(double time, double dt, const Vec3& gravity,
                                         std::span<const NodeState> nodes,
                                         const Eigen::VectorXd& increments) {
  StepContext ctx;
  ctx.type = AnalysisType::Dynamic;
  ctx.time = time;
  ctx.dt = dt;
  ctx.gravity = gravity;
  ctx.newmark = NewmarkCoefficients::make(0.25, 0.5, dt);  // any: see above
  ctx.nodes = nodes;
  ctx.increments = &increments;
  return ctx;
}

}  // namespace polydem

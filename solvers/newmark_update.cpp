// Converged-state update of a pole; see newmark_update.hpp.
#include "solvers/newmark_update.hpp"

#include "src/core/rotation.hpp"
#include "src/model/newmark.hpp"

namespace polydem {

NodeState advance_node(const NodeState& state_i, const Vec6& increment,
                       const NewmarkCoefficients& coefficients, AnalysisType type) {
  const Vec3 u_delta = increment.head<3>();
  const Vec3 alpha_delta = increment.tail<3>();

  NodeState next;
  next.position = state_i.position + u_delta;
  // Renormalising every step keeps round-off from accumulating over many turns.
  next.rotation = (rodrigues_to_quaternion(alpha_delta) * state_i.rotation).normalized();
  if (type == AnalysisType::Static) return next;  // rates stay zero

  const PoleKinematics<double> k =
      newmark_pole_kinematics<double>(state_i, u_delta, alpha_delta, coefficients);
  next.velocity = k.velocity;
  next.acceleration = k.acceleration;
  next.angular_velocity = k.angular_velocity;
  next.angular_acceleration = k.angular_acceleration;
  return next;
}

}  // namespace polydem

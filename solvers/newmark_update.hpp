// The converged-state update of one pole at the end of a step (paper eqs. 3, 5,
// 21, 22). Orientation is advanced as a quaternion product q(α^Δ) q^i, which is
// exactly Q^Δ Q^i of eq. (5) without the θ = π singularity of composing
// Rodrigues vectors (eq. 7).
#pragma once

#include "src/core/types.hpp"
#include "src/model/node_state.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

/// State i+1 from the converged state i and the increment (u^Δ, α^Δ). Velocities
/// and accelerations follow eqs. (21)–(22) through newmark_pole_kinematics, the
/// same template the elements use; in a Static step they are zero.
NodeState advance_node(const NodeState& state_i, const Vec6& increment,
                       const NewmarkCoefficients& coefficients, AnalysisType type);

}  // namespace polydem

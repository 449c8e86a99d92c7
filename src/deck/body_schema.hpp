// Declarations of the `bodies` entries: a rigid body with its mass properties,
// initial state, supports (fixed or prescribed DOFs), loads and rigid nodes.
#pragma once

#include "src/params/param_spec.hpp"

namespace polydem {

ObjectSchema body_params();
ObjectSchema prescribed_dof_params();

/// The DOF names of `prescribed[].dof`, in component order 0..5.
const std::vector<std::string>& dof_names();

}  // namespace polydem

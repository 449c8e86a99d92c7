// Declarations of the deck's bulk placement: `body_files` (bodies read from
// CSV), `packings` (generated without overlap) and `group_velocities`
// (initial velocities per contact group).
#pragma once

#include "src/params/param_spec.hpp"

namespace polydem {

ObjectSchema body_file_params();
ObjectSchema packing_params();
ObjectSchema group_velocity_params();

/// Shapes named by files and packings exist; there is at least one body.
void check_placement_references(const ParamSet& deck);

}  // namespace polydem

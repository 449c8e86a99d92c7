// Actions at the start of an analysis step (paper §3.5–3.6: walls removed
// before a collapse, friction switched off to compact a pack and on again).
// Each list item names one action: {remove_boundary: name},
// {add_boundary: name}, {friction: {group_a, group_b, enabled}},
// {gravity: [x, y, z]}.
#pragma once

#include "src/params/param_spec.hpp"

namespace polydem {

ObjectSchema action_params();
ObjectSchema friction_switch_params();

/// Actions name existing boundaries and interactions (deck-level check).
void check_action_references(const ParamSet& deck);

}  // namespace polydem

// Declarations of the deck's top level and of each analysis step; together with
// body_schema.hpp and time_function_params.hpp they form the deck registry.
#pragma once

#include "src/params/param_spec.hpp"
#include "src/params/registry.hpp"

namespace polydem {

ObjectSchema deck_params();
ObjectSchema output_params();
/// `checks`: what a run is held to when it ends (src/analysis/run_energy.hpp).
ObjectSchema checks_params();
ObjectSchema step_params();

/// Every deck object and family of this release; the root object is "deck".
const SchemaRegistry& deck_registry();

}  // namespace polydem

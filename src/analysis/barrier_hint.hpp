// What a run that gives up is told when a contact sits deep in its barrier: the
// normal law's penalty part stored far less than the impact brought, so the barrier
// stops the bodies over nanometres, where only ever smaller steps resolve the
// impact (docs/deck.md, "Choosing the law and the step"). The hint names the
// contact, what its law stores before the barrier and the stiffness that would
// store what its bodies still bring.
#pragma once

#include <string>

#include "src/analysis/model.hpp"

namespace polydem {

/// "; the contact of ..." for the give-up message, or empty: when the closest contact
/// of the last accepted state is within a tenth of its barrier gap and its bodies still
/// close with more energy than its law stores before the barrier.
std::string barrier_hint(const Model& model);

}  // namespace polydem

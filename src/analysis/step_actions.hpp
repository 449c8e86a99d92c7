// The actions at the start of an analysis step (remove or add boundaries,
// friction off or on, new gravity), applied to the model.
#pragma once

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

/// Applies the step's actions in order. The deck checked the names they use.
void apply_step_actions(Model& model, const StepSpec& step);

}  // namespace polydem

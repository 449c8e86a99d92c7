// Turns a validated deck into a Model: one pole and one rigid-body element
// per body, constrained and prescribed DOFs, consistent initial accelerations.
#pragma once

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

Model build_model(const DeckData& deck);

}  // namespace polydem

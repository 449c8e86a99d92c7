// Turns a validated deck into a Model: one pole and one rigid-body element
// per body, constrained and prescribed DOFs, rigid nodes with their constraint
// and load elements, consistent initial accelerations.
#pragma once

#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

/// The deck's boundary names, in the order the contact set indexes them.
std::vector<std::string> boundary_names(const DeckData& deck);
/// `threads`: for the contact checks made while building (the initial configuration's
/// preflight, the contact forces of the consistent accelerations), as the run will use.
/// `decomposed`: the run splits the model over processes, whose decomposition sets the
/// consistent accelerations once it has split the contacts (make_domain_decomposition.hpp).
Model build_model(const DeckData& deck, int threads = 1, bool decomposed = false);

/// Sets ü and ω̇ of every pole to satisfy the equations of motion at `time`
/// (loads at rigid nodes included), as Newmark needs at the start of a dynamic
/// step; components with prescribed motion keep zero acceleration. Then places
/// the rigid nodes on their bodies.
void set_consistent_accelerations(Model& model, double time);

}  // namespace polydem

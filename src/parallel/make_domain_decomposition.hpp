// The domain decomposition of a run (src/analysis/domain_decomposition.hpp),
// made where the program is put together (the command line) and handed to the
// analysis driver, which knows only the interface.
#pragma once

#include <memory>

#include "src/analysis/domain_decomposition.hpp"
#include "src/analysis/model.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {

/// Whether make_domain_decomposition splits the model of `deck`: build_model then leaves the
/// consistent initial accelerations to the decomposition, which finds the contact forces among
/// them on each process for its own pairs only (not the whole model's on every process).
bool decomposes(const DeckData& deck);

/// The decomposition of a run whose every step solves with linear_solver: petsc
/// (PETSc builds only), else nullptr (every process runs the whole model).
std::unique_ptr<DomainDecomposition> make_domain_decomposition(Model& model, const DeckData& deck);

}  // namespace polydem

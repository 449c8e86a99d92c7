// PetscLayout of stage 1 (replicated model): every process holds the whole
// global matrix and right-hand side, copies its contiguous block of rows
// (sizes differ by at most one) into PETSc and gets the whole solution back.
#pragma once

#include <memory>

#include "solvers/petsc/petsc_layout.hpp"

namespace polydem {

std::unique_ptr<PetscLayout> make_replicated_rows();

}  // namespace polydem

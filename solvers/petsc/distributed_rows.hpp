// PetscLayout of domain decomposition: each process's matrix and vectors are
// its local equations (solvers/distributed_equations.hpp). Its rows go into the
// distributed matrix with ADD_VALUES, ghost rows to the processes that own
// them; its own rows of the right-hand side are complete (the caller has added
// the other processes' contributions); it gets back the solution of every
// local equation, owned and ghost.
#pragma once

#include <memory>

#include "solvers/distributed_equations.hpp"
#include "solvers/petsc/petsc_layout.hpp"

namespace polydem {

/// `equations` is read at every analyze and must outlive the layout.
std::unique_ptr<PetscLayout> make_distributed_rows(const DistributedEquations& equations);

}  // namespace polydem

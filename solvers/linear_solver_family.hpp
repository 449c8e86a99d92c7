// The linear-solver back ends a deck can choose (`steps[].linear_solver`): a
// polymorphic deck family whose members (auto, umfpack, cholmod, bicgstab, petsc, krylov) each
// declare their options and register themselves in their own file. A bare
// name stands for the back end with its defaults (`linear_solver: umfpack`).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "solvers/distributed_equations.hpp"
#include "solvers/linear_solver.hpp"
#include "src/core/errors.hpp"
#include "src/params/family.hpp"

namespace polydem {

/// A back end as a deck chose it, with its options: what each analysis step
/// makes its linear solver from.
struct LinearSolverChoice {
  std::string name;  ///< the member's name
  /// A solver of the whole system (one process, or every process alike).
  std::function<std::unique_ptr<LinearSolver>()> make;
  /// A solver of a system split among MPI processes by domain decomposition
  /// (`equations` must outlive it); empty for a back end that cannot solve one.
  std::function<std::unique_ptr<LinearSolver>(const DistributedEquations& equations)>
      make_distributed;
  /// Whether making a solver starts MPI (a back end that may span processes).
  bool needs_mpi = false;
  /// Where the deck gave the back end's options and their key, for a
  /// LinearSolverOptionsError raised when the solver is made.
  SourceMark options_mark;
  std::string options_key;
};

/// The family `linear_solver`.
Family<LinearSolverChoice>& linear_solvers();

/// The choice of a back end that runs in one process and takes no options: `make` makes its solver.
LinearSolverChoice one_process_back_end(const ParamSet& set,
                                        std::unique_ptr<LinearSolver> (*make)());

/// The member `type` with its defaults, as a deck writes `linear_solver: type`.
ParamSet default_linear_solver(const std::string& type);

}  // namespace polydem

// PETSc back end: the tangent lives in a MATMPIAIJ matrix and the residual in
// a VECMPI vector, each rank owning a contiguous block of rows; KSP solves.
// The default is a direct solve with MUMPS when the PETSc build has it (as
// Debian's has), else GMRES preconditioned by block Jacobi with ILU(0); the
// options string (PETSc's command-line syntax, e.g. "-ksp_type gmres
// -pc_type bjacobi") applies on top of that, to this solver only.
//
// Two layouts: with make_petsc_linear_solver every rank passes the same global
// matrix and right-hand side (the model is replicated) and receives the whole
// solution; with make_distributed_petsc_solver each rank passes its part of a
// system split by domain decomposition (solvers/distributed_equations.hpp) and
// receives the solution of its equations.
#pragma once

#include <memory>
#include <string_view>

#include "solvers/distributed_equations.hpp"
#include "solvers/linear_solver.hpp"

namespace polydem {

/// Starts PETSc if needed (parallel::start). Throws LinearSolverOptionsError
/// when PETSc rejects the options.
std::unique_ptr<LinearSolver> make_petsc_linear_solver(std::string_view options);

/// The same for a system split among the ranks; `equations` is read whenever a
/// pattern is analysed and must outlive the solver.
std::unique_ptr<LinearSolver> make_distributed_petsc_solver(std::string_view options,
                                                            const DistributedEquations& equations);

}  // namespace polydem

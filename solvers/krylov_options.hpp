// PETSc's options for a preconditioned Krylov solve, shared by `linear_solver:
// krylov` (the deck's keys) and `linear_solver: petsc` without options (the
// defaults below). Right preconditioning with the unpreconditioned norm, so that
// the tolerance bounds the residual Newton sees, not one scaled by the
// preconditioner. Plain text: no PETSc needed to form it.
#pragma once

#include <string>

namespace polydem {

struct KrylovOptions {
  std::string method = "gmres";  ///< gmres or bcgs
  long long restart = 50;        ///< GMRES's Krylov vectors
  double relative_tolerance = 1e-8;
  long long max_iterations = 1000;
  /// ilu: block Jacobi with ILU(0) in each block (one block per rank);
  /// asm: additive Schwarz, ILU(0) in each rank's block grown by one layer of
  /// neighbouring equations; gamg: PETSc's algebraic multigrid; block_jacobi: the
  /// inverse of each body's 6×6 diagonal block; jacobi: the diagonal.
  std::string preconditioner = "ilu";
  std::string further;  ///< more PETSc options, applied last
};

/// The options in PETSc's command-line syntax.
std::string petsc_krylov_options(const KrylovOptions& krylov);

}  // namespace polydem

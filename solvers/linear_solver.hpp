// The small interface every linear-solver back end implements: symbolic
// analysis once per sparsity pattern, numeric factorisation per Newton
// iteration, then solves. SuiteSparse (UMFPACK, CHOLMOD) is the embedded
// default; a PETSc back end implements the same interface.
#pragma once

#include <memory>
#include <string>

#include "solvers/linear_solver_kind.hpp"
#include "src/assembly/sparse_assembler.hpp"

namespace polydem {

class LinearSolver {
 public:
  virtual ~LinearSolver() = default;

  /// Symbolic analysis; call again only when the sparsity pattern changes.
  virtual void analyze(const SparseMatrix& matrix) = 0;
  /// Numeric factorisation with the analysed pattern. False when the matrix is
  /// singular (or, for a Cholesky back end, not positive definite).
  virtual bool factorize(const SparseMatrix& matrix) = 0;
  /// Solves with the last factorisation. False when the result is not finite.
  virtual bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) = 0;
  /// The back end that did the last factorisation ("umfpack", "cholmod").
  virtual std::string name() const = 0;
};

std::unique_ptr<LinearSolver> make_linear_solver(LinearSolverKind kind);

}  // namespace polydem

// The small interface every linear-solver back end implements: symbolic
// analysis once per sparsity pattern, numeric factorisation per Newton
// iteration, then solves. SuiteSparse (UMFPACK, CHOLMOD) is the embedded
// default; a PETSc back end implements the same interface. The back ends a
// deck can name are the members of linear_solver_family.hpp.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include <Eigen/Core>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

class LinearSolver {
 public:
  virtual ~LinearSolver() = default;

  /// Symbolic analysis; call again only when the sparsity pattern changes.
  virtual void analyze(const SparseMatrix& matrix) = 0;
  /// Numeric factorisation with the analysed pattern. False when the matrix is
  /// singular (or, for a Cholesky back end, not positive definite). The matrix
  /// must outlive the solves that follow: an iterative back end multiplies by it.
  virtual bool factorize(const SparseMatrix& matrix) = 0;
  /// Solves with the last factorisation. False when the result is not finite.
  virtual bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) = 0;
  /// An iterative back end stops its next solves at |b − A x| ≤ relative |b|,
  /// but never tighter than its own tolerance; 0 restores its own.
  /// Direct back ends solve exactly and ignore it.
  virtual void set_relative_tolerance(double /*relative*/) {}
  /// The threads a back end that can share its work may use (the run's --threads); its
  /// results must not depend on them.
  virtual void set_threads(int /*threads*/) {}
  /// The back end that did the last factorisation ("umfpack", "cholmod", "petsc/...").
  virtual std::string name() const = 0;
  /// Solves handed to a direct back end because this one's failed since the
  /// last call (an iterative back end with a fallback); the count restarts at 0.
  virtual long take_fallbacks() { return 0; }
};

/// A back end rejected the options it was given (in the deck).
class LinearSolverOptionsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace polydem

// Where the matrix and vectors a LinearSolver is given sit in PETSc's
// distributed objects: the rows a process contributes, how its right-hand side
// fills the distributed vector and which part of the solution it gets back.
#pragma once

#include <Eigen/Core>

#include "solvers/assembly/sparse_assembler.hpp"
#include "solvers/petsc/petsc_handle.hpp"

namespace polydem {

class PetscLayout {
 public:
  virtual ~PetscLayout() = default;

  /// The distributed matrix for the pattern of `matrix`, preallocated exactly,
  /// and vectors of its layout.
  virtual void analyze(const SparseMatrix& matrix, MatHandle& global, VecHandle& rhs,
                       VecHandle& solution) = 0;
  /// Puts the values of `matrix` (the analysed pattern) into `global` and assembles it.
  virtual void copy_values(const SparseMatrix& matrix, Mat global) = 0;
  /// Writes this process's rows of `rhs` into `global`.
  virtual void copy_rhs(const Eigen::VectorXd& rhs, Vec global) = 0;
  /// The part of the distributed solution this process's equations need.
  virtual void copy_solution(Vec global, Eigen::VectorXd& solution) = 0;
};

}  // namespace polydem

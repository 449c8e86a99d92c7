// Rows of a process's sparse matrix as PETSc takes them: per row its global
// row, per entry its global column, the values read where the tangent holds them
// (RowBlock) and set or added into a distributed matrix row by row.
#pragma once

#include <petscmat.h>

#include <span>
#include <vector>

#include "solvers/petsc/petsc_handle.hpp"
#include "solvers/row_block.hpp"

namespace polydem {

class PetscRows {
 public:
  PetscRows() = default;
  /// Rows [first, last) of `matrix`; `global` maps the matrix's row and column
  /// numbers to global ones (empty: they are global already).
  PetscRows(const SparseMatrix& matrix, int first, int last, std::span<const int> global);

  /// A MATMPIAIJ matrix of which this process owns `owned_rows` of `global_rows`,
  /// preallocated exactly for the entries of every process's rows, wherever
  /// they go, with the point blocks of PETSc's variable point-block Jacobi
  /// (`-pc_type vpbjacobi`): runs of consecutive owned rows with the same
  /// columns, at most six long (a body's); collective.
  void create_matrix(int owned_rows, int global_rows, MatHandle& out) const;
  /// Sets or adds the values of `matrix` (the pattern these rows were made from) into `target`.
  void copy_values(const SparseMatrix& matrix, Mat target, InsertMode mode);

 private:
  void set_rows(Mat target, const double* values, InsertMode mode) const;

  RowBlock block_;
  std::vector<PetscInt> rows_;     ///< global row per row of the block
  std::vector<PetscInt> columns_;  ///< global column per entry
};

}  // namespace polydem

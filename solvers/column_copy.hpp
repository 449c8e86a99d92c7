// The tangent (stored by rows) copied into compressed columns, for the SuiteSparse
// back ends, which take column-major arrays. The entries' order is found once per
// pattern (a counting sort by column); each factorisation then copies the values in
// one pass, writing in order and allocating nothing. Only the direct solves pay this
// copy: the Krylov solve and PETSc read the tangent as it is stored.
#pragma once

#include <vector>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

class ColumnCopy {
 public:
  using ColumnMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

  /// The pattern of `matrix` (compressed) by columns, zero values.
  const ColumnMatrix& analyze(const SparseMatrix& matrix);
  /// The values of `matrix`, of the pattern last analysed, by columns.
  const ColumnMatrix& copy(const SparseMatrix& matrix);

 private:
  ColumnMatrix columns_;
  std::vector<int> source_;  ///< per column-major entry, its index in the row-major values
};

}  // namespace polydem

// A contiguous block of rows of the tangent (stored by rows): what one MPI rank
// owns of the global tangent, with its row offsets from zero, as PETSc takes
// them. New values on the same pattern are one contiguous run of the matrix's
// value array.
#pragma once

#include <utility>
#include <vector>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

struct RowBlock {
  int first = 0;             ///< first global row
  int last = 0;              ///< one past the last global row
  std::vector<int> offsets;  ///< per local row, where its entries start; one more at the end
  std::vector<int> columns;  ///< global column of each entry, ascending within a row
  int first_entry = 0;       ///< where the block's entries start in the matrix's value array

  int row_count() const { return last - first; }
  /// The values of the block's entries in `matrix` (of this pattern), in compressed-row order.
  const double* values(const SparseMatrix& matrix) const { return matrix.valuePtr() + first_entry; }
};

/// Rows [first, last) of a compressed matrix.
RowBlock row_block(const SparseMatrix& matrix, int first, int last);

/// Part `part` of `rows` rows split into `parts` contiguous blocks whose sizes
/// differ by at most one: {first, last}.
std::pair<int, int> balanced_rows(int rows, int parts, int part);

}  // namespace polydem

// A contiguous block of rows of a column-major sparse matrix, in compressed-row
// form: what one MPI rank owns of the global tangent. Every entry remembers
// its position in the matrix's value array, so that new values on the same
// sparsity pattern are gathered in one pass, without searching.
#pragma once

#include <utility>
#include <vector>

#include "solvers/assembly/sparse_assembler.hpp"

namespace polydem {

struct RowBlock {
  int first = 0;             ///< first global row
  int last = 0;              ///< one past the last global row
  std::vector<int> offsets;  ///< per local row, where its entries start; one more at the end
  std::vector<int> columns;  ///< global column of each entry, ascending within a row
  std::vector<int> sources;  ///< index of each entry in the matrix's value array

  int row_count() const { return last - first; }
  /// The values of the block's entries, in compressed-row order.
  void gather(const SparseMatrix& matrix, std::vector<double>& values) const;
};

/// Rows [first, last) of a compressed matrix.
RowBlock row_block(const SparseMatrix& matrix, int first, int last);

/// Part `part` of `rows` rows split into `parts` contiguous blocks whose sizes
/// differ by at most one: {first, last}.
std::pair<int, int> balanced_rows(int rows, int parts, int part);

}  // namespace polydem

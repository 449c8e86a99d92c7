#include "solvers/column_copy.hpp"

#include <algorithm>
#include <cassert>

namespace polydem {

const ColumnCopy::ColumnMatrix& ColumnCopy::analyze(const SparseMatrix& matrix) {
  assert(matrix.isCompressed());
  const int columns = static_cast<int>(matrix.cols());
  const int entries = static_cast<int>(matrix.nonZeros());
  columns_.resize(matrix.rows(), matrix.cols());
  columns_.resizeNonZeros(entries);
  int* column_start = columns_.outerIndexPtr();
  int* rows = columns_.innerIndexPtr();
  const int* outer = matrix.outerIndexPtr();
  const int* inner = matrix.innerIndexPtr();
  std::fill(column_start, column_start + columns + 1, 0);
  for (int k = 0; k < entries; ++k) ++column_start[inner[k] + 1];
  for (int column = 0; column < columns; ++column) column_start[column + 1] += column_start[column];
  // Rows are visited in ascending order, so each column's rows come out sorted.
  std::vector<int> next(column_start, column_start + columns);
  source_.resize(static_cast<std::size_t>(entries));
  for (int row = 0; row < matrix.outerSize(); ++row)
    for (int k = outer[row]; k < outer[row + 1]; ++k) {
      const int position = next[static_cast<std::size_t>(inner[k])]++;
      rows[position] = row;
      source_[static_cast<std::size_t>(position)] = k;
    }
  std::fill_n(columns_.valuePtr(), entries, 0.0);
  return columns_;
}

const ColumnCopy::ColumnMatrix& ColumnCopy::copy(const SparseMatrix& matrix) {
  assert(matrix.nonZeros() == columns_.nonZeros());
  const double* values = matrix.valuePtr();
  double* target = columns_.valuePtr();
  for (std::size_t k = 0; k < source_.size(); ++k) target[k] = values[source_[k]];
  return columns_;
}

}  // namespace polydem

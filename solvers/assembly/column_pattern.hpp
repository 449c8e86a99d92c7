// The sparsity pattern of a FEM-style global matrix from the equations of each
// element: column j holds row i when some element has both. Each column is
// formed as the union of the equation lists of the elements that hold it (a
// marker per row), never from a list of every element's n_e² entries: a
// contact pair has 144, and as triplets they were the largest item of the
// 240-tetrapod run's heap.
#pragma once

#include <span>
#include <vector>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

class ColumnPattern {
 public:
  /// Gives `matrix` (equations × equations, compressed) the pattern of
  /// `elements`, each a list of equations of which negative ones are skipped,
  /// with sorted rows and zero values. The buffers are reused between calls.
  void build(int equations, std::span<const std::span<const int>> elements, SparseMatrix& matrix);

 private:
  void index_elements_by_equation(int equations, std::span<const std::span<const int>> elements);

  std::vector<int> first_of_equation_;  ///< into elements_of_equation_, per equation + 1
  std::vector<int> elements_of_equation_;
  std::vector<int> last_column_of_row_;  ///< the marker: the column that last took this row
  std::vector<int> rows_;
};

}  // namespace polydem

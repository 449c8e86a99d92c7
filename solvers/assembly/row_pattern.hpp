// The sparsity pattern of a FEM-style global matrix from the equations of each
// element: row i holds column j when some element has both. Each row is formed
// as the union of the equation lists of the elements that hold it (a marker per
// column), never from a list of every element's n_e² entries: a contact pair has
// 144, and as triplets they were the largest item of the 240-tetrapod run's heap.
// Two passes over the rows, one counting and one writing into the matrix itself,
// so that no list of entries is held beside the matrix (4 bytes per entry, a
// settled pack's 1.2 kB per body).
#pragma once

#include <span>
#include <vector>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

class RowPattern {
 public:
  /// Gives `matrix` (equations × equations, compressed) the pattern of
  /// `elements`, each a list of equations of which negative ones are skipped,
  /// with sorted columns and zero values. The buffers are reused between calls.
  void build(int equations, std::span<const std::span<const int>> elements, SparseMatrix& matrix);
  /// Bytes its work arrays hold between builds.
  std::size_t held_bytes() const {
    return (first_of_equation_.capacity() + elements_of_equation_.capacity() +
            last_row_of_column_.capacity()) *
           sizeof(int);
  }

 private:
  void index_elements_by_equation(int equations, std::span<const std::span<const int>> elements);
  /// Calls visit(column) once for each column of `row`, in no particular order.
  template <class Visit>
  void for_each_column(int row, std::span<const std::span<const int>> elements, Visit visit);

  std::vector<int> first_of_equation_;  ///< into elements_of_equation_, per equation + 1
  std::vector<int> elements_of_equation_;
  std::vector<int> last_row_of_column_;  ///< the marker: the row that last took this column
};

}  // namespace polydem

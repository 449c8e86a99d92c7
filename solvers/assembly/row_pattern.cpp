#include "solvers/assembly/row_pattern.hpp"

#include <algorithm>

namespace polydem {

void RowPattern::index_elements_by_equation(int equations,
                                            std::span<const std::span<const int>> elements) {
  first_of_equation_.assign(static_cast<std::size_t>(equations) + 1, 0);
  for (const std::span<const int> element : elements)
    for (const int equation : element)
      if (equation >= 0) ++first_of_equation_[static_cast<std::size_t>(equation) + 1];
  for (std::size_t k = 1; k < first_of_equation_.size(); ++k)
    first_of_equation_[k] += first_of_equation_[k - 1];
  elements_of_equation_.resize(static_cast<std::size_t>(first_of_equation_.back()));
  std::vector<int>& next = last_row_of_column_;  // a cursor per equation, before the marker
  next.assign(first_of_equation_.begin(), first_of_equation_.end() - 1);
  for (std::size_t e = 0; e < elements.size(); ++e)
    for (const int equation : elements[e])
      if (equation >= 0)
        elements_of_equation_[static_cast<std::size_t>(
            next[static_cast<std::size_t>(equation)]++)] = static_cast<int>(e);
}

template <class Visit>
void RowPattern::for_each_column(int row, std::span<const std::span<const int>> elements,
                                 Visit visit) {
  for (int k = first_of_equation_[static_cast<std::size_t>(row)];
       k < first_of_equation_[static_cast<std::size_t>(row) + 1]; ++k)
    for (const int column :
         elements[static_cast<std::size_t>(elements_of_equation_[static_cast<std::size_t>(k)])])
      if (column >= 0 && last_row_of_column_[static_cast<std::size_t>(column)] != row) {
        last_row_of_column_[static_cast<std::size_t>(column)] = row;
        visit(column);
      }
}

void RowPattern::build(int equations, std::span<const std::span<const int>> elements,
                       SparseMatrix& matrix) {
  index_elements_by_equation(equations, elements);
  matrix.resize(equations, equations);
  int* row_start = matrix.outerIndexPtr();
  row_start[0] = 0;
  last_row_of_column_.assign(static_cast<std::size_t>(equations), -1);
  for (int row = 0; row < equations; ++row) {
    int count = 0;
    for_each_column(row, elements, [&count](int) { ++count; });
    row_start[row + 1] = row_start[row] + count;
  }
  matrix.resizeNonZeros(row_start[equations]);
  int* columns = matrix.innerIndexPtr();
  last_row_of_column_.assign(static_cast<std::size_t>(equations), -1);
  for (int row = 0; row < equations; ++row) {
    int* next = columns + row_start[row];
    for_each_column(row, elements, [&next](int column) { *next++ = column; });
    std::sort(columns + row_start[row], next);
  }
  std::fill_n(matrix.valuePtr(), row_start[equations], 0.0);
}

}  // namespace polydem

#include "solvers/assembly/column_pattern.hpp"

#include <algorithm>

namespace polydem {

void ColumnPattern::index_elements_by_equation(int equations,
                                               std::span<const std::span<const int>> elements) {
  first_of_equation_.assign(static_cast<std::size_t>(equations) + 1, 0);
  for (const std::span<const int> element : elements)
    for (const int equation : element)
      if (equation >= 0) ++first_of_equation_[static_cast<std::size_t>(equation) + 1];
  for (std::size_t k = 1; k < first_of_equation_.size(); ++k)
    first_of_equation_[k] += first_of_equation_[k - 1];
  elements_of_equation_.resize(static_cast<std::size_t>(first_of_equation_.back()));
  std::vector<int>& next = rows_;  // a cursor per equation, before rows_ holds rows
  next.assign(first_of_equation_.begin(), first_of_equation_.end() - 1);
  for (std::size_t e = 0; e < elements.size(); ++e)
    for (const int equation : elements[e])
      if (equation >= 0)
        elements_of_equation_[static_cast<std::size_t>(
            next[static_cast<std::size_t>(equation)]++)] = static_cast<int>(e);
}

void ColumnPattern::build(int equations, std::span<const std::span<const int>> elements,
                          SparseMatrix& matrix) {
  index_elements_by_equation(equations, elements);
  last_column_of_row_.assign(static_cast<std::size_t>(equations), -1);
  rows_.clear();
  matrix.resize(equations, equations);
  int* column_start = matrix.outerIndexPtr();
  column_start[0] = 0;
  for (int column = 0; column < equations; ++column) {
    const std::size_t first = rows_.size();
    for (int k = first_of_equation_[static_cast<std::size_t>(column)];
         k < first_of_equation_[static_cast<std::size_t>(column) + 1]; ++k)
      for (const int row :
           elements[static_cast<std::size_t>(elements_of_equation_[static_cast<std::size_t>(k)])])
        if (row >= 0 && last_column_of_row_[static_cast<std::size_t>(row)] != column) {
          last_column_of_row_[static_cast<std::size_t>(row)] = column;
          rows_.push_back(row);
        }
    std::sort(rows_.begin() + static_cast<std::ptrdiff_t>(first), rows_.end());
    column_start[column + 1] = static_cast<int>(rows_.size());
  }
  matrix.resizeNonZeros(static_cast<Eigen::Index>(rows_.size()));
  std::copy(rows_.begin(), rows_.end(), matrix.innerIndexPtr());
  std::fill_n(matrix.valuePtr(), rows_.size(), 0.0);
}

}  // namespace polydem

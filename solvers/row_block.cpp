#include "solvers/row_block.hpp"

#include <algorithm>
#include <cassert>

namespace polydem {

RowBlock row_block(const SparseMatrix& matrix, int first, int last) {
  assert(matrix.isCompressed() && 0 <= first && first <= last && last <= matrix.rows());
  const int* outer = matrix.outerIndexPtr();
  const int* inner = matrix.innerIndexPtr();
  RowBlock block;
  block.first = first;
  block.last = last;
  block.first_entry = outer[first];
  block.offsets.resize(static_cast<std::size_t>(last - first) + 1);
  for (int row = first; row <= last; ++row)
    block.offsets[static_cast<std::size_t>(row - first)] = outer[row] - outer[first];
  block.columns.assign(inner + outer[first], inner + outer[last]);
  return block;
}

std::pair<int, int> balanced_rows(int rows, int parts, int part) {
  const int base = rows / parts;
  const int larger = rows % parts;  // the first `larger` parts take one row more
  const int first = part * base + std::min(part, larger);
  return {first, first + base + (part < larger ? 1 : 0)};
}

}  // namespace polydem

#include "solvers/row_block.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace polydem {

void RowBlock::gather(const SparseMatrix& matrix, std::vector<double>& values) const {
  const double* all = matrix.valuePtr();
  values.resize(sources.size());
  for (std::size_t k = 0; k < sources.size(); ++k) values[k] = all[sources[k]];
}

RowBlock row_block(const SparseMatrix& matrix, int first, int last) {
  assert(matrix.isCompressed() && 0 <= first && first <= last && last <= matrix.rows());
  RowBlock block;
  block.first = first;
  block.last = last;
  block.offsets.assign(static_cast<std::size_t>(last - first) + 1, 0);
  const int* outer = matrix.outerIndexPtr();
  const int* inner = matrix.innerIndexPtr();
  const int column_count = static_cast<int>(matrix.cols());
  for (int k = 0; k < outer[column_count]; ++k)
    if (inner[k] >= first && inner[k] < last)
      ++block.offsets[static_cast<std::size_t>(inner[k] - first) + 1];
  std::partial_sum(block.offsets.begin(), block.offsets.end(), block.offsets.begin());
  block.columns.resize(static_cast<std::size_t>(block.offsets.back()));
  block.sources.resize(block.columns.size());
  // Columns are visited in ascending order, so each row's entries come out sorted.
  std::vector<int> next(block.offsets.begin(), block.offsets.end() - 1);
  for (int column = 0; column < column_count; ++column) {
    for (int k = outer[column]; k < outer[column + 1]; ++k) {
      if (inner[k] < first || inner[k] >= last) continue;
      const auto slot =
          static_cast<std::size_t>(next[static_cast<std::size_t>(inner[k] - first)]++);
      block.columns[slot] = column;
      block.sources[slot] = k;
    }
  }
  return block;
}

std::pair<int, int> balanced_rows(int rows, int parts, int part) {
  const int base = rows / parts;
  const int larger = rows % parts;  // the first `larger` parts take one row more
  const int first = part * base + std::min(part, larger);
  return {first, first + base + (part < larger ? 1 : 0)};
}

}  // namespace polydem

// Random sparse matrices for the linear-solver tests.
#pragma once

#include <random>
#include <vector>

#include "solvers/assembly/sparse_assembler.hpp"

namespace polydem::testing {

/// A nonsymmetric n×n matrix with about `per_row` off-diagonal entries per row
/// at random columns (so rows reach far outside any row block) and a dominant
/// diagonal: well conditioned, its LU needs no pivoting for stability.
inline SparseMatrix random_nonsymmetric_matrix(int n, int per_row, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> column(0, n - 1);
  std::uniform_real_distribution<double> value(-1, 1);
  std::vector<Eigen::Triplet<double>> entries;
  for (int row = 0; row < n; ++row) {
    double off_diagonal = 0;
    for (int k = 0; k < per_row; ++k) {
      const double v = value(rng);
      entries.emplace_back(row, column(rng), v);  // a repeated column sums, harmlessly
      off_diagonal += std::abs(v);
    }
    entries.emplace_back(row, row, off_diagonal + 1 + std::abs(value(rng)));
  }
  SparseMatrix matrix(n, n);
  matrix.setFromTriplets(entries.begin(), entries.end());
  matrix.makeCompressed();
  return matrix;
}

/// New random values on the same sparsity pattern, diagonal still dominant.
inline void refill_values(SparseMatrix& matrix, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(-1, 1);
  Eigen::VectorXd row_sums = Eigen::VectorXd::Zero(matrix.rows());
  for (int outer = 0; outer < matrix.outerSize(); ++outer)
    for (SparseMatrix::InnerIterator it(matrix, outer); it; ++it)
      if (it.row() != it.col()) row_sums[it.row()] += std::abs(it.valueRef() = value(rng));
  for (int outer = 0; outer < matrix.outerSize(); ++outer)
    for (SparseMatrix::InnerIterator it(matrix, outer); it; ++it)
      if (it.row() == it.col()) it.valueRef() = row_sums[it.row()] + 1;
}

/// `blocks` dense, diagonally dominant blocks of `size` rows on the diagonal.
inline SparseMatrix random_block_diagonal(int blocks, int size, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(-1, 1);
  std::vector<Eigen::Triplet<double>> entries;
  for (int b = 0; b < blocks; ++b)
    for (int i = 0; i < size; ++i)
      for (int j = 0; j < size; ++j)
        entries.emplace_back(b * size + i, b * size + j, value(rng) + (i == j ? size : 0.0));
  SparseMatrix matrix(blocks * size, blocks * size);
  matrix.setFromTriplets(entries.begin(), entries.end());
  matrix.makeCompressed();
  return matrix;
}

inline Eigen::VectorXd random_vector(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(-1, 1);
  Eigen::VectorXd v(n);
  for (int k = 0; k < n; ++k) v[k] = value(rng);
  return v;
}

}  // namespace polydem::testing

// The inverse of each point block of a tangent's diagonal (a body's six equations, fewer
// where DOFs are held), BiCGSTAB's preconditioner (team_bicgstab.hpp): blocks are the runs
// of consecutive rows with the same columns, as PETSc's vpbjacobi takes them. Built and
// applied block by block, each block the same bits whichever thread takes it.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "src/core/sparse_matrix.hpp"

namespace polydem {

class BlockJacobi {
 public:
  using RowMatrix = SparseMatrix;  ///< stored by rows
  using MatrixRef = Eigen::Ref<const RowMatrix>;
  static constexpr int kLargestBlock = 6;

  /// The blocks of the pattern.
  BlockJacobi& analyzePattern(const MatrixRef& matrix);
  /// Inverts blocks [begin, end) (disjoint ranges may run on different threads); returns
  /// how many were singular (their inverses are zero).
  int invert_blocks(const MatrixRef& matrix, int begin, int end);
  /// Records the outcome of inverting every block: info() is NumericalIssue when one was singular.
  void set_singular_blocks(int singular) {
    info_ = singular == 0 ? Eigen::Success : Eigen::NumericalIssue;
  }
  /// The pattern's blocks found and all inverted, on the calling thread.
  BlockJacobi& compute(const MatrixRef& matrix) {
    analyzePattern(matrix);
    set_singular_blocks(invert_blocks(matrix, 0, block_count()));
    return *this;
  }

  Eigen::Index rows() const { return size_; }
  Eigen::ComputationInfo info() const { return info_; }

  /// The number of blocks, and the first row of block k (block_row(block_count()): the size).
  int block_count() const { return static_cast<int>(inverse_.size()); }
  int block_row(int k) const { return first_[static_cast<std::size_t>(k)]; }
  /// x = P⁻¹ b on blocks [begin, end) alone (pointers to whole vectors), on the calling thread.
  void apply_blocks(int begin, int end, const double* b, double* x) const;

 private:
  using Block = Eigen::Matrix<double, kLargestBlock, kLargestBlock>;
  std::vector<int> first_;  ///< first row of each block, then the row count
  std::vector<Block> inverse_;
  Eigen::Index size_ = 0;
  Eigen::ComputationInfo info_ = Eigen::Success;
};

}  // namespace polydem

// The inverse of each point block of a tangent's diagonal (a body's six equations, fewer
// where DOFs are held) as an Eigen preconditioner: blocks are the runs of consecutive rows
// with the same columns, as PETSc's vpbjacobi takes them. Built and applied block by block
// on a fixed partition, so that the result is the same for any number of threads.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

namespace polydem {

class BlockJacobi {
 public:
  using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;
  /// What Eigen's iterative solvers hand their preconditioner: binding it as a Ref, not as
  /// a RowMatrix, spares a copy of the whole tangent at every factorisation.
  using MatrixRef = Eigen::Ref<const RowMatrix>;
  using StorageIndex = int;
  static constexpr int kLargestBlock = 6;
  enum { ColsAtCompileTime = Eigen::Dynamic, MaxColsAtCompileTime = Eigen::Dynamic };

  BlockJacobi() = default;
  template <class MatrixType>
  explicit BlockJacobi(const MatrixType& matrix) {
    compute(matrix);
  }

  void set_threads(int threads) { threads_ = threads; }

  /// The blocks of the pattern.
  BlockJacobi& analyzePattern(const MatrixRef& matrix);
  /// Inverts every block; info() is NumericalIssue when one is singular.
  BlockJacobi& factorize(const MatrixRef& matrix);
  BlockJacobi& compute(const MatrixRef& matrix) {
    analyzePattern(matrix);
    return factorize(matrix);
  }

  Eigen::Index rows() const { return size_; }
  Eigen::Index cols() const { return size_; }
  Eigen::ComputationInfo info() const { return info_; }

  template <class Rhs>
  Eigen::Solve<BlockJacobi, Rhs> solve(const Eigen::MatrixBase<Rhs>& b) const {
    return Eigen::Solve<BlockJacobi, Rhs>(*this, b.derived());
  }

  /// x = P⁻¹ b, block by block (Eigen's Solve expression evaluates through this, into x).
  template <class Rhs, class Dest>
  void _solve_impl(const Rhs& b, Dest& x) const {
    apply(b, x);
  }

 private:
  void apply(const Eigen::Ref<const Eigen::VectorXd>& b, Eigen::Ref<Eigen::VectorXd> x) const;

  using Block = Eigen::Matrix<double, kLargestBlock, kLargestBlock>;
  std::vector<int> first_;  ///< first row of each block, then the row count
  std::vector<Block> inverse_;
  Eigen::Index size_ = 0;
  int threads_ = 1;
  Eigen::ComputationInfo info_ = Eigen::Success;
};

}  // namespace polydem

#include "solvers/block_jacobi.hpp"

#include <algorithm>

#include <Eigen/LU>

namespace polydem {
namespace {

// Below this many blocks a thread team costs more than the work it shares.
constexpr std::size_t kBlocksPerThread = 64;

bool same_columns(const BlockJacobi::MatrixRef& matrix, int a, int b) {
  const int* outer = matrix.outerIndexPtr();
  const int* inner = matrix.innerIndexPtr();
  return outer[a + 1] - outer[a] == outer[b + 1] - outer[b] &&
         std::equal(inner + outer[a], inner + outer[a + 1], inner + outer[b]);
}

}  // namespace

BlockJacobi& BlockJacobi::analyzePattern(const MatrixRef& matrix) {
  size_ = matrix.rows();
  first_.clear();
  for (int row = 0; row < matrix.rows(); ++row) {
    const bool extends = !first_.empty() && row - first_.back() < kLargestBlock &&
                         same_columns(matrix, row - 1, row);
    if (!extends) first_.push_back(row);
  }
  first_.push_back(static_cast<int>(size_));
  inverse_.resize(first_.size() - 1);
  return *this;
}

BlockJacobi& BlockJacobi::factorize(const MatrixRef& matrix) {
  const auto blocks = static_cast<long>(inverse_.size());
  int singular = 0;
  const int threads = blocks > static_cast<long>(kBlocksPerThread) ? threads_ : 1;
#pragma omp parallel for schedule(static) num_threads(threads) reduction(+ : singular)
  for (long k = 0; k < blocks; ++k) {
    const int first = first_[static_cast<std::size_t>(k)];
    const int size = first_[static_cast<std::size_t>(k) + 1] - first;
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kLargestBlock, kLargestBlock> block =
        Eigen::MatrixXd::Zero(size, size);
    for (int r = 0; r < size; ++r)
      for (MatrixRef::InnerIterator it(matrix, first + r); it; ++it)
        if (it.col() >= first && it.col() < first + size) block(r, it.col() - first) = it.value();
    const Eigen::FullPivLU<decltype(block)> lu(block);
    Block& inverse = inverse_[static_cast<std::size_t>(k)];
    inverse.setZero();
    if (!lu.isInvertible()) {
      ++singular;
      continue;
    }
    inverse.topLeftCorner(size, size) = lu.inverse();
  }
  info_ = singular == 0 ? Eigen::Success : Eigen::NumericalIssue;
  return *this;
}

void BlockJacobi::apply(const Eigen::Ref<const Eigen::VectorXd>& b,
                        Eigen::Ref<Eigen::VectorXd> x) const {
  const auto blocks = static_cast<long>(inverse_.size());
  const int threads = blocks > static_cast<long>(kBlocksPerThread) ? threads_ : 1;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (long k = 0; k < blocks; ++k) {
    const int first = first_[static_cast<std::size_t>(k)];
    const int size = first_[static_cast<std::size_t>(k) + 1] - first;
    const Block& inverse = inverse_[static_cast<std::size_t>(k)];
    if (size == kLargestBlock)
      x.segment<kLargestBlock>(first).noalias() = inverse * b.segment<kLargestBlock>(first);
    else
      x.segment(first, size).noalias() = inverse.topLeftCorner(size, size) * b.segment(first, size);
  }
}

}  // namespace polydem

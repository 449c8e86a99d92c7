#include "solvers/bicgstab_solver.hpp"

#include <algorithm>
#include <vector>

#include <omp.h>

#include "solvers/block_jacobi.hpp"
#include "solvers/team_bicgstab.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {
namespace {

using RowMatrix = BlockJacobi::RowMatrix;

class BicgstabSolver final : public LinearSolver {
 public:
  BicgstabSolver(double tolerance, int max_iterations)
      : own_tolerance_(tolerance), max_iterations_(max_iterations) {}

  void analyze(const SparseMatrix& matrix) override {
    transpose_pattern(matrix);
    preconditioner_.analyzePattern(rows_);
    krylov_.analyze(preconditioner_);
  }

  bool factorize(const SparseMatrix& matrix) override {
    const int blocks = preconditioner_.block_count();
    // A block's inverse takes about a microsecond: enough to share from 64 blocks.
    const int threads = blocks > kBlocksPerThread ? threads_.threads() : 1;
    int singular = 0;
#pragma omp parallel num_threads(threads) reduction(+ : singular)
    {
      const int team = omp_get_num_threads(), me = omp_get_thread_num();
      const int begin = blocks * me / team, end = blocks * (me + 1) / team;
      copy_rows(matrix, preconditioner_.block_row(begin), preconditioner_.block_row(end));
      // A block's rows are this thread's own, just copied: no wait for the others.
      singular += preconditioner_.invert_blocks(rows_, begin, end);
    }
    preconditioner_.set_singular_blocks(singular);
    return preconditioner_.info() == Eigen::Success;
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    const double scale = rhs.norm();
    if (scale == 0) {
      solution.setZero(rhs.size());
      return true;
    }
    TeamBicgstab::Outcome outcome;
    // Timed per Krylov iteration: solves of one size take from a few to hundreds.
    threads_.run(rows_.rows(), [&](int threads) {
      outcome = krylov_.solve(rows_, preconditioner_, rhs, solution, tolerance_, max_iterations_,
                              threads);
      return outcome.iterations + 1;
    });
    // BiCGSTAB updates its residual by recurrence: hold the true one to the tolerance.
    return solution.allFinite() && outcome.true_residual_norm <= 2 * tolerance_ * scale;
  }

  void set_relative_tolerance(double relative) override {
    tolerance_ = std::max(own_tolerance_, relative);
  }

  void set_threads(int threads) override { threads_.follow_threads(threads); }

  std::string name() const override { return "bicgstab/block_jacobi"; }

 private:
  static constexpr int kBlocksPerThread = 64;

  // The pattern row by row, and which column-major entry each row-major one copies
  // (source_): a counting sort of the entries by row, one pass over them. Columns are
  // visited in ascending order, so each row's entries come in ascending column order.
  // The copy then writes in order and gathers its reads (half the time of scattering the
  // writes). Eigen's conversion, which copies the values too, took twice as long: the
  // collapse's pattern changes at every step.
  void transpose_pattern(const SparseMatrix& matrix) {
    const int rows = static_cast<int>(matrix.rows());
    const int entries = static_cast<int>(matrix.nonZeros());
    rows_.resize(matrix.rows(), matrix.cols());
    rows_.resizeNonZeros(entries);
    int* row_start = rows_.outerIndexPtr();
    int* columns = rows_.innerIndexPtr();
    const int* outer = matrix.outerIndexPtr();
    const int* inner = matrix.innerIndexPtr();
    std::fill(row_start, row_start + rows + 1, 0);
    for (int k = 0; k < entries; ++k) ++row_start[inner[k] + 1];
    for (int row = 0; row < rows; ++row) row_start[row + 1] += row_start[row];
    cursor_.assign(row_start, row_start + rows);
    source_.resize(static_cast<std::size_t>(entries));
    for (int col = 0; col < matrix.outerSize(); ++col)
      for (int k = outer[col]; k < outer[col + 1]; ++k) {
        const int position = cursor_[static_cast<std::size_t>(inner[k])]++;
        columns[position] = col;
        source_[static_cast<std::size_t>(position)] = k;
      }
  }

  /// Rows [begin, end) of the tangent into the row-major copy.
  void copy_rows(const SparseMatrix& matrix, int begin, int end) {
    const double* values = matrix.valuePtr();
    double* target = rows_.valuePtr();
    const int* outer = rows_.outerIndexPtr();
    for (int k = outer[begin]; k < outer[end]; ++k)
      target[k] = values[source_[static_cast<std::size_t>(k)]];
  }

  double own_tolerance_;
  double tolerance_ = own_tolerance_;
  int max_iterations_;
  ThreadCountChoice threads_;
  RowMatrix rows_;
  std::vector<int> source_;
  std::vector<int> cursor_;  ///< transpose_pattern's, kept for its capacity
  BlockJacobi preconditioner_;
  // A solve wakes its team once (team_bicgstab.hpp); whether that pays is still measured
  // (thread_count_choice.hpp). The iterates do not depend on it.
  TeamBicgstab krylov_;
};

}  // namespace

std::unique_ptr<LinearSolver> make_bicgstab_solver(double tolerance, int max_iterations) {
  return std::make_unique<BicgstabSolver>(tolerance, max_iterations);
}

}  // namespace polydem

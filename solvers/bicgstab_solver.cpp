#include "solvers/bicgstab_solver.hpp"

#include <algorithm>
#include <vector>

#include <Eigen/IterativeLinearSolvers>

#include "solvers/block_jacobi.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {
namespace {

using RowMatrix = BlockJacobi::RowMatrix;

class BicgstabSolver final : public LinearSolver {
 public:
  BicgstabSolver(double tolerance, int max_iterations)
      : own_tolerance_(tolerance), max_iterations_(max_iterations) {}

  void analyze(const SparseMatrix& matrix) override {
    rows_ = matrix;  // the pattern, row by row
    // Which column-major entry each row-major one copies: columns are visited in ascending
    // order, so each row's entries fill in its own (ascending) column order. The copy then
    // writes in order and gathers its reads (half the time of scattering the writes).
    source_.resize(static_cast<std::size_t>(matrix.nonZeros()));
    std::vector<int> filled(static_cast<std::size_t>(matrix.rows()), 0);
    const int* outer = matrix.outerIndexPtr();
    const int* inner = matrix.innerIndexPtr();
    for (int col = 0; col < matrix.outerSize(); ++col)
      for (int k = outer[col]; k < outer[col + 1]; ++k) {
        const auto row = static_cast<std::size_t>(inner[k]);
        source_[static_cast<std::size_t>(rows_.outerIndexPtr()[row] + filled[row]++)] = k;
      }
    residual_.resize(matrix.rows());
    solver_.analyzePattern(rows_);
  }

  bool factorize(const SparseMatrix& matrix) override {
    const double* values = matrix.valuePtr();
    double* target = rows_.valuePtr();
    for (std::size_t k = 0; k < source_.size(); ++k) target[k] = values[source_[k]];
    solver_.setMaxIterations(max_iterations_);
    // The block inverses take about a microsecond each, enough to share from 64 blocks.
    solver_.preconditioner().set_threads(threads_.threads());
    solver_.factorize(rows_);
    return solver_.info() == Eigen::Success;
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    const double scale = rhs.norm();
    if (scale == 0) {
      solution.setZero(rhs.size());
      return true;
    }
    solver_.setTolerance(tolerance_);
    bool finite = false;
    // Timed per Krylov iteration: solves of one size take from a few to hundreds.
    threads_.run([&](int threads) {
      use_threads(threads);
      solution = solver_.solve(rhs);
      // BiCGSTAB updates its residual by recurrence: hold the true one to the tolerance.
      finite = solution.allFinite();
      if (finite) residual_.noalias() = rhs - rows_ * solution;
      return solver_.iterations() + 1;
    });
    return finite && residual_.norm() <= 2 * tolerance_ * scale;
  }

  void set_relative_tolerance(double relative) override {
    tolerance_ = std::max(own_tolerance_, relative);
  }

  void set_threads(int threads) override { threads_.follow_threads(threads); }

  std::string name() const override { return "bicgstab/block_jacobi"; }

 private:
  // A Krylov iteration is two products and two preconditioner applications, each a
  // parallel region of little work: whether the team pays for waking it is measured
  // (thread_count_choice.hpp). The iterates do not depend on it.
  void use_threads(int threads) {
    Eigen::setNbThreads(threads);
    solver_.preconditioner().set_threads(threads);
  }

  double own_tolerance_;
  double tolerance_ = own_tolerance_;
  int max_iterations_;
  ThreadCountChoice threads_;
  RowMatrix rows_;
  std::vector<int> source_;
  Eigen::VectorXd residual_;
  Eigen::BiCGSTAB<RowMatrix, BlockJacobi> solver_;
};

}  // namespace

std::unique_ptr<LinearSolver> make_bicgstab_solver(double tolerance, int max_iterations) {
  return std::make_unique<BicgstabSolver>(tolerance, max_iterations);
}

}  // namespace polydem

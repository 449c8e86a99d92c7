#include "solvers/bicgstab_solver.hpp"

#include <algorithm>
#include <vector>

#include <Eigen/IterativeLinearSolvers>

#include "solvers/block_jacobi.hpp"

namespace polydem {
namespace {

using RowMatrix = BlockJacobi::RowMatrix;

class BicgstabSolver final : public LinearSolver {
 public:
  BicgstabSolver(double tolerance, int max_iterations)
      : own_tolerance_(tolerance), max_iterations_(max_iterations) {}

  void analyze(const SparseMatrix& matrix) override {
    rows_ = matrix;  // the pattern, row by row
    // Where each column-major entry lies in the row-major copy: columns are visited in
    // ascending order, so each row's entries fill in its own (ascending) column order.
    position_.resize(static_cast<std::size_t>(matrix.nonZeros()));
    std::vector<int> filled(static_cast<std::size_t>(matrix.rows()), 0);
    const int* outer = matrix.outerIndexPtr();
    const int* inner = matrix.innerIndexPtr();
    for (int col = 0; col < matrix.outerSize(); ++col)
      for (int k = outer[col]; k < outer[col + 1]; ++k) {
        const auto row = static_cast<std::size_t>(inner[k]);
        position_[static_cast<std::size_t>(k)] = rows_.outerIndexPtr()[row] + filled[row]++;
      }
    residual_.resize(matrix.rows());
    solver_.analyzePattern(rows_);
    solver_.preconditioner().set_threads(threads_);
  }

  bool factorize(const SparseMatrix& matrix) override {
    const double* values = matrix.valuePtr();
    double* target = rows_.valuePtr();
    for (std::size_t k = 0; k < position_.size(); ++k) target[position_[k]] = values[k];
    solver_.setMaxIterations(max_iterations_);
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
    solution = solver_.solve(rhs);
    if (!solution.allFinite()) return false;
    // BiCGSTAB updates its residual by recurrence: hold the true one to the tolerance.
    residual_.noalias() = rhs - rows_ * solution;
    return residual_.norm() <= 2 * tolerance_ * scale;
  }

  void set_relative_tolerance(double relative) override {
    tolerance_ = std::max(own_tolerance_, relative);
  }

  void set_threads(int threads) override {
    threads_ = std::max(threads, 1);
    Eigen::setNbThreads(threads_);
    solver_.preconditioner().set_threads(threads_);
  }

  std::string name() const override { return "bicgstab/block_jacobi"; }

 private:
  double own_tolerance_;
  double tolerance_ = own_tolerance_;
  int max_iterations_;
  int threads_ = 1;
  RowMatrix rows_;
  std::vector<int> position_;
  Eigen::VectorXd residual_;
  Eigen::BiCGSTAB<RowMatrix, BlockJacobi> solver_;
};

}  // namespace

std::unique_ptr<LinearSolver> make_bicgstab_solver(double tolerance, int max_iterations) {
  return std::make_unique<BicgstabSolver>(tolerance, max_iterations);
}

}  // namespace polydem

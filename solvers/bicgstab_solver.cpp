#include "solvers/bicgstab_solver.hpp"

#include <algorithm>

#include <omp.h>

#include "solvers/block_jacobi.hpp"
#include "solvers/team_bicgstab.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {
namespace {

class BicgstabSolver final : public LinearSolver {
 public:
  BicgstabSolver(double tolerance, int max_iterations)
      : own_tolerance_(tolerance), max_iterations_(max_iterations) {}

  void analyze(const SparseMatrix& matrix) override {
    preconditioner_.analyzePattern(matrix);
    krylov_.analyze(preconditioner_);
  }

  bool factorize(const SparseMatrix& matrix) override {
    // The solves multiply by the tangent itself (stored by rows), which outlives them
    // as every back end's factorised matrix does (linear_solver.hpp).
    matrix_ = &matrix;
    const int blocks = preconditioner_.block_count();
    // A block's inverse takes about a microsecond: enough to share from 64 blocks.
    const int threads = blocks > kBlocksPerThread ? threads_.threads() : 1;
    int singular = 0;
#pragma omp parallel num_threads(threads) reduction(+ : singular)
    {
      const int team = omp_get_num_threads(), me = omp_get_thread_num();
      singular +=
          preconditioner_.invert_blocks(matrix, blocks * me / team, blocks * (me + 1) / team);
    }
    preconditioner_.set_singular_blocks(singular);
    return preconditioner_.info() == Eigen::Success;
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    if (matrix_ == nullptr) return false;
    const double scale = rhs.norm();
    if (scale == 0) {
      solution.setZero(rhs.size());
      return true;
    }
    TeamBicgstab::Outcome outcome;
    const auto solve_on = [&](int threads) {
      outcome = krylov_.solve(*matrix_, preconditioner_, rhs, solution, tolerance_, max_iterations_,
                              threads);
      return outcome.iterations + 1;
    };
    // Timed per Krylov iteration: solves of one size take from a few to hundreds.
    if (matrix_->rows() >= kRowsForTeam)
      threads_.run(matrix_->rows(), solve_on);
    else
      solve_on(1);
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
  /// Below this many equations a solve runs on the calling thread. The timing of the
  /// solve alone could choose the team there, but the run lost more than the solve
  /// gained: the 60 tetrapods (360 equations) to 1.5 s on two threads took 0.94 of the
  /// wall time with every solve on one thread (nine pairs of runs of one build,
  /// alternated: 0.87-1.09), the 45 cubes (270) to 1.5 s 0.97 (two pairs); the
  /// 1005-tetrapod collapse (6030) gains from the team (docs/performance.md, "Two
  /// threads on the development machine").
  static constexpr int kRowsForTeam = 1000;

  double own_tolerance_;
  double tolerance_ = own_tolerance_;
  int max_iterations_;
  ThreadCountChoice threads_;
  const SparseMatrix* matrix_ = nullptr;  ///< the last factorised tangent
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

// The default back end. Systems of kIterativeFrom equations or more go first to BiCGSTAB with
// body-block Jacobi on every thread (bicgstab_solver.hpp), with a direct solve behind it for
// each solve it fails; after kFailuresBeforeDirect failures in a row (a tangent block Jacobi
// does not suit: a static step's free bodies, rigid-node multipliers) the direct solve takes
// the rest of the analysis step. The direct solve is chosen per factorisation: CHOLMOD while
// the tangent is symmetric (and it succeeds, i.e. the matrix is positive definite), UMFPACK
// otherwise. Rigid-body tangents are symmetric only without gyroscopic and
// rotational-geometric terms, so the choice must be made on the values, and
// each back end analyses the pattern lazily the first time it is needed. Every choice
// depends on the system alone, never on timings: runs stay reproducible.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "solvers/auto_linear_solver.hpp"
#include "solvers/bicgstab_solver.hpp"
#include "solvers/cholmod_solver.hpp"
#include "solvers/direct_fallback.hpp"
#include "solvers/linear_solver_family.hpp"
#include "solvers/umfpack_solver.hpp"

namespace polydem {
namespace {

// Index of the transposed entry for every stored value (−1 where the pattern
// has no transpose). Computed once per pattern so the symmetry test allocates nothing.
std::vector<int> transpose_positions(const SparseMatrix& matrix) {
  std::vector<int> positions(static_cast<std::size_t>(matrix.nonZeros()), -1);
  const int* outer = matrix.outerIndexPtr();
  const int* inner = matrix.innerIndexPtr();
  for (int row = 0; row < matrix.outerSize(); ++row) {
    for (int k = outer[row]; k < outer[row + 1]; ++k) {
      const int column = inner[k];
      const int* begin = inner + outer[column];
      const int* end = inner + outer[column + 1];
      const int* found = std::lower_bound(begin, end, row);
      if (found != end && *found == row)
        positions[static_cast<std::size_t>(k)] = static_cast<int>(found - inner);
    }
  }
  return positions;
}

class AutoDirectSolver final : public LinearSolver {
 public:
  void analyze(const SparseMatrix& matrix) override {
    transpose_ = transpose_positions(matrix);
    umfpack_analyzed_ = cholmod_analyzed_ = false;
  }

  bool factorize(const SparseMatrix& matrix) override {
    if (is_symmetric(matrix)) {
      if (!cholmod_analyzed_) cholmod_->analyze(matrix);
      cholmod_analyzed_ = true;
      if (cholmod_->factorize(matrix)) {
        active_ = cholmod_.get();
        return true;
      }
    }
    if (!umfpack_analyzed_) umfpack_->analyze(matrix);
    umfpack_analyzed_ = true;
    active_ = umfpack_.get();
    return umfpack_->factorize(matrix);
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    return active_ != nullptr && active_->solve(rhs, solution);
  }

  std::string name() const override { return active_ ? active_->name() : "auto"; }

 private:
  bool is_symmetric(const SparseMatrix& matrix) const {
    const double* values = matrix.valuePtr();
    const auto count = static_cast<std::size_t>(matrix.nonZeros());
    double largest = 0;
    for (std::size_t k = 0; k < count; ++k) largest = std::max(largest, std::abs(values[k]));
    const double tolerance = 1e-13 * largest;
    for (std::size_t k = 0; k < count; ++k) {
      const int t = transpose_[k];
      if (t < 0 ? values[k] != 0.0 : std::abs(values[k] - values[t]) > tolerance) return false;
    }
    return true;
  }

  std::unique_ptr<LinearSolver> umfpack_ = make_umfpack_solver();
  std::unique_ptr<LinearSolver> cholmod_ = make_cholmod_solver();
  LinearSolver* active_ = nullptr;
  std::vector<int> transpose_;
  bool umfpack_analyzed_ = false;
  bool cholmod_analyzed_ = false;
};

// Measured on packs (docs/performance.md, "BiCGSTAB with body-block Jacobi"): from 240
// equations up (the smallest pack measured) the iterative solve costs 0.45-0.68 of the direct
// one per Newton iteration, on one thread, with the Newton iterations within the packings'
// spread.
constexpr int kIterativeFrom = 200;
constexpr int kFailuresBeforeDirect = 3;

class AutoLinearSolver final : public LinearSolver {
 public:
  void analyze(const SparseMatrix& matrix) override {
    iterative_on_ = !iterative_given_up_ && matrix.rows() >= kIterativeFrom;
    if (iterative_on_) {
      if (!iterative_) {
        iterative_ = with_direct_fallback(make_bicgstab_solver(1e-8, 500),
                                          std::make_unique<AutoDirectSolver>());
        iterative_->set_threads(threads_);
        iterative_->set_relative_tolerance(relative_tolerance_);
      }
      iterative_->analyze(matrix);
    } else {
      direct_.analyze(matrix);
    }
    direct_analyzed_ = !iterative_on_;
  }

  bool factorize(const SparseMatrix& matrix) override {
    if (iterative_given_up_) iterative_on_ = false;
    if (iterative_on_) return iterative_->factorize(matrix);
    if (!direct_analyzed_) direct_.analyze(matrix);
    direct_analyzed_ = true;
    return direct_.factorize(matrix);
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    if (!iterative_on_) return direct_.solve(rhs, solution);
    const bool solved = iterative_->solve(rhs, solution);
    const long failed = iterative_->take_fallbacks();
    fallbacks_ += failed;
    failures_in_a_row_ = failed > 0 ? failures_in_a_row_ + failed : 0;
    // From the next factorisation on, the direct solve alone.
    if (failures_in_a_row_ >= kFailuresBeforeDirect) iterative_given_up_ = true;
    return solved;
  }

  void set_relative_tolerance(double relative) override {
    relative_tolerance_ = relative;
    if (iterative_) iterative_->set_relative_tolerance(relative);
  }

  void set_threads(int threads) override {
    threads_ = threads;
    if (iterative_) iterative_->set_threads(threads);
  }

  std::string name() const override { return iterative_on_ ? iterative_->name() : direct_.name(); }

  long take_fallbacks() override { return std::exchange(fallbacks_, 0); }

 private:
  AutoDirectSolver direct_;
  std::unique_ptr<LinearSolver> iterative_;
  bool iterative_on_ = false;
  bool iterative_given_up_ = false;
  bool direct_analyzed_ = false;
  int failures_in_a_row_ = 0;
  long fallbacks_ = 0;
  int threads_ = 1;
  double relative_tolerance_ = 0;
};

ObjectSchema auto_params() {
  ObjectSchema schema{
      "auto",
      "From 200 equations (34 bodies): `bicgstab` first, a direct solve behind it for "
      "each solve it fails and for the rest of the step after three failures in a row. The "
      "direct solve: CHOLMOD while the tangent is symmetric positive definite, UMFPACK "
      "otherwise, decided at each factorisation."};
  schema.example = "auto";
  return schema;
}

LinearSolverChoice choose_auto(const ParamSet& set) {
  return one_process_back_end(set, make_auto_linear_solver);
}

}  // namespace

std::unique_ptr<LinearSolver> make_auto_linear_solver() {
  return std::make_unique<AutoLinearSolver>();
}

LinearSolverChoice automatic_linear_solver() { return choose_auto(default_linear_solver("auto")); }

POLYDEM_REGISTER(linear_solvers(), auto_params, choose_auto)

}  // namespace polydem

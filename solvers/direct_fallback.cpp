#include "solvers/direct_fallback.hpp"

#include <utility>

namespace polydem {
namespace {

class DirectFallback final : public LinearSolver {
 public:
  DirectFallback(std::unique_ptr<LinearSolver> iterative, std::unique_ptr<LinearSolver> direct)
      : iterative_(std::move(iterative)), direct_(std::move(direct)) {}

  // The direct back end analyses the pattern only when it is first needed:
  // in a run where the iterative one never fails it costs nothing.
  void analyze(const SparseMatrix& matrix) override {
    iterative_->analyze(matrix);
    direct_analyzed_ = false;
  }

  bool factorize(const SparseMatrix& matrix) override {
    // Newton keeps the tangent unchanged until the next factorisation (UMFPACK's
    // refinement relies on it too), so the direct back end may read it later.
    matrix_ = &matrix;
    direct_factorized_ = false;
    iterative_ready_ = iterative_->factorize(matrix);
    return iterative_ready_ || factorize_direct();
  }

  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    if (iterative_ready_ && iterative_->solve(rhs, solution)) return true;
    ++fallbacks_;
    return factorize_direct() && direct_->solve(rhs, solution);
  }

  void set_relative_tolerance(double relative) override {
    iterative_->set_relative_tolerance(relative);
  }

  void set_threads(int threads) override {
    iterative_->set_threads(threads);
    direct_->set_threads(threads);
  }

  std::string name() const override {
    return iterative_->name() + " (falling back on " + direct_->name() + ")";
  }

  long take_fallbacks() override { return std::exchange(fallbacks_, 0); }

 private:
  bool factorize_direct() {
    if (matrix_ == nullptr) return false;
    if (direct_factorized_) return direct_ok_;
    if (!direct_analyzed_) direct_->analyze(*matrix_);
    direct_analyzed_ = direct_factorized_ = true;
    direct_ok_ = direct_->factorize(*matrix_);
    return direct_ok_;
  }

  std::unique_ptr<LinearSolver> iterative_;
  std::unique_ptr<LinearSolver> direct_;
  const SparseMatrix* matrix_ = nullptr;  ///< the last factorised tangent
  bool iterative_ready_ = false;
  bool direct_analyzed_ = false;
  bool direct_factorized_ = false;  ///< of *matrix_
  bool direct_ok_ = false;
  long fallbacks_ = 0;
};

}  // namespace

std::unique_ptr<LinearSolver> with_direct_fallback(std::unique_ptr<LinearSolver> iterative,
                                                   std::unique_ptr<LinearSolver> direct) {
  return std::make_unique<DirectFallback>(std::move(iterative), std::move(direct));
}

}  // namespace polydem

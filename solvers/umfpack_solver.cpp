#include "solvers/umfpack_solver.hpp"

#include <Eigen/UmfPackSupport>

namespace polydem {
namespace {

class UmfpackSolver final : public LinearSolver {
 public:
  void analyze(const SparseMatrix& matrix) override { lu_.analyzePattern(matrix); }
  bool factorize(const SparseMatrix& matrix) override {
    lu_.factorize(matrix);
    return lu_.info() == Eigen::Success;
  }
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    solution = lu_.solve(rhs);
    return lu_.info() == Eigen::Success && solution.allFinite();
  }
  std::string name() const override { return "umfpack"; }

 private:
  Eigen::UmfPackLU<SparseMatrix> lu_;
};

}  // namespace

std::unique_ptr<LinearSolver> make_umfpack_solver() { return std::make_unique<UmfpackSolver>(); }

}  // namespace polydem

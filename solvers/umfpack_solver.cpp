#include "solvers/umfpack_solver.hpp"

#include <Eigen/UmfPackSupport>

#include "solvers/column_copy.hpp"
#include "solvers/linear_solver_family.hpp"

namespace polydem {
namespace {

class UmfpackSolver final : public LinearSolver {
 public:
  // UMFPACK refines every solve up to twice by default (a residual and a
  // solve each). Unrefined, the 1005-tetrapod tangent's residual is 2e-15
  // (9e-16 after a step), far below what Newton resolves, and a step cost a
  // third of each solve: the 60 tetrapods' linear solve per Newton iteration
  // fell from 1.95 to 1.51 ms (issue 30; docs/performance.md). Once, without
  // refinement, cli:mpi_decomposition_* saw the serial run's Newton iterations
  // drift by one from the decomposed run's; since 26f8431 they match unrefined.
  UmfpackSolver() { lu_.umfpackControl()(UMFPACK_IRSTEP) = 0; }

  void analyze(const SparseMatrix& matrix) override {
    lu_.analyzePattern(columns_.analyze(matrix));
  }
  bool factorize(const SparseMatrix& matrix) override {
    lu_.factorize(columns_.copy(matrix));
    return lu_.info() == Eigen::Success;
  }
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    solution = lu_.solve(rhs);
    return lu_.info() == Eigen::Success && solution.allFinite();
  }
  std::string name() const override { return "umfpack"; }

 private:
  ColumnCopy columns_;  ///< what the factorisation reads; outlives its solves
  Eigen::UmfPackLU<ColumnCopy::ColumnMatrix> lu_;
};

ObjectSchema umfpack_params() {
  ObjectSchema schema{"umfpack", "UMFPACK sparse LU (SuiteSparse): any tangent, symmetric or not."};
  schema.example = "umfpack";
  return schema;
}

LinearSolverChoice choose_umfpack(const ParamSet& set) {
  return one_process_back_end(set, make_umfpack_solver);
}

}  // namespace

std::unique_ptr<LinearSolver> make_umfpack_solver() { return std::make_unique<UmfpackSolver>(); }

POLYDEM_REGISTER(linear_solvers(), umfpack_params, choose_umfpack)

}  // namespace polydem

#include "solvers/umfpack_solver.hpp"

#include <Eigen/UmfPackSupport>

#include "solvers/linear_solver_family.hpp"

namespace polydem {
namespace {

class UmfpackSolver final : public LinearSolver {
 public:
  // UMFPACK refines every solve up to twice by default (a residual and a
  // solve each). On the 1005-tetrapod tangent one step already reaches the
  // backward error of two (residual 9e-16; 2e-15 without refinement) at 11
  // instead of 16 ms. Without any, the serial run's Newton iterations drifted
  // from a decomposed run's with PETSc by one (cli:mpi_decomposition_*):
  // equal counts there need both solves this accurate.
  UmfpackSolver() { lu_.umfpackControl()(UMFPACK_IRSTEP) = 1; }

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

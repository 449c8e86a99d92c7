#include "solvers/cholmod_solver.hpp"

#include <Eigen/CholmodSupport>

#include "solvers/column_copy.hpp"
#include "solvers/linear_solver_family.hpp"

namespace polydem {
namespace {

class CholmodSolver final : public LinearSolver {
 public:
  // "Not positive definite" is an answer here (factorize() returns false and the
  // automatic choice moves on to UMFPACK), not a warning for stderr.
  CholmodSolver() { llt_.cholmod().print = 0; }

  void analyze(const SparseMatrix& matrix) override {
    llt_.analyzePattern(columns_.analyze(matrix));
  }
  bool factorize(const SparseMatrix& matrix) override {
    llt_.factorize(columns_.copy(matrix));
    return llt_.info() == Eigen::Success;
  }
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override {
    solution = llt_.solve(rhs);
    return llt_.info() == Eigen::Success && solution.allFinite();
  }
  std::string name() const override { return "cholmod"; }

 private:
  ColumnCopy columns_;  ///< what the factorisation reads; outlives its solves
  Eigen::CholmodSupernodalLLT<ColumnCopy::ColumnMatrix, Eigen::Lower> llt_;
};

ObjectSchema cholmod_params() {
  ObjectSchema schema{
      "cholmod",
      "CHOLMOD supernodal Cholesky (SuiteSparse): symmetric positive definite tangents "
      "only; a step whose tangent is not fails."};
  schema.example = "cholmod";
  return schema;
}

LinearSolverChoice choose_cholmod(const ParamSet& set) {
  return one_process_back_end(set, make_cholmod_solver);
}

}  // namespace

std::unique_ptr<LinearSolver> make_cholmod_solver() { return std::make_unique<CholmodSolver>(); }

POLYDEM_REGISTER(linear_solvers(), cholmod_params, choose_cholmod)

}  // namespace polydem

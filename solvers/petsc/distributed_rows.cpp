#include "solvers/petsc/distributed_rows.hpp"

#include <optional>
#include <stdexcept>

#include "solvers/petsc/equation_exchange.hpp"
#include "solvers/petsc/petsc_check.hpp"
#include "solvers/petsc/petsc_rows.hpp"

namespace polydem {
namespace {

class DistributedRows final : public PetscLayout {
 public:
  explicit DistributedRows(const DistributedEquations& equations) : equations_(equations) {}

  void analyze(const SparseMatrix& matrix, MatHandle& global, VecHandle& rhs,
               VecHandle& solution) override {
    if (matrix.rows() != equations_.local_count())
      throw std::logic_error("the matrix is not this process's equations");
    rows_ = PetscRows(matrix, 0, equations_.local_count(), equations_.global_row);
    rows_.create_matrix(equations_.owned_count, equations_.global_count, global);
    petsc_check(MatCreateVecs(global.get(), solution.replace(), rhs.replace()), "MatCreateVecs");
    exchange_.emplace(equations_);
  }

  void copy_values(const SparseMatrix& matrix, Mat global) override {
    rows_.copy_values(matrix, global, ADD_VALUES);
  }

  void copy_rhs(const Eigen::VectorXd& rhs, Vec global) override {
    PetscScalar* owned = nullptr;
    petsc_check(VecGetArrayWrite(global, &owned), "VecGetArrayWrite");
    for (int local = 0; local < equations_.local_count(); ++local)
      if (equations_.owns(local))
        owned[equations_.global_row[static_cast<std::size_t>(local)] - equations_.first_owned] =
            rhs[local];
    petsc_check(VecRestoreArrayWrite(global, &owned), "VecRestoreArrayWrite");
  }

  void copy_solution(Vec global, Eigen::VectorXd& solution) override {
    exchange_->to_local(global, solution);
  }

 private:
  const DistributedEquations& equations_;
  PetscRows rows_;
  std::optional<EquationExchange> exchange_;
};

}  // namespace

std::unique_ptr<PetscLayout> make_distributed_rows(const DistributedEquations& equations) {
  return std::make_unique<DistributedRows>(equations);
}

}  // namespace polydem

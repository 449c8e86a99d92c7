#include "solvers/petsc/replicated_rows.hpp"

#include "solvers/parallel_runtime.hpp"
#include "solvers/petsc/petsc_check.hpp"
#include "solvers/petsc/petsc_rows.hpp"

namespace polydem {
namespace {

class ReplicatedRows final : public PetscLayout {
 public:
  void analyze(const SparseMatrix& matrix, MatHandle& global, VecHandle& rhs,
               VecHandle& solution) override {
    size_ = static_cast<int>(matrix.rows());
    std::tie(first_, last_) = balanced_rows(size_, parallel::size(), parallel::rank());
    rows_ = PetscRows(matrix, first_, last_, {});
    rows_.create_matrix(last_ - first_, size_, global);
    // Each process has the whole matrix: no entry goes to another one.
    petsc_check(MatSetOption(global.get(), MAT_NO_OFF_PROC_ENTRIES, PETSC_TRUE), "MatSetOption");
    petsc_check(MatCreateVecs(global.get(), solution.replace(), rhs.replace()), "MatCreateVecs");
    petsc_check(VecScatterCreateToAll(solution.get(), gather_.replace(), gathered_.replace()),
                "VecScatterCreateToAll");
  }

  void copy_values(const SparseMatrix& matrix, Mat global) override {
    rows_.copy_values(matrix, global, INSERT_VALUES);
  }

  void copy_rhs(const Eigen::VectorXd& rhs, Vec global) override {
    PetscScalar* local = nullptr;
    petsc_check(VecGetArrayWrite(global, &local), "VecGetArrayWrite");
    for (int row = first_; row < last_; ++row) local[row - first_] = rhs[row];
    petsc_check(VecRestoreArrayWrite(global, &local), "VecRestoreArrayWrite");
  }

  void copy_solution(Vec global, Eigen::VectorXd& solution) override {
    petsc_check(
        VecScatterBegin(gather_.get(), global, gathered_.get(), INSERT_VALUES, SCATTER_FORWARD),
        "VecScatterBegin");
    petsc_check(
        VecScatterEnd(gather_.get(), global, gathered_.get(), INSERT_VALUES, SCATTER_FORWARD),
        "VecScatterEnd");
    const PetscScalar* all = nullptr;
    petsc_check(VecGetArrayRead(gathered_.get(), &all), "VecGetArrayRead");
    solution = Eigen::Map<const Eigen::VectorXd>(all, size_);
    petsc_check(VecRestoreArrayRead(gathered_.get(), &all), "VecRestoreArrayRead");
  }

 private:
  int size_ = 0;
  int first_ = 0;
  int last_ = 0;
  PetscRows rows_;
  VecHandle gathered_;  ///< the whole solution on every process
  VecScatterHandle gather_;
};

}  // namespace

std::unique_ptr<PetscLayout> make_replicated_rows() { return std::make_unique<ReplicatedRows>(); }

}  // namespace polydem

#include "solvers/petsc/equation_exchange.hpp"

#include <algorithm>

#include "solvers/petsc/petsc_check.hpp"

namespace polydem {
namespace {

using IsHandle = PetscHandle<IS, ISDestroy>;

}  // namespace

EquationExchange::EquationExchange(const DistributedEquations& equations) {
  petsc_check(VecCreateMPI(PETSC_COMM_WORLD, equations.owned_count, equations.global_count,
                           owned_.replace()),
              "VecCreateMPI");
  petsc_check(VecCreateSeq(PETSC_COMM_SELF, equations.local_count(), local_.replace()),
              "VecCreateSeq");
  IsHandle rows;
  petsc_check(ISCreateGeneral(PETSC_COMM_SELF, equations.local_count(), equations.global_row.data(),
                              PETSC_COPY_VALUES, rows.replace()),
              "ISCreateGeneral");
  petsc_check(VecScatterCreate(owned_.get(), rows.get(), local_.get(), nullptr, scatter_.replace()),
              "VecScatterCreate");
}

void EquationExchange::to_local(Vec global, Eigen::VectorXd& local) {
  petsc_check(VecScatterBegin(scatter_.get(), global, local_.get(), INSERT_VALUES, SCATTER_FORWARD),
              "VecScatterBegin");
  petsc_check(VecScatterEnd(scatter_.get(), global, local_.get(), INSERT_VALUES, SCATTER_FORWARD),
              "VecScatterEnd");
  const PetscScalar* values = nullptr;
  PetscInt count = 0;
  petsc_check(VecGetLocalSize(local_.get(), &count), "VecGetLocalSize");
  petsc_check(VecGetArrayRead(local_.get(), &values), "VecGetArrayRead");
  local = Eigen::Map<const Eigen::VectorXd>(values, count);
  petsc_check(VecRestoreArrayRead(local_.get(), &values), "VecRestoreArrayRead");
}

void EquationExchange::add_to_owners(const Eigen::VectorXd& local, Vec global) {
  PetscScalar* values = nullptr;
  petsc_check(VecGetArrayWrite(local_.get(), &values), "VecGetArrayWrite");
  std::copy(local.data(), local.data() + local.size(), values);
  petsc_check(VecRestoreArrayWrite(local_.get(), &values), "VecRestoreArrayWrite");
  petsc_check(VecSet(global, 0.0), "VecSet");
  petsc_check(VecScatterBegin(scatter_.get(), local_.get(), global, ADD_VALUES, SCATTER_REVERSE),
              "VecScatterBegin");
  petsc_check(VecScatterEnd(scatter_.get(), local_.get(), global, ADD_VALUES, SCATTER_REVERSE),
              "VecScatterEnd");
}

}  // namespace polydem

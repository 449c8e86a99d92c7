#include "solvers/petsc/petsc_linear_solver.hpp"

#include <petscksp.h>

#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "solvers/parallel_runtime.hpp"
#include "solvers/petsc/petsc_check.hpp"
#include "solvers/petsc/petsc_handle.hpp"
#include "solvers/row_block.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

static_assert(std::is_same_v<PetscInt, int>, "RowBlock's indices go to PETSc as they are");
static_assert(std::is_same_v<PetscScalar, double>, "the tangent's values go to PETSc as they are");

// Makes the solver's own options database PETSc's default for a scope, so that
// whichever object reads options (KSP, PC, sub-solvers, MUMPS) reads this
// solver's, and two steps' options never mix.
class ScopedOptions {
 public:
  explicit ScopedOptions(PetscOptions options) {
    petsc_check(PetscOptionsPush(options), "PetscOptionsPush");
  }
  ~ScopedOptions() { PetscOptionsPop(); }
  ScopedOptions(const ScopedOptions&) = delete;
  ScopedOptions& operator=(const ScopedOptions&) = delete;
};

// Newton must take the same branch on every rank, or the ranks part in a collective call.
bool on_every_rank(bool value) {
  int local = value ? 1 : 0;
  int all = 0;
  MPI_Allreduce(&local, &all, 1, MPI_INT, MPI_LAND, PETSC_COMM_WORLD);
  return all != 0;
}

bool mumps_available() {
  petsc_check(MatInitializePackage(), "MatInitializePackage");  // registers the solver packages
  PetscBool package_found = PETSC_FALSE;
  PetscBool matrix_type_found = PETSC_FALSE;
  MatSolverFunction create_factor = nullptr;
  petsc_check(MatSolverTypeGet(MATSOLVERMUMPS, MATMPIAIJ, MAT_FACTOR_LU, &package_found,
                               &matrix_type_found, &create_factor),
              "MatSolverTypeGet");
  return create_factor != nullptr;
}

// GMRES is converged far enough that Newton keeps its quadratic rate.
void set_default_method(KSP ksp) {
  PC pc = nullptr;
  petsc_check(KSPGetPC(ksp, &pc), "KSPGetPC");
  if (mumps_available()) {
    petsc_check(KSPSetType(ksp, KSPPREONLY), "KSPSetType");
    petsc_check(PCSetType(pc, PCLU), "PCSetType");
    petsc_check(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS), "PCFactorSetMatSolverType");
  } else {
    petsc_check(KSPSetType(ksp, KSPGMRES), "KSPSetType");
    petsc_check(PCSetType(pc, PCBJACOBI), "PCSetType");
    petsc_check(KSPSetTolerances(ksp, 1e-12, PETSC_DEFAULT, PETSC_DEFAULT, 1000),
                "KSPSetTolerances");
  }
}

class PetscLinearSolver final : public LinearSolver {
 public:
  explicit PetscLinearSolver(std::string_view options);

  void analyze(const SparseMatrix& matrix) override;
  bool factorize(const SparseMatrix& matrix) override;
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override;
  std::string name() const override;

 private:
  void configure(std::string_view options);
  void create_matrix();
  void copy_values(const SparseMatrix& matrix);
  void copy_rhs(const Eigen::VectorXd& rhs);
  void gather_solution(Eigen::VectorXd& solution);
  void report_unused_options();

  PetscOptionsHandle options_;
  KspHandle ksp_;
  MatHandle matrix_;
  VecHandle rhs_;
  VecHandle solution_;
  VecHandle gathered_;  ///< the whole solution on every rank
  VecScatterHandle gather_;
  RowBlock rows_;
  std::vector<double> values_;  ///< rows_' values, compressed-row order
  int size_ = 0;
  bool last_factorization_failed_ = false;
  bool unused_options_reported_ = false;
};

PetscLinearSolver::PetscLinearSolver(std::string_view options) {
  parallel::start();
  try {
    configure(options);
  } catch (const LibraryError& error) {
    throw LinearSolverOptionsError(error.what());
  }
}

void PetscLinearSolver::configure(std::string_view options) {
  petsc_check(PetscOptionsCreate(options_.replace()), "PetscOptionsCreate");
  petsc_check(PetscOptionsInsertString(options_.get(), std::string(options).c_str()),
              "PetscOptionsInsertString");
  ScopedOptions scope(options_.get());
  petsc_check(KSPCreate(PETSC_COMM_WORLD, ksp_.replace()), "KSPCreate");
  set_default_method(ksp_.get());
  petsc_check(KSPSetFromOptions(ksp_.get()), "KSPSetFromOptions");
}

void PetscLinearSolver::analyze(const SparseMatrix& matrix) {
  size_ = static_cast<int>(matrix.rows());
  const auto [first, last] = balanced_rows(size_, parallel::size(), parallel::rank());
  rows_ = row_block(matrix, first, last);
  create_matrix();
  petsc_check(MatCreateVecs(matrix_.get(), solution_.replace(), rhs_.replace()), "MatCreateVecs");
  petsc_check(VecScatterCreateToAll(solution_.get(), gather_.replace(), gathered_.replace()),
              "VecScatterCreateToAll");
  petsc_check(KSPSetOperators(ksp_.get(), matrix_.get(), matrix_.get()), "KSPSetOperators");
}

// Preallocated exactly: the first copy_values fixes the pattern, later ones
// change values only, so PETSc keeps the symbolic factorisation.
void PetscLinearSolver::create_matrix() {
  const int local_rows = rows_.row_count();
  std::vector<PetscInt> diagonal_block(static_cast<std::size_t>(local_rows), 0);
  std::vector<PetscInt> off_diagonal_block(static_cast<std::size_t>(local_rows), 0);
  for (int row = 0; row < local_rows; ++row) {
    for (int k = rows_.offsets[static_cast<std::size_t>(row)];
         k < rows_.offsets[static_cast<std::size_t>(row) + 1]; ++k) {
      const int column = rows_.columns[static_cast<std::size_t>(k)];
      if (column >= rows_.first && column < rows_.last)
        ++diagonal_block[static_cast<std::size_t>(row)];
      else
        ++off_diagonal_block[static_cast<std::size_t>(row)];
    }
  }
  petsc_check(MatCreate(PETSC_COMM_WORLD, matrix_.replace()), "MatCreate");
  Mat matrix = matrix_.get();
  petsc_check(MatSetSizes(matrix, local_rows, local_rows, size_, size_), "MatSetSizes");
  petsc_check(MatSetType(matrix, MATMPIAIJ), "MatSetType");
  petsc_check(
      MatMPIAIJSetPreallocation(matrix, 0, diagonal_block.data(), 0, off_diagonal_block.data()),
      "MatMPIAIJSetPreallocation");
  petsc_check(MatSetOption(matrix, MAT_NO_OFF_PROC_ENTRIES, PETSC_TRUE), "MatSetOption");
}

void PetscLinearSolver::copy_values(const SparseMatrix& matrix) {
  rows_.gather(matrix, values_);
  Mat target = matrix_.get();
  for (int row = 0; row < rows_.row_count(); ++row) {
    const int begin = rows_.offsets[static_cast<std::size_t>(row)];
    const int count = rows_.offsets[static_cast<std::size_t>(row) + 1] - begin;
    const PetscInt global_row = rows_.first + row;
    petsc_check(MatSetValues(target, 1, &global_row, count, rows_.columns.data() + begin,
                             values_.data() + begin, INSERT_VALUES),
                "MatSetValues");
  }
  petsc_check(MatAssemblyBegin(target, MAT_FINAL_ASSEMBLY), "MatAssemblyBegin");
  petsc_check(MatAssemblyEnd(target, MAT_FINAL_ASSEMBLY), "MatAssemblyEnd");
}

bool PetscLinearSolver::factorize(const SparseMatrix& matrix) {
  copy_values(matrix);
  ScopedOptions scope(options_.get());
  if (last_factorization_failed_) {
    // PETSc 3.18's MUMPS interface skips every numeric factorisation after a
    // failed one (its error code stays set): start the factorisation afresh.
    petsc_check(KSPReset(ksp_.get()), "KSPReset");
    petsc_check(KSPSetOperators(ksp_.get(), matrix_.get(), matrix_.get()), "KSPSetOperators");
  }
  petsc_check(KSPSetUp(ksp_.get()), "KSPSetUp");
  petsc_check(KSPSetUpOnBlocks(ksp_.get()), "KSPSetUpOnBlocks");
  PC pc = nullptr;
  petsc_check(KSPGetPC(ksp_.get(), &pc), "KSPGetPC");
  PCFailedReason reason = PC_NOERROR;
  petsc_check(PCGetFailedReason(pc, &reason), "PCGetFailedReason");
  last_factorization_failed_ = !on_every_rank(reason == PC_NOERROR);
  return !last_factorization_failed_;
}

bool PetscLinearSolver::solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) {
  copy_rhs(rhs);
  KSPConvergedReason reason = KSP_CONVERGED_ITERATING;
  {
    ScopedOptions scope(options_.get());
    petsc_check(KSPSolve(ksp_.get(), rhs_.get(), solution_.get()), "KSPSolve");
    petsc_check(KSPGetConvergedReason(ksp_.get(), &reason), "KSPGetConvergedReason");
  }
  gather_solution(solution);
  report_unused_options();
  return reason > 0 && solution.allFinite();
}

void PetscLinearSolver::copy_rhs(const Eigen::VectorXd& rhs) {
  PetscScalar* local = nullptr;
  petsc_check(VecGetArrayWrite(rhs_.get(), &local), "VecGetArrayWrite");
  for (int row = 0; row < rows_.row_count(); ++row) local[row] = rhs[rows_.first + row];
  petsc_check(VecRestoreArrayWrite(rhs_.get(), &local), "VecRestoreArrayWrite");
}

void PetscLinearSolver::gather_solution(Eigen::VectorXd& solution) {
  petsc_check(VecScatterBegin(gather_.get(), solution_.get(), gathered_.get(), INSERT_VALUES,
                              SCATTER_FORWARD),
              "VecScatterBegin");
  petsc_check(VecScatterEnd(gather_.get(), solution_.get(), gathered_.get(), INSERT_VALUES,
                            SCATTER_FORWARD),
              "VecScatterEnd");
  const PetscScalar* all = nullptr;
  petsc_check(VecGetArrayRead(gathered_.get(), &all), "VecGetArrayRead");
  solution = Eigen::Map<const Eigen::VectorXd>(all, size_);
  petsc_check(VecRestoreArrayRead(gathered_.get(), &all), "VecRestoreArrayRead");
}

// PETSc ignores options nobody asked for; a misspelt one would go unnoticed.
// Reported after the first solve, when KSP, PC and the factorisation have read theirs.
void PetscLinearSolver::report_unused_options() {
  if (unused_options_reported_) return;
  unused_options_reported_ = true;
  PetscInt count = 0;
  char** names = nullptr;
  char** values = nullptr;
  petsc_check(PetscOptionsLeftGet(options_.get(), &count, &names, &values), "PetscOptionsLeftGet");
  if (count > 0 && parallel::rank() == 0) {
    std::cerr << "polydem: warning: PETSc options not used by " << name() << ":";
    for (PetscInt k = 0; k < count; ++k) std::cerr << " -" << names[k];
    std::cerr << "\n";
  }
  petsc_check(PetscOptionsLeftRestore(options_.get(), &count, &names, &values),
              "PetscOptionsLeftRestore");
}

std::string PetscLinearSolver::name() const {
  KSPType method = nullptr;
  PC pc = nullptr;
  PCType preconditioner = nullptr;
  MatSolverType package = nullptr;
  petsc_check(KSPGetType(ksp_.get(), &method), "KSPGetType");
  petsc_check(KSPGetPC(ksp_.get(), &pc), "KSPGetPC");
  petsc_check(PCGetType(pc, &preconditioner), "PCGetType");
  petsc_check(PCFactorGetMatSolverType(pc, &package), "PCFactorGetMatSolverType");
  std::string text = std::string("petsc/") + (method ? method : "?") + "+" +
                     (preconditioner ? preconditioner : "?");
  if (package != nullptr) text += std::string("/") + package;
  return text;
}

}  // namespace

std::unique_ptr<LinearSolver> make_petsc_linear_solver(std::string_view options) {
  return std::make_unique<PetscLinearSolver>(options);
}

}  // namespace polydem

#include "solvers/petsc/petsc_linear_solver.hpp"

#include <petscksp.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

#include "solvers/parallel_runtime.hpp"
#include "solvers/petsc/distributed_rows.hpp"
#include "solvers/petsc/petsc_check.hpp"
#include "solvers/petsc/petsc_handle.hpp"
#include "solvers/petsc/replicated_rows.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

static_assert(std::is_same_v<PetscInt, int>, "RowBlock's indices go to PETSc as they are");

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
  PetscLinearSolver(std::string_view options, std::unique_ptr<PetscLayout> layout);

  void analyze(const SparseMatrix& matrix) override;
  bool factorize(const SparseMatrix& matrix) override;
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& solution) override;
  std::string name() const override;
  void set_relative_tolerance(double relative) override { requested_tolerance_ = relative; }

 private:
  void configure(std::string_view options);
  /// A KSP made afresh from the options; within a ScopedOptions of them (a push of the
  /// options already pushed would lose PETSc's default options).
  void make_ksp();
  void report_unused_options();

  std::unique_ptr<PetscLayout> layout_;
  PetscOptionsHandle options_;
  KspHandle ksp_;
  MatHandle matrix_;
  VecHandle rhs_;
  VecHandle solution_;
  bool last_factorization_failed_ = false;
  bool rebuilds_each_factorization_ = false;  ///< the preconditioner is GAMG
  bool unused_options_reported_ = false;
  double own_tolerance_ = 0;        ///< the relative tolerance the options set
  double requested_tolerance_ = 0;  ///< set_relative_tolerance's; 0: own_tolerance_
};

PetscLinearSolver::PetscLinearSolver(std::string_view options, std::unique_ptr<PetscLayout> layout)
    : layout_(std::move(layout)) {
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
  {
    ScopedOptions scope(options_.get());
    make_ksp();
  }
  petsc_check(KSPGetTolerances(ksp_.get(), &own_tolerance_, nullptr, nullptr, nullptr),
              "KSPGetTolerances");
  PC pc = nullptr;
  petsc_check(KSPGetPC(ksp_.get(), &pc), "KSPGetPC");
  PetscBool gamg = PETSC_FALSE;
  petsc_check(PetscObjectTypeCompare(reinterpret_cast<PetscObject>(pc), PCGAMG, &gamg),
              "PetscObjectTypeCompare");
  rebuilds_each_factorization_ = gamg == PETSC_TRUE;
}

void PetscLinearSolver::make_ksp() {
  petsc_check(KSPCreate(PETSC_COMM_WORLD, ksp_.replace()), "KSPCreate");
  set_default_method(ksp_.get());
  petsc_check(KSPSetFromOptions(ksp_.get()), "KSPSetFromOptions");
}

void PetscLinearSolver::analyze(const SparseMatrix& matrix) {
  layout_->analyze(matrix, matrix_, rhs_, solution_);
  // Under domain decomposition a new pattern may come with new row blocks, which a
  // KSP that has been set up refuses; and PETSc 3.18's variable point-block Jacobi,
  // even reset, keeps the workspace of the old blocks (more rows overran it). A new
  // pattern gets a new KSP.
  ScopedOptions scope(options_.get());
  make_ksp();
  petsc_check(KSPSetOperators(ksp_.get(), matrix_.get(), matrix_.get()), "KSPSetOperators");
}

bool PetscLinearSolver::factorize(const SparseMatrix& matrix) {
  layout_->copy_values(matrix, matrix_.get());
  ScopedOptions scope(options_.get());
  if (rebuilds_each_factorization_) {
    // GAMG's coarse levels follow the values (the aggregates change with the
    // tangent), and PETSc 3.18's coarse solvers, even reset, refuse new sizes.
    make_ksp();
    petsc_check(KSPSetOperators(ksp_.get(), matrix_.get(), matrix_.get()), "KSPSetOperators");
  } else if (last_factorization_failed_) {
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
  layout_->copy_rhs(rhs, rhs_.get());
  KSPConvergedReason reason = KSP_CONVERGED_ITERATING;
  {
    ScopedOptions scope(options_.get());
    petsc_check(KSPSetTolerances(ksp_.get(), std::max(own_tolerance_, requested_tolerance_),
                                 PETSC_DEFAULT, PETSC_DEFAULT, PETSC_DEFAULT),
                "KSPSetTolerances");
    petsc_check(KSPSolve(ksp_.get(), rhs_.get(), solution_.get()), "KSPSolve");
    petsc_check(KSPGetConvergedReason(ksp_.get(), &reason), "KSPGetConvergedReason");
  }
  layout_->copy_solution(solution_.get(), solution);
  report_unused_options();
  return on_every_rank(reason > 0 && solution.allFinite());
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
  return std::make_unique<PetscLinearSolver>(options, make_replicated_rows());
}

std::unique_ptr<LinearSolver> make_distributed_petsc_solver(std::string_view options,
                                                            const DistributedEquations& equations) {
  return std::make_unique<PetscLinearSolver>(options, make_distributed_rows(equations));
}

}  // namespace polydem

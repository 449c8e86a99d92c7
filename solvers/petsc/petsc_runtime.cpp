// parallel_runtime.hpp with PETSc: PETSc initialises and finalises MPI.
#include <petscsys.h>

#include <cstdlib>
#include <stdexcept>

#include "solvers/parallel_runtime.hpp"
#include "solvers/petsc/petsc_check.hpp"

namespace polydem::parallel {
namespace {

enum class State { NotStarted, Running, Finished };

State state = State::NotStarted;
int this_rank = 0;
int rank_count = 1;

// PETSc keeps argv for the whole run. polydem's own arguments are not PETSc
// options, and PETSc's signal handler stays off so that a crash reports as it
// would without PETSc.
char program_name[] = "polydem";
char no_signal_handler[] = "-no_signal_handler";
char* petsc_arguments[] = {program_name, no_signal_handler, nullptr};

}  // namespace

void start() {
  if (state == State::Running) return;
  if (state == State::Finished)
    throw std::logic_error("PETSc was already finalised: MPI cannot start twice in one process");
  int argc = 2;
  char** argv = petsc_arguments;
  petsc_check(PetscInitialize(&argc, &argv, nullptr, nullptr), "PetscInitialize");
  state = State::Running;
  install_petsc_error_handler();
  MPI_Comm_rank(PETSC_COMM_WORLD, &this_rank);
  MPI_Comm_size(PETSC_COMM_WORLD, &rank_count);
}

bool started() { return state == State::Running; }

void finish() {
  if (state != State::Running) return;
  state = State::Finished;
  PetscFinalize();  // nothing useful is left to do when finalisation itself fails
}

int rank() { return this_rank; }
int size() { return rank_count; }

void abort_all(int exit_code) {
  if (state == State::Running) MPI_Abort(PETSC_COMM_WORLD, exit_code);
  std::exit(exit_code);
}

}  // namespace polydem::parallel

// parallel_runtime.hpp for a build without PETSc: one process, no MPI.
#if !POLYDEM_WITH_PETSC

#include <cstdlib>

#include "solvers/mpi_launcher.hpp"
#include "solvers/parallel_runtime.hpp"
#include "src/core/errors.hpp"

namespace polydem::parallel {

void start() {
  if (mpi_launcher_size() > 1)
    throw InputError(
        "this polydem was built without PETSc and runs as one process; start it without mpirun "
        "(or rebuild with petsc-dev installed)");
}
bool started() { return false; }
void finish() {}
int rank() { return 0; }
int size() { return 1; }
void abort_all(int exit_code) { std::exit(exit_code); }

}  // namespace polydem::parallel

#endif

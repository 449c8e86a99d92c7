// The processes of one run. With PETSc compiled in, start() brings up PETSc
// (and with it MPI) once per process and finish() ends it; every rank holds the
// whole model and PETSc distributes the linear solves. Without PETSc, or
// before start(), a process is rank 0 of 1.
#pragma once

namespace polydem::parallel {

/// Initialises PETSc and MPI; later calls do nothing. Throws LibraryError when
/// PETSc fails to start, std::logic_error after finish() (MPI cannot restart),
/// and, in a build without PETSc, InputError under an MPI launcher that
/// started more than one process.
void start();
bool started();
/// Finalises PETSc and MPI if start() ran; later calls do nothing.
void finish();

/// This process's rank in the run and the number of ranks (0 and 1 unless started).
int rank();
int size();

/// Ends every rank of the run with this exit code: for errors that not every
/// rank may have met, where a clean exit on one rank would leave the others
/// waiting in a collective call.
[[noreturn]] void abort_all(int exit_code);

/// Calls finish() at the end of its scope; main holds one so that PETSc ends
/// after the last message is printed.
class Session {
 public:
  Session() = default;
  ~Session() { finish(); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

}  // namespace polydem::parallel

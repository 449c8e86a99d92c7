// What an MPI launcher (Open MPI's mpirun, MPICH's Hydra, Intel MPI) tells a
// process through its environment before MPI is initialised: whether a run is
// parallel can be decided without paying for MPI_Init in a serial run.
#pragma once

namespace polydem {

/// Processes the launcher started in the whole run; 1 when none started this one.
int mpi_launcher_size();
/// Processes the launcher started on this machine; 1 when none (or unknown).
int mpi_launcher_local_size();

}  // namespace polydem

#include "solvers/mpi_launcher.hpp"

#include <cstdlib>
#include <initializer_list>

namespace polydem {
namespace {

// The first of the variables that is set and holds a positive count, else 1.
int count_from_environment(std::initializer_list<const char*> names) {
  for (const char* name : names) {
    const char* text = std::getenv(name);
    if (text == nullptr) continue;
    const long count = std::strtol(text, nullptr, 10);
    if (count > 0) return static_cast<int>(count);
  }
  return 1;
}

}  // namespace

int mpi_launcher_size() { return count_from_environment({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}); }

int mpi_launcher_local_size() {
  return count_from_environment({"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"});
}

}  // namespace polydem

#include "src/parallel/mpi/collectives.hpp"

#include <mpi.h>
#include <petscsys.h>

#include <numeric>

#include "solvers/parallel_runtime.hpp"

namespace polydem::collective {
namespace {

Traffic counted;

void count(double bytes) {
  ++counted.calls;
  counted.bytes += bytes;
}

std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> offsets(counts.size(), 0);
  if (!counts.empty()) std::partial_sum(counts.begin(), counts.end() - 1, offsets.begin() + 1);
  return offsets;
}

std::vector<std::string> split(const std::string& all, const std::vector<int>& counts) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (const int n : counts) {
    parts.push_back(all.substr(at, static_cast<std::size_t>(n)));
    at += static_cast<std::size_t>(n);
  }
  return parts;
}

std::vector<int> gathered_counts(int mine) {
  std::vector<int> counts(static_cast<std::size_t>(parallel::size()));
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, PETSC_COMM_WORLD);
  return counts;
}

}  // namespace

double max(double value) {
  double result = 0;
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, PETSC_COMM_WORLD);
  count(sizeof value);
  return result;
}

bool all(bool value) {
  int local = value ? 1 : 0, result = 0;
  MPI_Allreduce(&local, &result, 1, MPI_INT, MPI_LAND, PETSC_COMM_WORLD);
  count(sizeof local);
  return result != 0;
}

bool any(bool value) { return !all(!value); }

std::uint64_t sum(std::uint64_t value) {
  std::uint64_t result = 0;
  MPI_Allreduce(&value, &result, 1, MPI_UINT64_T, MPI_SUM, PETSC_COMM_WORLD);
  count(sizeof value);
  return result;
}

void sum(std::span<double> values) {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM,
                PETSC_COMM_WORLD);
  count(static_cast<double>(values.size_bytes()));
}

std::vector<double> gather(std::span<const double> mine) {
  const std::vector<int> counts = gathered_counts(static_cast<int>(mine.size()));
  const std::vector<int> offsets = displacements(counts);
  std::vector<double> all(static_cast<std::size_t>(offsets.back() + counts.back()));
  MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_DOUBLE, all.data(), counts.data(),
                 offsets.data(), MPI_DOUBLE, PETSC_COMM_WORLD);
  count(static_cast<double>(mine.size_bytes()));
  return all;
}

std::vector<std::string> gather(const std::string& mine) {
  const std::vector<int> counts = gathered_counts(static_cast<int>(mine.size()));
  const std::vector<int> offsets = displacements(counts);
  std::string all(static_cast<std::size_t>(offsets.back() + counts.back()), '\0');
  MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_CHAR, all.data(), counts.data(),
                 offsets.data(), MPI_CHAR, PETSC_COMM_WORLD);
  count(static_cast<double>(mine.size()));
  return split(all, counts);
}

std::vector<std::string> gather_on_first(const std::string& mine) {
  const int size = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(parallel::size()));
  MPI_Gather(&size, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, PETSC_COMM_WORLD);
  const std::vector<int> offsets = displacements(counts);
  std::string all(
      parallel::rank() == 0 ? static_cast<std::size_t>(offsets.back() + counts.back()) : 0, '\0');
  MPI_Gatherv(mine.data(), size, MPI_CHAR, all.data(), counts.data(), offsets.data(), MPI_CHAR, 0,
              PETSC_COMM_WORLD);
  count(static_cast<double>(mine.size()));
  return parallel::rank() == 0 ? split(all, counts) : std::vector<std::string>{};
}

std::vector<std::string> exchange(const std::vector<std::string>& to_each) {
  std::vector<int> send_counts;
  std::string sent;
  for (const std::string& part : to_each) {
    send_counts.push_back(static_cast<int>(part.size()));
    sent += part;
  }
  std::vector<int> receive_counts(to_each.size());
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, PETSC_COMM_WORLD);
  const std::vector<int> send_offsets = displacements(send_counts);
  const std::vector<int> receive_offsets = displacements(receive_counts);
  std::string received(static_cast<std::size_t>(receive_offsets.back() + receive_counts.back()),
                       '\0');
  MPI_Alltoallv(sent.data(), send_counts.data(), send_offsets.data(), MPI_CHAR, received.data(),
                receive_counts.data(), receive_offsets.data(), MPI_CHAR, PETSC_COMM_WORLD);
  count(static_cast<double>(sent.size()));
  return split(received, receive_counts);
}

Traffic traffic() { return counted; }

}  // namespace polydem::collective

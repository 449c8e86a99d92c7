// The collective operations of domain decomposition over every process of the
// run (PETSC_COMM_WORLD). Every process calls each at the same point with the
// same sizes where sizes must agree; the results are the same on every process.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace polydem::collective {

double max(double value);
bool all(bool value);
bool any(bool value);
std::uint64_t sum(std::uint64_t value);
/// Element-wise sums, in place.
void sum(std::span<double> values);
/// Every process's values one after another, in process order.
std::vector<double> gather(std::span<const double> mine);
/// Every process's bytes, by process.
std::vector<std::string> gather(const std::string& mine);
/// On process 0, every process's bytes; elsewhere nothing.
std::vector<std::string> gather_on_first(const std::string& mine);
/// to_each[q] goes to process q; the result holds what each process sent here.
std::vector<std::string> exchange(const std::vector<std::string>& to_each);

/// Collective calls and bytes this process sent through them since the start.
struct Traffic {
  long calls = 0;
  double bytes = 0;
};
Traffic traffic();

}  // namespace polydem::collective

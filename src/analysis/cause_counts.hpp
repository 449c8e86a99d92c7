// A run's counts by cause (rejected attempts by their failure message) in a
// checkpoint, for either implicit driver.
#pragma once

#include <map>
#include <string>

#include "src/core/state_stream.hpp"

namespace polydem {

void write_cause_counts(const std::map<std::string, long>& counts, StateWriter& out);
/// Adds the counts read to `counts`.
void read_cause_counts(std::map<std::string, long>& counts, StateReader& in);

}  // namespace polydem

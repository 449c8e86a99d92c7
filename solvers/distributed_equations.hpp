// The equations of one process of a system split among processes (domain
// decomposition): its own rows, a contiguous block of the global numbering,
// and its ghost rows, which other processes own. The process's matrix and
// vectors are numbered by its local equations, owned and ghost mixed; each
// local equation knows its global row.
#pragma once

#include <vector>

namespace polydem {

struct DistributedEquations {
  int global_count = 0;  ///< equations of the whole system
  int first_owned =
      0;  ///< this process owns the global rows [first_owned, first_owned + owned_count)
  int owned_count = 0;
  std::vector<int> global_row;  ///< per local equation

  int local_count() const { return static_cast<int>(global_row.size()); }
  bool owns(int local) const {
    const int row = global_row[static_cast<std::size_t>(local)];
    return row >= first_owned && row < first_owned + owned_count;
  }
};

}  // namespace polydem

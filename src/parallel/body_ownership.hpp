// Which process owns each body under domain decomposition, and with a body its
// element, its rigid nodes (their DOFs and multipliers) and the contact pairs
// it heads. Every process holds the whole table: the model's state is
// replicated (docs/parallel.md), so each process computes the same table.
#pragma once

#include <cstdint>
#include <vector>

#include "src/analysis/model.hpp"

namespace polydem {

struct BodyOwnership {
  int rank = 0;  ///< this process
  int ranks = 1;
  std::vector<int> owner;      ///< per body: its process; empty before the first partition
  std::uint64_t revision = 0;  ///< changes with owner

  bool owns(int body) const { return owner[static_cast<std::size_t>(body)] == rank; }
};

/// The body whose process owns `dof`: a pole's body, or the body a rigid node is tied to.
int body_of_dof(const Model& model, int dof);

/// The equations of the model numbered process by process: each process's
/// block holds the equations of the DOFs its bodies own, in DOF order.
struct RankNumbering {
  std::vector<int> row_of_dof;  ///< per DOF: its global row, or −1 when constrained
  std::vector<int> dof_of_row;
  std::vector<int> first_row;  ///< per process, and the total at the end

  int owned_count(int rank) const {
    return first_row[static_cast<std::size_t>(rank) + 1] -
           first_row[static_cast<std::size_t>(rank)];
  }
};

RankNumbering number_by_rank(const Model& model, const BodyOwnership& ownership);

}  // namespace polydem

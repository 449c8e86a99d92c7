// Domain decomposition as the contact set sees it (the partition itself is
// src/parallel/): a process searches only its own bodies and its ghosts, the
// bodies of other processes that can come within reach of its own, and keeps
// the pairs it owns, those headed by one of its own bodies (the lower-numbered
// body of a pair, or the body of a body–boundary pair). Every other process
// finds the rest, so each pair is evaluated exactly once.
//
// The contact set translates the positions in searched_bodies() back to body
// numbers: elements, histories and snapshots stay numbered by body.
#pragma once

#include <cstdint>
#include <span>

namespace polydem {

class ContactPartition {
 public:
  virtual ~ContactPartition() = default;

  /// This process's bodies and its ghosts, ascending.
  virtual std::span<const int> searched_bodies() const = 0;
  /// Per searched body: 1 when this process owns it, and with it the pairs it heads.
  virtual std::span<const char> owned_flags() const = 0;
  /// Changes whenever the lists above change, so that search lists are rebuilt.
  virtual std::uint64_t revision() const = 0;
  /// Sums `values` over the processes, in place; every process calls it at the same point.
  virtual void sum_over_processes(std::span<double> values) const = 0;
};

}  // namespace polydem

// How the global system of a time step is split among processes. The default
// is one process holding all of it; domain decomposition (src/parallel/) gives
// each process its own elements and the equations they touch: its own rows
// and ghost rows, whose contributions belong to other processes' rows.
//
// Every decision Newton takes comes from values reduced over the processes, so
// that all take the same branch and meet in the same collective calls.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Core>

#include "src/analysis/model.hpp"

namespace polydem {

class SystemPartition {
 public:
  virtual ~SystemPartition() = default;

  /// The elements this process evaluates, in assembly order.
  virtual std::vector<const Element*> elements(const Model& model) const {
    return model.elements();
  }
  /// Numbers this process's equations: those of the DOFs of `elements`.
  virtual const DofMap& number_equations(const Model& model,
                                         std::span<const Element* const> /*elements*/) {
    return model.dofs;
  }
  /// Whether this process owns equation `equation` of its numbering: the row is
  /// complete here and counts in the norms.
  virtual bool owns(int /*equation*/) const { return true; }
  /// The residual Newton sees: `assembled` with the contributions of the other
  /// processes added to this process's rows (zero in the rows it does not own).
  /// `pattern_version` is the one every process agrees on.
  virtual const Eigen::VectorXd& complete_residual(const Eigen::VectorXd& assembled,
                                                   std::uint64_t /*pattern_version*/) {
    return assembled;
  }
  virtual double max_over_processes(double value) const { return value; }
  virtual bool on_every_process(bool value) const { return value; }
  virtual bool on_any_process(bool value) const { return value; }
  virtual std::uint64_t sum_over_processes(std::uint64_t value) const { return value; }
  virtual double total_over_processes(double value) const { return value; }
  /// After Newton has converged: every DOF's increment on every process.
  virtual void share_increments(Eigen::VectorXd& /*increments*/) const {}
};

/// The partition of a run on one process.
SystemPartition& whole_system();

}  // namespace polydem

// The global system under domain decomposition (SystemPartition): a process
// evaluates its bodies' elements, the contact pairs its contact set keeps and
// its bodies' rigid nodes; its equations are the DOFs those elements touch,
// its own (numbered in its block of global rows, RankNumbering) and ghost DOFs
// of other processes' bodies in its contact pairs. Ghost rows of the residual
// go to their owners before any norm is taken; the converged increments are
// gathered on every process, which keeps the replicated state.
#pragma once

#include <optional>
#include <vector>

#include "solvers/distributed_equations.hpp"
#include "solvers/petsc/equation_exchange.hpp"
#include "src/analysis/system_partition.hpp"
#include "src/parallel/body_ownership.hpp"

namespace polydem {

class EquationPartition final : public SystemPartition {
 public:
  explicit EquationPartition(const BodyOwnership& ownership) : ownership_(ownership) {}

  /// Numbers the global rows anew; after the owners changed.
  void renumber(const Model& model);
  /// This process's equations, for the linear solver.
  const DistributedEquations& equations() const { return equations_; }

  std::vector<const Element*> elements(const Model& model) const override;
  const DofMap& number_equations(const Model& model,
                                 std::span<const Element* const> elements) override;
  bool owns(int equation) const override { return equations_.owns(equation); }
  const Eigen::VectorXd& complete_residual(const Eigen::VectorXd& assembled,
                                           std::uint64_t pattern_version) override;
  double max_over_processes(double value) const override;
  bool on_every_process(bool value) const override;
  bool on_any_process(bool value) const override;
  std::uint64_t sum_over_processes(std::uint64_t value) const override;
  double total_over_processes(double value) const override;
  void share_increments(Eigen::VectorXd& increments) const override;

 private:
  const BodyOwnership& ownership_;
  RankNumbering numbering_;
  DofMap local_dofs_;
  DistributedEquations equations_;
  std::optional<EquationExchange> exchange_;
  std::uint64_t exchanged_pattern_ = 0;  ///< the pattern version exchange_ was made for
  Eigen::VectorXd completed_;
};

}  // namespace polydem

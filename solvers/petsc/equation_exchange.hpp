// Between a process's local equations (owned and ghost, see
// solvers/distributed_equations.hpp) and a distributed PETSc vector of the
// global rows: the values of every local equation from the distributed vector,
// and local contributions added into the rows of the processes that own them.
#pragma once

#include <Eigen/Core>

#include "solvers/distributed_equations.hpp"
#include "solvers/petsc/petsc_handle.hpp"

namespace polydem {

class EquationExchange {
 public:
  /// For `equations` as they are now; collective.
  explicit EquationExchange(const DistributedEquations& equations);

  /// A distributed vector of the global rows, this process owning its block.
  Vec owned_vector() const { return owned_.get(); }
  /// The value of every local equation from `global` (a vector of owned_vector()'s layout).
  void to_local(Vec global, Eigen::VectorXd& local);
  /// `global` := the sum over the processes of their local values, each added into its global row.
  void add_to_owners(const Eigen::VectorXd& local, Vec global);

 private:
  VecHandle owned_;
  VecHandle local_;
  VecScatterHandle scatter_;
};

}  // namespace polydem

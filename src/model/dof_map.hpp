// Maps every DOF of the model (6 per pole, eq. 59) to an equation number of
// the global system, or to "constrained" when its increment is prescribed
// (fixed bodies, prescribed motion). Constrained DOFs keep their value in the
// increment vector Δa but have no row or column in the tangent.
#pragma once

#include <vector>

namespace polydem {

class DofMap {
 public:
  static constexpr int kConstrained = -1;

  explicit DofMap(int dof_count = 0) : equation_(static_cast<std::size_t>(dof_count), 0) {}

  void constrain(int dof) { equation_.at(static_cast<std::size_t>(dof)) = kConstrained; }
  bool is_constrained(int dof) const { return equation_[static_cast<std::size_t>(dof)] < 0; }

  /// Numbers the unconstrained DOFs 0..n−1 in DOF order. Call after all constrain().
  void number_equations();

  int dof_count() const { return static_cast<int>(equation_.size()); }
  int equation_count() const { return equation_count_; }
  /// Equation of a DOF, or kConstrained.
  int equation(int dof) const { return equation_[static_cast<std::size_t>(dof)]; }

 private:
  std::vector<int> equation_;
  int equation_count_ = 0;
};

}  // namespace polydem

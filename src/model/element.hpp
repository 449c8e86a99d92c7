// The finite-element-style contract: an element knows its DOFs and returns
// its residual and consistent tangent. It knows nothing of the global matrix,
// DOF elimination or the linear solver (those belong to the assembler).
#pragma once

#include <span>

#include <Eigen/Core>

#include "src/model/step_context.hpp"

namespace polydem {

class Element {
 public:
  virtual ~Element() = default;

  /// Global DOF indices (into StepContext::increments), in the order of the
  /// local residual. Fixed for the element's lifetime.
  virtual std::span<const int> dofs() const = 0;

  /// Local residual r(Δa) (size n = dofs().size()) and tangent K = ∂r/∂Δa (n×n),
  /// following the sign convention of eq. (63): r = inertia − external + contact.
  /// Both outputs are pre-sized by the caller; the element overwrites them.
  virtual void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                        Eigen::Ref<Eigen::MatrixXd> tangent) const = 0;

  /// The residual of evaluate() alone, in plain arithmetic. Newton needs the
  /// tangent only where it factorises; a residual that grew (a backtrack) or
  /// one that has converged is never differentiated.
  virtual void evaluate_residual(const StepContext& ctx,
                                 Eigen::Ref<Eigen::VectorXd> residual) const = 0;

  /// A force magnitude characteristic of this element in this step (N), used
  /// to make Newton's residual test relative. Zero when the element has none.
  virtual double reference_force(const StepContext& /*ctx*/) const { return 0.0; }
};

}  // namespace polydem

// The check every element passes (src/model/element.hpp): its tangent is the
// derivative of its residual, compared with central differences of
// evaluate_residual() over the element's own DOFs, and evaluate() and
// evaluate_residual() give the same residual.
#pragma once

#include <algorithm>
#include <vector>

#include "src/model/element.hpp"
#include "tests/support/finite_differences.hpp"

namespace polydem::testing {

struct ElementCheck {
  double tangent_error = 0;   ///< max |K − K_fd| / max(1, max |K_fd|)
  double residual_error = 0;  ///< |r(evaluate) − r(evaluate_residual)| / max(1, |r|)
};

/// `ctx.increments` must point at a vector of every DOF; the element's own are perturbed.
inline ElementCheck check_element(const Element& element, const StepContext& ctx,
                                  const FiniteDifference& options = {}) {
  const std::span<const int> dofs = element.dofs();
  const auto n = static_cast<long>(dofs.size());
  Eigen::VectorXd residual = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(n, n);
  element.evaluate(ctx, residual, tangent);
  Eigen::VectorXd plain = Eigen::VectorXd::Zero(n);
  element.evaluate_residual(ctx, plain);
  Eigen::VectorXd local(n);
  for (long k = 0; k < n; ++k) local(k) = (*ctx.increments)(dofs[static_cast<std::size_t>(k)]);
  const auto residual_at = [&](const Eigen::VectorXd& x) {
    Eigen::VectorXd increments = *ctx.increments;
    for (long k = 0; k < n; ++k) increments(dofs[static_cast<std::size_t>(k)]) = x(k);
    StepContext at = ctx;
    at.increments = &increments;
    Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
    element.evaluate_residual(at, r);
    return r;
  };
  const Eigen::MatrixXd fd = finite_jacobian(local, residual_at, options);
  return {relative_max_error(tangent, fd),
          (residual - plain).norm() / std::max(1.0, residual.norm())};
}

}  // namespace polydem::testing

// Loads applied at a rigid node (paper §3.3): forces and moments given in the
// global frame at the node itself, as an element on the node's six DOFs.
//
// Residual (sign convention of eq. 63, the load part of eq. 24):
//   r_u = −F(t),   r_α = −Ξ(α_N^Δ)ᵀ M(t),
// the moment entering as the pseudo-moment work-conjugate to δα_N^Δ. The node
// carries no mass; RigidNodeLink passes these loads on to its body. The tangent
// is the forward-mode derivative of the residual (only Ξᵀ depends on the DOFs).
#pragma once

#include <array>
#include <span>
#include <vector>

#include "elements/applied_loads.hpp"
#include "src/core/rotation.hpp"
#include "src/core/types.hpp"
#include "src/model/element.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

class NodeLoad final : public Element {
 public:
  /// node: the loaded node (DOFs 6n..6n+5); length_scale (m) converts the moments
  /// to a reference force, as for the node's body.
  NodeLoad(int node, std::vector<AppliedLoad> loads, double length_scale);

  std::span<const int> dofs() const override { return dofs_; }
  void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                Eigen::Ref<Eigen::MatrixXd> tangent) const override;
  void evaluate_residual(const StepContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> residual) const override;
  double reference_force(const StepContext& ctx) const override;

  /// Residual only (double arithmetic, no derivatives).
  Vec6 residual(const StepContext& ctx) const;

  /// Work of the loads from state i to i+1 of the node (trapezoidal in time).
  double external_work_increment(const NodeState& state_i, const NodeState& state_ip1, double t_i,
                                 double t_ip1, bool dynamic) const;

  int node() const { return node_; }
  const std::vector<AppliedLoad>& loads() const { return loads_; }

 private:
  template <class S>
  Eigen::Matrix<S, 6, 1> residual_at(double time, const Vec3T<S>& alpha_delta) const;

  int node_;
  std::array<int, kDofsPerNode> dofs_;
  std::vector<AppliedLoad> loads_;
  double length_scale_;
};

}  // namespace polydem

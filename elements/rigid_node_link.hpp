// The constraint that ties a rigid node N to the pole P of its body (paper §3.3:
// an extra node "rigidly connected to the block", solved by Lagrange multipliers
// as in its refs. [39], [43]).
//
// DOFs (18): the pole's (u_P^Δ, α_P^Δ), the node's (u_N^Δ, α_N^Δ), and the
// multipliers (λ, μ). The constraints, for s^r the node's point in body axes:
//   g_u = x_N^{i+1} − x_P^{i+1} − Q_P^{i+1} s^r = 0            (eqs. 3, 12, 13)
//   g_α = α_N^Δ − α_P^Δ = 0
// The rotational one is exact for the stored orientations: the node starts every
// step with the body's quaternion (the converged update places it there, see
// follow()), so Q_N^{i+1} = Q(α_N^Δ) Q^i equals Q_P^{i+1} = Q(α_P^Δ) Q^i exactly
// when α_N^Δ = α_P^Δ (eq. 6 is one-to-one for rotations below π, which a step's
// increment always is). It is linear in the DOFs, so Newton satisfies it in one
// iteration, and it needs no total rotation vector, which would be singular at π.
//
// The residual is the gradient of λ·g_u + μ·g_α (sign convention of eq. 63):
//   pole:  r_u = −λ,  r_α = −Ξ(α_P^Δ)ᵀ (s^{i+1} × λ) − μ
//   node:  r_u = +λ,  r_α = +μ
//   rows of λ, μ: g_u, g_α
// because δ(Q^{i+1} s^r) = (Ξ δα_P^Δ) × s^{i+1} (eqs. 8, 13). With the node's own
// loads (NodeLoad) the node equations give λ = F_N and μ = Ξ(α_N^Δ)ᵀ M_N: λ is the
// force the node passes to the body and μ the pseudo-moment (eq. 24) of the
// moment M_N it passes; the body receives them as a load at s^{i+1}. The tangent
// (a symmetric saddle-point block) is the forward-mode derivative of the residual.
#pragma once

#include <array>
#include <span>

#include "elements/applied_loads.hpp"
#include "src/core/types.hpp"
#include "src/model/element.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

class RigidNodeLink final : public Element {
 public:
  static constexpr int kDofCount = 3 * kDofsPerNode;

  /// pole_node, node: node indices (DOFs 6n..6n+5); first_multiplier_dof: the
  /// first of the six DOFs [λ, μ]; point: s^r, the node relative to the pole in body axes.
  RigidNodeLink(int pole_node, int node, int first_multiplier_dof, const Vec3& point);

  std::span<const int> dofs() const override { return dofs_; }
  void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                Eigen::Ref<Eigen::MatrixXd> tangent) const override;
  void evaluate_residual(const StepContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> residual) const override;

  /// Residual only (double arithmetic, no derivatives).
  Eigen::Matrix<double, kDofCount, 1> residual(const StepContext& ctx) const;

  /// The node's state rigidly attached to the pole's: position x_P + Q s^r, the
  /// pole's orientation, and the velocities and accelerations of that body point.
  NodeState follow(const NodeState& pole) const;

  /// The constraint reaction at a converged increment vector Δa: the force λ and
  /// the spatial moment Ξ(α_N^Δ)^{−T} μ that the node passes to the body (global frame).
  Wrench<double> reaction(const Eigen::VectorXd& increments) const;

  int pole_node() const { return pole_node_; }
  int node() const { return node_; }
  int first_multiplier_dof() const { return first_multiplier_dof_; }
  const Vec3& point() const { return point_; }

 private:
  template <class S>
  Eigen::Matrix<S, kDofCount, 1> residual_at(const StepContext& ctx,
                                             const Eigen::Matrix<S, kDofCount, 1>& a) const;
  Eigen::Matrix<double, kDofCount, 1> local_increments(const StepContext& ctx) const;

  int pole_node_;
  int node_;
  int first_multiplier_dof_;
  Vec3 point_;
  std::array<int, kDofCount> dofs_;
};

}  // namespace polydem

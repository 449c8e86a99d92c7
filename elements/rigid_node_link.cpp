// Rigid-node constraint (paper §3.3); see rigid_node_link.hpp.
#include "elements/rigid_node_link.hpp"

#include <stdexcept>

#include <Eigen/Dense>
#include <unsupported/Eigen/AutoDiff>

#include "src/core/flatten.hpp"
#include "src/core/rotation.hpp"
#include "src/params/declarations.hpp"

namespace polydem {
namespace {

constexpr int kLinkDofs = RigidNodeLink::kDofCount;
using LinkVector = Eigen::Matrix<double, kLinkDofs, 1>;
using AutoDiffLink = Eigen::AutoDiffScalar<LinkVector>;

// Offsets of the DOF groups in the local vector.
constexpr int kPoleU = 0, kPoleAlpha = 3, kNodeU = 6, kNodeAlpha = 9, kForce = 12, kMoment = 15;

}  // namespace

RigidNodeLink::RigidNodeLink(int pole_node, int node, int first_multiplier_dof, const Vec3& point)
    : pole_node_(pole_node),
      node_(node),
      first_multiplier_dof_(first_multiplier_dof),
      point_(point) {
  if (pole_node < 0 || node < 0 || first_multiplier_dof < 0)
    throw std::invalid_argument("RigidNodeLink: negative index");
  if (pole_node == node) throw std::invalid_argument("RigidNodeLink: node is the pole");
  for (int k = 0; k < kDofsPerNode; ++k) {
    dofs_[static_cast<std::size_t>(kPoleU + k)] = kDofsPerNode * pole_node + k;
    dofs_[static_cast<std::size_t>(kNodeU + k)] = kDofsPerNode * node + k;
    dofs_[static_cast<std::size_t>(kForce + k)] = first_multiplier_dof + k;
  }
}

template <class S>
Eigen::Matrix<S, kLinkDofs, 1> RigidNodeLink::residual_at(
    const StepContext& ctx, const Eigen::Matrix<S, kLinkDofs, 1>& a) const {
  const NodeState& pole_i = ctx.nodes[static_cast<std::size_t>(pole_node_)];
  const NodeState& node_i = ctx.nodes[static_cast<std::size_t>(node_)];
  const Vec3T<S> pole_alpha = a.template segment<3>(kPoleAlpha);
  const Vec3T<S> force = a.template segment<3>(kForce);
  const Vec3T<S> moment = a.template segment<3>(kMoment);

  const Mat3T<S> rotation =
      rodrigues_matrix(pole_alpha) * pole_i.rotation.toRotationMatrix().cast<S>();  // eq. (5)
  const Vec3T<S> arm = rotation * point_.cast<S>();                                 // eq. (13)
  const Vec3T<S> gap = (node_i.position - pole_i.position).cast<S>() +
                       a.template segment<3>(kNodeU) - a.template segment<3>(kPoleU) - arm;

  Eigen::Matrix<S, kLinkDofs, 1> r;
  r.template segment<3>(kPoleU) = -force;
  r.template segment<3>(kPoleAlpha) =
      -(xi_matrix(pole_alpha).transpose() * arm.cross(force)) - moment;
  r.template segment<3>(kNodeU) = force;
  r.template segment<3>(kNodeAlpha) = moment;
  r.template segment<3>(kForce) = gap;
  r.template segment<3>(kMoment) = a.template segment<3>(kNodeAlpha) - pole_alpha;
  return r;
}

LinkVector RigidNodeLink::local_increments(const StepContext& ctx) const {
  LinkVector a;
  for (int k = 0; k < kLinkDofs; ++k) a(k) = (*ctx.increments)[dofs_[static_cast<std::size_t>(k)]];
  return a;
}

POLYDEM_FLATTEN void RigidNodeLink::evaluate(const StepContext& ctx,
                                             Eigen::Ref<Eigen::VectorXd> residual,
                                             Eigen::Ref<Eigen::MatrixXd> tangent) const {
  const LinkVector values = local_increments(ctx);
  Eigen::Matrix<AutoDiffLink, kLinkDofs, 1> a;
  for (int k = 0; k < kLinkDofs; ++k) a(k) = AutoDiffLink(values(k), kLinkDofs, k);
  const Eigen::Matrix<AutoDiffLink, kLinkDofs, 1> r = residual_at<AutoDiffLink>(ctx, a);
  for (int row = 0; row < kLinkDofs; ++row) {
    residual(row) = r(row).value();
    tangent.row(row) = r(row).derivatives().transpose();
  }
}

LinkVector RigidNodeLink::residual(const StepContext& ctx) const {
  return residual_at<double>(ctx, local_increments(ctx));
}

void RigidNodeLink::evaluate_residual(const StepContext& ctx,
                                      Eigen::Ref<Eigen::VectorXd> residual) const {
  residual = this->residual(ctx);
}

NodeState RigidNodeLink::follow(const NodeState& pole) const {
  const Vec3 arm = pole.rotation.toRotationMatrix() * point_;
  const Vec3& omega = pole.angular_velocity;
  NodeState node;
  node.position = pole.position + arm;
  node.rotation = pole.rotation;
  node.velocity = pole.velocity + omega.cross(arm);
  node.acceleration =
      pole.acceleration + pole.angular_acceleration.cross(arm) + omega.cross(omega.cross(arm));
  node.angular_velocity = omega;
  node.angular_acceleration = pole.angular_acceleration;
  return node;
}

Wrench<double> RigidNodeLink::reaction(const Eigen::VectorXd& increments) const {
  const Vec3 node_alpha = increments.segment<3>(kDofsPerNode * node_ + 3);
  const Vec3 pseudo_moment = increments.segment<3>(first_multiplier_dof_ + 3);
  // μ = Ξᵀ m (eq. 24), and Ξ is invertible for every finite α^Δ.
  return {increments.segment<3>(first_multiplier_dof_),
          xi_matrix<double>(node_alpha).transpose().partialPivLu().solve(pseudo_moment)};
}

// ---- the deck's `rigid_node`, the constraint's declaration ----

namespace {

ObjectSchema rigid_node_params() {
  ObjectSchema schema{"rigid_node",
                      "A node tied rigidly to its body by Lagrange-multiplier constraints (paper "
                      "§3.3): it moves and turns with the body, carries no mass, and passes its "
                      "loads to the body. `summary.json` reports its position and the constraint "
                      "reaction (the multipliers)."};
  schema.add_string("name", "Name of the node, unique among bodies and rigid nodes.")
      .make_required();
  schema.add_vec3("point", "The node relative to the pole, body frame.")
      .with_unit("m")
      .make_required();
  schema.add_object_list("loads", "node_load", "Forces and moments applied at the node.")
      .with_default(std::vector<ParamSet>{});
  return schema;
}

}  // namespace

POLYDEM_DECLARE_OBJECT(rigid_node_params)

}  // namespace polydem

// Loads at a rigid node; see node_load.hpp.
#include "elements/node_load.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <unsupported/Eigen/AutoDiff>

#include "elements/applied_loads.hpp"
#include "src/core/flatten.hpp"
#include "src/core/rotation.hpp"

namespace polydem {
namespace {

using AutoDiff3 = Eigen::AutoDiffScalar<Vec3>;

}  // namespace

NodeLoad::NodeLoad(int node, std::vector<AppliedLoad> loads, double length_scale)
    : node_(node), loads_(std::move(loads)), length_scale_(length_scale) {
  if (node < 0) throw std::invalid_argument("NodeLoad: negative node index");
  if (!(length_scale > 0)) throw std::invalid_argument("NodeLoad: length scale must be positive");
  for (const AppliedLoad& load : loads_)
    if (!load.point.isZero(0.0))
      throw std::invalid_argument("NodeLoad: a load at a node has no point of its own");
  for (int k = 0; k < kDofsPerNode; ++k)
    dofs_[static_cast<std::size_t>(k)] = kDofsPerNode * node + k;
}

template <class S>
Eigen::Matrix<S, 6, 1> NodeLoad::residual_at(double time, const Vec3T<S>& alpha_delta) const {
  // The points are zero, so the rotation does not matter for the wrench itself.
  const Wrench<S> load = applied_wrench<S>(loads_, Mat3T<S>::Identity(), time);
  Eigen::Matrix<S, 6, 1> r;
  r.template head<3>() = -load.force;
  r.template tail<3>() = -(xi_matrix(alpha_delta).transpose() * load.moment);  // eq. (24)
  return r;
}

POLYDEM_FLATTEN void NodeLoad::evaluate(const StepContext& ctx,
                                        Eigen::Ref<Eigen::VectorXd> residual,
                                        Eigen::Ref<Eigen::MatrixXd> tangent) const {
  const Vec3 alpha = ctx.node_increment(node_).tail<3>();
  Vec3T<AutoDiff3> alpha_delta;
  for (int k = 0; k < 3; ++k) alpha_delta(k) = AutoDiff3(alpha(k), 3, k);
  const Eigen::Matrix<AutoDiff3, 6, 1> r = residual_at<AutoDiff3>(ctx.time, alpha_delta);
  tangent.setZero();
  for (int row = 0; row < kDofsPerNode; ++row) {
    residual(row) = r(row).value();
    tangent.row(row).tail<3>() = r(row).derivatives().transpose();
  }
}

Vec6 NodeLoad::residual(const StepContext& ctx) const {
  return residual_at<double>(ctx.time, ctx.node_increment(node_).tail<3>());
}

void NodeLoad::evaluate_residual(const StepContext& ctx,
                                 Eigen::Ref<Eigen::VectorXd> residual) const {
  residual = this->residual(ctx);
}

double NodeLoad::reference_force(const StepContext& ctx) const {
  double reference = 0;
  for (const AppliedLoad& load : loads_) {
    const double scale = std::abs(load.scale(ctx.time));
    reference = std::max(
        {reference, scale * load.force.norm(), scale * load.moment.norm() / length_scale_});
  }
  return reference;
}

double NodeLoad::external_work_increment(const NodeState& state_i, const NodeState& state_ip1,
                                         double t_i, double t_ip1, bool dynamic) const {
  double work = 0;
  for (const AppliedLoad& load : loads_)
    work += load_work_increment(load, state_i, state_ip1, t_i, t_ip1, dynamic);
  return work;
}

}  // namespace polydem

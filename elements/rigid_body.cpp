// Rigid-body element: eqs. (10)–(25) of the paper; see rigid_body.hpp.
#include "elements/rigid_body.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include <Eigen/Dense>
#include <unsupported/Eigen/AutoDiff>

#include "elements/applied_loads.hpp"
#include "src/core/flatten.hpp"
#include "src/model/newmark.hpp"

namespace polydem {

namespace {

using AutoDiff6 = Eigen::AutoDiffScalar<Vec6>;

template <class S>
Vec3T<S> to_scalar(const Vec3& v) {
  return v.cast<S>();
}

Mat3 rotation_matrix(const NodeState& state) { return state.rotation.toRotationMatrix(); }

}  // namespace

RigidBody::RigidBody(int node, double mass, const Mat3& inertia_com, const Vec3& com_offset,
                     double length_scale, std::vector<AppliedLoad> loads)
    : node_(node),
      mass_(mass),
      inertia_com_(inertia_com),
      com_offset_(com_offset),
      length_scale_(length_scale),
      loads_(std::move(loads)) {
  if (node < 0) throw std::invalid_argument("RigidBody: negative node index");
  if (!(mass > 0)) throw std::invalid_argument("RigidBody: mass must be positive");
  if (!(length_scale > 0)) throw std::invalid_argument("RigidBody: length scale must be positive");
  for (int k = 0; k < kDofsPerNode; ++k) dofs_[k] = kDofsPerNode * node + k;
  // Eq. (18) takes J about the pole, not about the centre of mass (parallel-axis theorem).
  inertia_pole_ = inertia_com_ + mass_ * (com_offset_.squaredNorm() * Mat3::Identity() -
                                          com_offset_ * com_offset_.transpose());
}

double RigidBody::natural_length_scale(double mass, const Mat3& inertia_com,
                                       std::span<const Vec3> reach) {
  // RMS distance of the mass from its centre (a/2 for a cube of side a), or the
  // reach of the centre of mass, load points and rigid nodes from the pole if larger.
  double length_scale = mass > 0 ? std::sqrt(std::max(0.0, inertia_com.trace()) / (2 * mass)) : 0.0;
  for (const Vec3& point : reach) length_scale = std::max(length_scale, point.norm());
  return length_scale > 0 ? length_scale : 1.0;  // a point mass at its pole with no loads
}

template <class S>
Wrench<S> RigidBody::external_wrench(const Mat3T<S>& rotation, double time,
                                     const Vec3& weight) const {
  const Vec3T<S> com = rotation * to_scalar<S>(com_offset_);
  const Vec3T<S> weight_s = to_scalar<S>(weight);
  Wrench<S> w = applied_wrench<S>(loads_, rotation, time);
  w.force += weight_s;
  w.moment += com.cross(weight_s);  // eq. (25)
  return w;
}

template <class S>
Wrench<S> RigidBody::inertia_wrench(const Mat3T<S>& rotation, const Vec3T<S>& acceleration,
                                    const Vec3T<S>& angular_velocity,
                                    const Vec3T<S>& angular_acceleration) const {
  const S mass(mass_);
  const Vec3T<S> com = rotation * to_scalar<S>(com_offset_);                           // eq. (11)
  const Mat3T<S> inertia = rotation * inertia_pole_.cast<S>() * rotation.transpose();  // eq. (15)
  const Vec3T<S>& w = angular_velocity;
  // Eq. (18).
  return {mass * (acceleration + angular_acceleration.cross(com) + w.cross(w.cross(com))),
          w.cross(inertia * w) + inertia * angular_acceleration + mass * com.cross(acceleration)};
}

template <class S>
Eigen::Matrix<S, 6, 1> RigidBody::residual_at(const StepContext& ctx, const Vec3T<S>& u_delta,
                                              const Vec3T<S>& alpha_delta) const {
  const NodeState& state_i = ctx.nodes[static_cast<std::size_t>(node_)];
  Vec3T<S> force_unbalance = Vec3T<S>::Zero();
  Vec3T<S> moment_unbalance = Vec3T<S>::Zero();
  Mat3T<S> rotation;
  if (ctx.dynamic()) {
    const PoleKinematics<S> k =
        newmark_pole_kinematics<S>(state_i, u_delta, alpha_delta, ctx.newmark);
    rotation = k.rotation;
    const Wrench<S> inertia =
        inertia_wrench<S>(rotation, k.acceleration, k.angular_velocity, k.angular_acceleration);
    force_unbalance += inertia.force;
    moment_unbalance += inertia.moment;
  } else {
    rotation = rodrigues_matrix(alpha_delta) * rotation_matrix(state_i).cast<S>();
  }
  const Wrench<S> external =
      external_wrench<S>(rotation, ctx.time, ctx.load_factor * mass_ * ctx.gravity);
  force_unbalance -= external.force;
  moment_unbalance -= external.moment;

  Eigen::Matrix<S, 6, 1> r;
  r.template head<3>() = force_unbalance;
  r.template tail<3>() = xi_matrix(alpha_delta).transpose() * moment_unbalance;  // eqs. (17), (24)
  return r;
}

POLYDEM_FLATTEN void RigidBody::evaluate(const StepContext& ctx,
                                         Eigen::Ref<Eigen::VectorXd> residual,
                                         Eigen::Ref<Eigen::MatrixXd> tangent) const {
  const Vec6 increment = ctx.node_increment(node_);
  Vec3T<AutoDiff6> u_delta;
  Vec3T<AutoDiff6> alpha_delta;
  for (int k = 0; k < 3; ++k) {
    u_delta(k) = AutoDiff6(increment(k), kDofsPerNode, k);
    alpha_delta(k) = AutoDiff6(increment(3 + k), kDofsPerNode, 3 + k);
  }
  const Eigen::Matrix<AutoDiff6, 6, 1> r = residual_at<AutoDiff6>(ctx, u_delta, alpha_delta);
  for (int row = 0; row < kDofsPerNode; ++row) {
    residual(row) = r(row).value();
    tangent.row(row) = r(row).derivatives().transpose();
  }
}

Vec6 RigidBody::residual(const StepContext& ctx) const {
  const Vec6 increment = ctx.node_increment(node_);
  return residual_at<double>(ctx, increment.head<3>(), increment.tail<3>());
}

void RigidBody::evaluate_residual(const StepContext& ctx,
                                  Eigen::Ref<Eigen::VectorXd> residual) const {
  residual = this->residual(ctx);
}

double RigidBody::reference_force(const StepContext& ctx) const {
  double reference = mass_ * ctx.gravity.norm() * std::abs(ctx.load_factor);
  for (const AppliedLoad& load : loads_) {
    const double scale = std::abs(load.scale(ctx.time));
    reference = std::max(
        {reference, scale * load.force.norm(), scale * load.moment.norm() / length_scale_});
  }
  if (ctx.dynamic() && ctx.dt > 0) {
    const NodeState& state = ctx.nodes[static_cast<std::size_t>(node_)];
    const Mat3 rotation = rotation_matrix(state);
    const Mat3 inertia = rotation * inertia_pole_ * rotation.transpose();
    reference =
        std::max({reference, mass_ * (state.velocity.norm() / ctx.dt + state.acceleration.norm()),
                  (inertia * state.angular_velocity).norm() / (length_scale_ * ctx.dt)});
  }
  return reference;
}

void RigidBody::initial_accelerations(NodeState& state, double t0, const Vec3& gravity,
                                      const Wrench<double>& attached_load) const {
  const Mat3 rotation = rotation_matrix(state);
  const Vec3& omega = state.angular_velocity;
  const auto inertia_at = [&](const Vec6& accelerations) {
    const Wrench<double> w =
        inertia_wrench<double>(rotation, accelerations.head<3>(), omega, accelerations.tail<3>());
    Vec6 v;
    v << w.force, w.moment;
    return v;
  };
  // Eq. (18) is affine in (ü, ω̇): its columns for unit accelerations form the mass matrix.
  const Vec6 velocity_terms = inertia_at(Vec6::Zero());
  Mat6 mass_matrix;
  for (int k = 0; k < kDofsPerNode; ++k)
    mass_matrix.col(k) = inertia_at(Vec6::Unit(k)) - velocity_terms;
  const Wrench<double> external = external_wrench<double>(rotation, t0, mass_ * gravity);
  Vec6 rhs;
  rhs << external.force + attached_load.force, external.moment + attached_load.moment;
  const Vec6 accelerations = mass_matrix.ldlt().solve(rhs - velocity_terms);
  state.acceleration = accelerations.head<3>();
  state.angular_acceleration = accelerations.tail<3>();
}

Vec3 RigidBody::centre_of_mass(const NodeState& state) const {
  return state.position + rotation_matrix(state) * com_offset_;
}

Wrench<double> RigidBody::applied_wrench_at(const NodeState& state, double time,
                                            const Vec3& gravity) const {
  Wrench<double> w = external_wrench<double>(rotation_matrix(state), time, mass_ * gravity);
  w.moment += state.position.cross(w.force);  // from the pole to the origin
  return w;
}

double RigidBody::kinetic_energy(const NodeState& state) const {
  const Mat3 rotation = rotation_matrix(state);
  const Vec3 velocity_com = state.velocity + state.angular_velocity.cross(rotation * com_offset_);
  const Mat3 inertia = rotation * inertia_com_ * rotation.transpose();
  return 0.5 * mass_ * velocity_com.squaredNorm() +
         0.5 * state.angular_velocity.dot(inertia * state.angular_velocity);
}

double RigidBody::potential_energy(const NodeState& state, const Vec3& gravity) const {
  return -mass_ * gravity.dot(centre_of_mass(state));
}

Vec3 RigidBody::linear_momentum(const NodeState& state) const {
  const Vec3 arm = rotation_matrix(state) * com_offset_;
  return mass_ * (state.velocity + state.angular_velocity.cross(arm));
}

Vec3 RigidBody::angular_momentum(const NodeState& state) const {
  const Mat3 rotation = rotation_matrix(state);
  const Mat3 inertia = rotation * inertia_com_ * rotation.transpose();
  return centre_of_mass(state).cross(linear_momentum(state)) + inertia * state.angular_velocity;
}

double RigidBody::external_work_increment(const NodeState& state_i, const NodeState& state_ip1,
                                          double t_i, double t_ip1, const Vec3& gravity_i,
                                          const Vec3& gravity_ip1, bool dynamic) const {
  double work = 0.0;
  for (const AppliedLoad& load : loads_)
    work += load_work_increment(load, state_i, state_ip1, t_i, t_ip1, dynamic);
  // −m g·x_G depends on time through g; that explicit change is not the body's doing.
  const Vec3 mean_com = 0.5 * (centre_of_mass(state_i) + centre_of_mass(state_ip1));
  work -= mass_ * (gravity_ip1 - gravity_i).dot(mean_com);
  return work;
}

}  // namespace polydem

#include "src/analysis/convex/convex_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "src/core/rotation.hpp"

namespace polydem {
namespace {

/// v_G + ω × r: the velocity of the point at arm r of a body moving with v6 = (v_G, ω).
Vec3 point_velocity(const Vec3& arm, const Eigen::Ref<const Vec6>& v6) {
  return v6.head<3>() + v6.tail<3>().cross(arm);
}

/// (f, r × f): the force f at arm r as a wrench about the centre of mass.
Vec6 wrench_of(const Vec3& arm, const Vec3& force) {
  Vec6 wrench;
  wrench << force, arm.cross(force);
  return wrench;
}

/// G_aᵀ H G_b for the point maps G = [I, −[r]×] of arms r_a and r_b:
/// [H, −H[r_b]×; [r_a]×H, −[r_a]×H[r_b]×].
Eigen::Matrix<double, 6, 6> coupling(const Mat3& h, const Vec3& arm_a, const Vec3& arm_b) {
  const Mat3 ra = skew(arm_a), rb = skew(arm_b);
  Eigen::Matrix<double, 6, 6> block;
  block.topLeftCorner<3, 3>() = h;
  block.topRightCorner<3, 3>() = -h * rb;
  block.bottomLeftCorner<3, 3>() = ra * h;
  block.bottomRightCorner<3, 3>() = -ra * h * rb;
  return block;
}

}  // namespace

ConvexStep::ConvexStep() = default;
ConvexStep::~ConvexStep() = default;

void ConvexStep::set_bodies(std::vector<ConvexBody> bodies, int node_count, const Vec3& gravity,
                            double dt) {
  bodies_ = std::move(bodies);
  unknown_of_node_.assign(static_cast<std::size_t>(node_count), -1);
  double mass = 0;
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    unknown_of_node_[static_cast<std::size_t>(bodies_[k].node)] = 6 * static_cast<int>(k);
    mass += bodies_[k].mass;
  }
  dt_ = dt;
  reference_energy_ = mass * std::pow(gravity.norm() * dt, 2);
  contacts_.clear();
  held_.clear();
}

Vec3 ConvexStep::relative_rate(const FrozenContact& contact,
                               const Eigen::VectorXd& direction) const {
  Vec3 w = Vec3::Zero();
  if (const int a = unknown_of(contact.body_a); a >= 0)
    w += point_velocity(contact.arm_a, direction.segment<6>(a));
  if (contact.body_b >= 0)
    if (const int b = unknown_of(contact.body_b); b >= 0)
      w -= point_velocity(contact.arm_b, direction.segment<6>(b));
  return w;
}

Vec3 ConvexStep::relative_velocity(const FrozenContact& contact,
                                   const Eigen::VectorXd& velocities) const {
  Vec3 w = relative_rate(contact, velocities);
  if (contact.body_b < 0) w -= contact.boundary_velocity;
  return w;
}

void ConvexStep::hold_law_state(const Eigen::VectorXd& velocities) {
  held_.resize(contacts_.size());
  for (std::size_t c = 0; c < contacts_.size(); ++c)
    held_[c] = frozen_law_state(contacts_[c], relative_velocity(contacts_[c], velocities), dt_);
}

void ConvexStep::gradient(const Eigen::VectorXd& velocities, Eigen::VectorXd& gradient) const {
  gradient.resize(velocities.size());
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const ConvexBody& body = bodies_[k];
    const Vec6 dv = velocities.segment<6>(6 * static_cast<long>(k)) - body.free_velocity;
    gradient.segment<3>(6 * static_cast<long>(k)) = body.mass * dv.head<3>();
    gradient.segment<3>(6 * static_cast<long>(k) + 3) = body.inertia * dv.tail<3>();
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const FrozenContact& contact = contacts_[c];
    const Vec3 w = relative_velocity(contact, velocities);
    const Vec3 dpsi = frozen_contact_response(contact, held_[c], w, dt_, false).gradient;
    if (const int a = unknown_of(contact.body_a); a >= 0)
      gradient.segment<6>(a) += wrench_of(contact.arm_a, dpsi);
    if (contact.body_b >= 0)
      if (const int b = unknown_of(contact.body_b); b >= 0)
        gradient.segment<6>(b) -= wrench_of(contact.arm_b, dpsi);
  }
}

// The pattern of the minimisation: each body's diagonal block and, per contact, its
// bodies' blocks (every contact's, zero or not, so that one analysis serves every
// iterate); then where each block's rows start in the values, so that the iterates
// fill the matrix in place.
void ConvexStep::make_pattern() {
  triplets_.clear();
  const auto block = [&](int row, int col) {
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) triplets_.emplace_back(row + i, col + j, 0.0);
  };
  for (std::size_t k = 0; k < bodies_.size(); ++k)
    block(6 * static_cast<int>(k), 6 * static_cast<int>(k));
  for (const FrozenContact& contact : contacts_) {
    const int a = unknown_of(contact.body_a);
    const int b = contact.body_b >= 0 ? unknown_of(contact.body_b) : -1;
    if (a >= 0 && b >= 0) block(a, b), block(b, a);
  }
  const int n = 6 * static_cast<int>(bodies_.size());
  hessian_.resize(n, n);
  hessian_.setFromTriplets(triplets_.begin(), triplets_.end());
  cholesky_.analyzePattern(hessian_);
  locate_blocks();
}

// Each body's and each contact's blocks located once per pattern, not once per iterate.
void ConvexStep::locate_blocks() {
  body_blocks_.resize(bodies_.size());
  for (std::size_t k = 0; k < bodies_.size(); ++k)
    body_blocks_[k] = block_rows(6 * static_cast<int>(k), 6 * static_cast<int>(k));
  contact_blocks_.resize(contacts_.size());
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const int a = unknown_of(contacts_[c].body_a);
    const int b = contacts_[c].body_b >= 0 ? unknown_of(contacts_[c].body_b) : -1;
    ContactBlocks& blocks = contact_blocks_[c];
    if (a >= 0) blocks.aa = block_rows(a, a);
    if (b >= 0) blocks.bb = block_rows(b, b);
    if (a >= 0 && b >= 0) blocks.ab = block_rows(a, b), blocks.ba = block_rows(b, a);
  }
}

// Where block (row, col) of six by six starts in each of its rows' values.
ConvexStep::BlockRows ConvexStep::block_rows(int row, int col) const {
  BlockRows rows{};
  for (int i = 0; i < 6; ++i) {
    const int* begin = hessian_.innerIndexPtr() + hessian_.outerIndexPtr()[row + i];
    const int* end = hessian_.innerIndexPtr() + hessian_.outerIndexPtr()[row + i + 1];
    rows[static_cast<std::size_t>(i)] =
        static_cast<int>(std::lower_bound(begin, end, col) - hessian_.innerIndexPtr());
  }
  return rows;
}

void ConvexStep::add_block(const BlockRows& rows, const Eigen::Matrix<double, 6, 6>& block) {
  double* values = hessian_.valuePtr();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) values[rows[static_cast<std::size_t>(i)] + j] += block(i, j);
}

void ConvexStep::hessian(const Eigen::VectorXd& velocities, SparseMatrix& hessian) {
  make_pattern();
  hessian_at(velocities);
  hessian = hessian_;
}

void ConvexStep::hessian_at(const Eigen::VectorXd& velocities) {
  std::fill(hessian_.valuePtr(), hessian_.valuePtr() + hessian_.nonZeros(), 0.0);
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    Eigen::Matrix<double, 6, 6> block = Eigen::Matrix<double, 6, 6>::Zero();
    block.topLeftCorner<3, 3>() = bodies_[k].mass * Mat3::Identity();
    block.bottomRightCorner<3, 3>() = bodies_[k].inertia;
    add_block(body_blocks_[k], block);
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const FrozenContact& contact = contacts_[c];
    const Vec3 w = relative_velocity(contact, velocities);
    const Mat3 h = frozen_contact_response(contact, held_[c], w, dt_, true).hessian;
    if (h.isZero(0.0)) continue;
    const int a = unknown_of(contact.body_a);
    const int b = contact.body_b >= 0 ? unknown_of(contact.body_b) : -1;
    const ContactBlocks& blocks = contact_blocks_[c];
    if (a >= 0) add_block(blocks.aa, coupling(h, contact.arm_a, contact.arm_a));
    if (b >= 0) add_block(blocks.bb, coupling(h, contact.arm_b, contact.arm_b));
    if (a >= 0 && b >= 0) {
      const Eigen::Matrix<double, 6, 6> cross = -coupling(h, contact.arm_a, contact.arm_b);
      add_block(blocks.ab, cross);
      add_block(blocks.ba, cross.transpose());
    }
  }
}

bool ConvexStep::converged(const Eigen::VectorXd& velocities, const Eigen::VectorXd& gradient,
                           double tolerance) const {
  double residual = 0, motion = 0;
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const ConvexBody& body = bodies_[k];
    const auto g = gradient.segment<6>(6 * static_cast<long>(k));
    const auto v = velocities.segment<6>(6 * static_cast<long>(k));
    residual += g.head<3>().squaredNorm() / body.mass +
                g.tail<3>().dot(body.inertia.ldlt().solve(Vec3(g.tail<3>())));
    motion += body.mass * v.head<3>().squaredNorm() + v.tail<3>().dot(body.inertia * v.tail<3>());
  }
  return residual <= tolerance * tolerance * (motion + reference_energy_);
}

double ConvexStep::feasible_fraction(const Eigen::VectorXd& velocities,
                                     const Eigen::VectorXd& direction, double closure) const {
  double largest = std::numeric_limits<double>::infinity();
  for (const FrozenContact& contact : contacts_) {
    const double closing = -dt_ * contact.normal.dot(relative_rate(contact, direction));
    if (!(closing > 0)) continue;
    const double gap = frozen_normal_gap(contact, relative_velocity(contact, velocities), dt_);
    largest = std::min(largest, closure * gap / closing);
  }
  return largest;
}

// From zero velocity (every linearised gap its value at t_n, less a boundary's
// approach) towards the start given, as far as the barrier allows.
void ConvexStep::make_feasible(Eigen::VectorXd& velocities, double closure) const {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(velocities.size());
  for (const FrozenContact& contact : contacts_)
    if (!(frozen_normal_gap(contact, relative_velocity(contact, velocities), dt_) > 0)) {
      velocities *= std::min(1.0, feasible_fraction(zero, velocities, closure));
      return;
    }
}

double ConvexStep::slope_along(const Eigen::VectorXd& velocities, const Eigen::VectorXd& direction,
                               double fraction) const {
  double slope = 0;
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const ConvexBody& body = bodies_[k];
    const auto d = direction.segment<6>(6 * static_cast<long>(k));
    const Vec6 dv =
        velocities.segment<6>(6 * static_cast<long>(k)) + fraction * d - body.free_velocity;
    slope +=
        body.mass * d.head<3>().dot(dv.head<3>()) + d.tail<3>().dot(body.inertia * dv.tail<3>());
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const FrozenContact& contact = contacts_[c];
    const Vec3 rate = relative_rate(contact, direction);
    const Vec3 w = relative_velocity(contact, velocities) + fraction * rate;
    slope += rate.dot(frozen_contact_response(contact, held_[c], w, dt_, false).gradient);
  }
  return slope;
}

// The root of φ'(α) = dᵀ∇ℓ(V + α d) in (0, largest]: φ' grows along the line
// (ℓ is convex), so the bracket [0, largest] narrows by regula falsi, Illinois style.
double ConvexStep::line_search(const Eigen::VectorXd& velocities, const Eigen::VectorXd& direction,
                               double largest) const {
  double low = 0, high = largest;
  double slope_low = slope_along(velocities, direction, 0.0);
  double slope_high = slope_along(velocities, direction, high);
  if (!(slope_high > 0)) return high;
  const double enough = 1e-3 * std::abs(slope_low);
  int kept_side = 0;
  for (int k = 0; k < 60; ++k) {
    const double alpha = (low * slope_high - high * slope_low) / (slope_high - slope_low);
    const double slope = slope_along(velocities, direction, alpha);
    if (std::abs(slope) <= enough) return alpha;
    if (slope < 0) {
      low = alpha, slope_low = slope;
      if (kept_side == -1) slope_high *= 0.5;
      kept_side = -1;
    } else {
      high = alpha, slope_high = slope;
      if (kept_side == 1) slope_low *= 0.5;
      kept_side = 1;
    }
  }
  return low > 0 ? low : 0.5 * (low + high);
}

void ConvexStep::friction_states(const Eigen::VectorXd& velocities,
                                 GivenFrictionStates& states) const {
  states.clear();
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const FrozenContact& contact = contacts_[c];
    if (!contact.interaction->friction.enabled()) continue;
    const FrozenFrictionState state =
        frozen_friction_state(contact, held_[c], relative_velocity(contact, velocities), dt_);
    states.push_back(
        {contact.element, contact.region_a, contact.region_b, state.tangential_gap, state.status});
  }
  sort_given(states);
}

ConvexStepWork ConvexStep::work(const Eigen::VectorXd& start,
                                const Eigen::VectorXd& velocities) const {
  ConvexStepWork work;
  for (std::size_t k = 0; k < bodies_.size(); ++k) {
    const Vec6 change = velocities.segment<6>(6 * static_cast<long>(k)) -
                        start.segment<6>(6 * static_cast<long>(k));
    work.inertia += 0.5 * (bodies_[k].mass * change.head<3>().squaredNorm() +
                           change.tail<3>().dot(bodies_[k].inertia * change.tail<3>()));
  }
  for (std::size_t c = 0; c < contacts_.size(); ++c) {
    const FrozenContactWork w = frozen_contact_work(
        contacts_[c], held_[c], relative_velocity(contacts_[c], velocities), dt_);
    work.barrier += w.barrier;
    work.damping += w.damping;
    work.friction += w.friction;
    work.stored_change += w.stored_change;
  }
  return work;
}

double ConvexStep::held_bytes() const {
  const auto bytes = [](const auto& v) {
    return static_cast<double>(v.capacity() *
                               sizeof(typename std::decay_t<decltype(v)>::value_type));
  };
  const double factor = static_cast<double>(factor_entries_) * (sizeof(double) + sizeof(int));
  return bytes(bodies_) + bytes(unknown_of_node_) + bytes(contacts_) + bytes(held_) +
         bytes(triplets_) + bytes(body_blocks_) + bytes(contact_blocks_) + factor;
}

ConvexSolveReport ConvexStep::minimise(Eigen::VectorXd& velocities,
                                       const ConvexSolveSettings& settings) {
  ConvexSolveReport report;
  make_feasible(velocities, settings.gap_closure);
  Eigen::VectorXd g, direction;
  for (report.iterations = 0; report.iterations < settings.max_iterations; ++report.iterations) {
    gradient(velocities, g);
    if (converged(velocities, g, settings.tolerance)) {
      report.converged = true;
      return report;
    }
    if (report.iterations == 0) make_pattern();
    hessian_at(velocities);
    cholesky_.factorize(hessian_);
    if (cholesky_.info() == Eigen::Success) {
      direction = cholesky_.solve(-g);
      factor_entries_ =
          std::max(factor_entries_, cholesky_.matrixL().nestedExpression().nonZeros());
    }
    if (cholesky_.info() != Eigen::Success || !direction.allFinite()) {
      report.failure = "the Hessian of the convex step is not positive definite";
      return report;
    }
    const double largest =
        std::min(1.5, feasible_fraction(velocities, direction, settings.gap_closure));
    const double alpha = line_search(velocities, direction, largest);
    velocities += alpha * direction;
  }
  report.failure = "no convergence in " + std::to_string(settings.max_iterations) + " iterations";
  return report;
}

}  // namespace polydem

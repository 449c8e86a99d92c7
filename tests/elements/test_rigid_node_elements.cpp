// Rigid-node constraint (RigidNodeLink) and node loads (NodeLoad), paper §3.3.
// References: central finite differences for the tangents and for the gradient
// of the Lagrangian λ·g_u + μ·g_α, the constraint evaluated independently with
// quaternions, and closed-form rigid motions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include "elements/node_load.hpp"
#include "elements/rigid_node_link.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/finite_differences.hpp"

using namespace polydem;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kPole = 0, kNode = 1, kMultipliers = 12;
constexpr int kLinkDofs = RigidNodeLink::kDofCount;

struct Random {
  std::mt19937 rng;
  explicit Random(unsigned seed) : rng(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  Vec3 normal(double sigma) {
    std::normal_distribution<double> n(0.0, sigma);
    return Vec3(n(rng), n(rng), n(rng));
  }
  Eigen::Quaterniond rotation() {
    return rotation_vector_to_quaternion(uniform(0.0, kPi) * normal(1.0).normalized());
  }
  NodeState state() {
    NodeState s;
    s.position = normal(2.0);
    s.rotation = rotation();
    s.velocity = normal(1.0);
    s.angular_velocity = normal(2.0);
    return s;
  }
  std::vector<AppliedLoad> node_loads() {
    std::vector<AppliedLoad> loads(static_cast<std::size_t>(uniform(1.0, 3.99)));
    for (AppliedLoad& load : loads) {
      load.force = normal(3.0);
      load.moment = normal(2.0);
      load.scale = TimeFunction::ramp(0.0, uniform(-1, 1), 2.0, uniform(-1, 1));
    }
    return loads;
  }
};

StepContext make_context(double time, const std::vector<NodeState>& nodes,
                         const Eigen::VectorXd& increments) {
  StepContext ctx;
  ctx.type = AnalysisType::Dynamic;
  ctx.time = time;
  ctx.dt = 0.1;
  ctx.newmark = NewmarkCoefficients::make(0.3, 0.5, ctx.dt);
  ctx.nodes = nodes;
  ctx.increments = &increments;
  return ctx;
}

/// Pole at node 0, rigid node at node 1, multipliers at DOFs 12..17: a random
/// consistent configuration i (the node on the body) and random trial increments.
struct LinkCase {
  RigidNodeLink link;
  std::vector<NodeState> nodes;
  Eigen::VectorXd increments = Eigen::VectorXd::Zero(kLinkDofs);
  double time = 0;

  explicit LinkCase(Random& random)
      : link(kPole, kNode, kMultipliers, random.normal(0.8)), time(random.uniform(0.0, 2.0)) {
    const NodeState pole = random.state();
    nodes = {pole, link.follow(pole)};
    increments.segment<3>(0) = random.normal(0.1);
    increments.segment<3>(3) = random.normal(0.3);
    increments.segment<3>(6) = random.normal(0.1);
    increments.segment<3>(9) = random.normal(0.3);
    increments.segment<3>(12) = random.normal(5.0);
    increments.segment<3>(15) = random.normal(3.0);
  }
  StepContext context(const Eigen::VectorXd& a) const { return make_context(time, nodes, a); }
};

/// Central differences of f at a over the components [first, first + count).
template <class F>
Eigen::MatrixXd central_differences(const F& f, const Eigen::VectorXd& a, int first, int count) {
  return testing::finite_jacobian(a.segment(first, count), [&](const Eigen::VectorXd& part) {
    Eigen::VectorXd shifted = a;
    for (int k = 0; k < count; ++k) shifted(first + k) = part(k);  // (GCC 12 -Warray-bounds)
    return f(shifted);
  });
}

/// Largest column-relative error, so that a small geometric column cannot hide
/// under a large unit column of another.
double column_error(const Eigen::MatrixXd& tangent, const Eigen::MatrixXd& reference) {
  double worst = 0;
  for (int k = 0; k < tangent.cols(); ++k)
    worst = std::max(worst, (tangent.col(k) - reference.col(k)).norm() /
                                (reference.col(k).norm() + 1e-9 * reference.norm()));
  return worst;
}

}  // namespace

TEST_CASE("rigid-node link tangent matches central differences of its residual", "[rigid_node]") {
  Random random(7);
  double worst = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const LinkCase c(random);
    Eigen::VectorXd residual(kLinkDofs);
    Eigen::MatrixXd tangent(kLinkDofs, kLinkDofs);
    c.link.evaluate(c.context(c.increments), residual, tangent);
    CHECK((residual - c.link.residual(c.context(c.increments))).norm() <=
          1e-12 * (1 + residual.norm()));
    const auto residual_of = [&](const Eigen::VectorXd& a) -> Eigen::VectorXd {
      return c.link.residual(c.context(a));
    };
    const double error =
        column_error(tangent, central_differences(residual_of, c.increments, 0, kLinkDofs));
    worst = std::max(worst, error);
    INFO("trial " << trial);
    CHECK(error < 1e-6);
  }
  INFO("max column-relative error " << worst);
  CHECK(worst < 1e-6);
}

// The hand-written residual must be the gradient of the Lagrangian term
// λ·g_u + μ·g_α, whose constraint values are the multiplier rows.
TEST_CASE("rigid-node link residual is the gradient of lambda·g", "[rigid_node]") {
  Random random(11);
  for (int trial = 0; trial < 50; ++trial) {
    const LinkCase c(random);
    const auto lagrangian = [&](const Eigen::VectorXd& a) -> Eigen::VectorXd {
      const auto r = c.link.residual(c.context(a));
      return Eigen::VectorXd::Constant(1, a.tail<6>().dot(r.tail<6>()));
    };
    const Eigen::VectorXd gradient =
        central_differences(lagrangian, c.increments, 0, kLinkDofs).row(0).transpose();
    const Eigen::VectorXd residual = c.link.residual(c.context(c.increments));
    INFO("trial " << trial << "\nresidual " << residual.transpose() << "\ngradient "
                  << gradient.transpose());
    CHECK((residual - gradient).norm() < 1e-7 * (1 + residual.norm()));
  }
}

// g_u and g_α evaluated independently: positions through Eigen quaternions.
TEST_CASE("rigid-node link constraint rows are the position and rotation gaps", "[rigid_node]") {
  Random random(3);
  for (int trial = 0; trial < 20; ++trial) {
    const LinkCase c(random);
    const auto r = c.link.residual(c.context(c.increments));
    const Eigen::VectorXd& a = c.increments;
    const Eigen::Quaterniond pole_rotation =
        rodrigues_to_quaternion(a.segment<3>(3)) * c.nodes[0].rotation;
    const Vec3 pole = c.nodes[0].position + a.segment<3>(0);
    const Vec3 node = c.nodes[1].position + a.segment<3>(6);
    const Vec3 gap = node - pole - pole_rotation * c.link.point();
    CHECK((r.segment<3>(12) - gap).norm() < 1e-12 * (1 + gap.norm()));
    CHECK((r.segment<3>(15) - (a.segment<3>(9) - a.segment<3>(3))).norm() < 1e-14);
  }
}

TEST_CASE("rigid-node link DOFs: pole, node, multipliers", "[rigid_node]") {
  const RigidNodeLink link(2, 5, 40, Vec3(1, 0, 0));
  const std::vector<int> expected{12, 13, 14, 15, 16, 17, 30, 31, 32,
                                  33, 34, 35, 40, 41, 42, 43, 44, 45};
  CHECK(std::vector<int>(link.dofs().begin(), link.dofs().end()) == expected);
  CHECK_THROWS(RigidNodeLink(1, 1, 12, Vec3::Zero()));
}

// A pole spinning about z at ω with s = (a, 0, 0): the node moves on a circle,
// v = ω a e_y, centripetal acceleration −ω² a e_x, plus the pole's own motion.
TEST_CASE("a rigid node follows its body's rigid motion", "[rigid_node]") {
  const double a = 0.7, omega = 3.0, alpha = 2.0;
  const RigidNodeLink link(0, 1, 12, Vec3(a, 0, 0));
  NodeState pole;
  pole.position = Vec3(1, 2, 3);
  pole.rotation = rotation_vector_to_quaternion(Vec3(0, 0, kPi / 2));  // s^{i} = (0, a, 0)
  pole.velocity = Vec3(0.5, 0, 0);
  pole.acceleration = Vec3(0, 0, -9.81);
  pole.angular_velocity = Vec3(0, 0, omega);
  pole.angular_acceleration = Vec3(0, 0, alpha);
  const NodeState node = link.follow(pole);
  CHECK((node.position - Vec3(1, 2 + a, 3)).norm() < 1e-15);
  CHECK(node.rotation.angularDistance(pole.rotation) < 1e-15);
  CHECK((node.velocity - Vec3(0.5 - omega * a, 0, 0)).norm() < 1e-14);
  CHECK((node.acceleration - Vec3(-alpha * a, -omega * omega * a, -9.81)).norm() < 1e-13);
  CHECK((node.angular_velocity - pole.angular_velocity).norm() == 0.0);
}

// μ = Ξ(α_N^Δ)ᵀ m at equilibrium with a node moment m; reaction() returns m.
TEST_CASE("the link reaction turns the pseudo-moment back into the spatial moment",
          "[rigid_node]") {
  Random random(5);
  for (int trial = 0; trial < 20; ++trial) {
    const RigidNodeLink link(0, 1, 12, random.normal(1.0));
    Eigen::VectorXd a = Eigen::VectorXd::Zero(kLinkDofs);
    const Vec3 alpha = random.normal(0.4), force = random.normal(3.0), moment = random.normal(2.0);
    a.segment<3>(9) = alpha;
    a.segment<3>(12) = force;
    a.segment<3>(15) = xi_matrix<double>(alpha).transpose() * moment;
    const Wrench<double> reaction = link.reaction(a);
    CHECK((reaction.force - force).norm() == 0.0);
    CHECK((reaction.moment - moment).norm() < 1e-13 * (1 + moment.norm()));
  }
}

TEST_CASE("node-load tangent matches central differences of its residual", "[rigid_node]") {
  Random random(19);
  double worst = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const NodeLoad load(1, random.node_loads(), random.uniform(0.1, 2.0));
    const std::vector<NodeState> nodes{random.state(), random.state()};
    Eigen::VectorXd increments = Eigen::VectorXd::Zero(12);
    increments.segment<3>(6) = random.normal(0.1);
    increments.segment<3>(9) = random.normal(0.3);
    const double time = random.uniform(0.0, 2.0);
    Eigen::VectorXd residual(6);
    Eigen::MatrixXd tangent(6, 6);
    load.evaluate(make_context(time, nodes, increments), residual, tangent);
    CHECK((residual - load.residual(make_context(time, nodes, increments))).norm() <=
          1e-14 * (1 + residual.norm()));
    const auto residual_of = [&](const Eigen::VectorXd& a) -> Eigen::VectorXd {
      return load.residual(make_context(time, nodes, a));
    };
    const Eigen::MatrixXd fd = central_differences(residual_of, increments, 6, 6);
    CHECK(tangent.leftCols<3>().norm() == 0.0);  // constant forces do not depend on u^Δ
    const double error = column_error(tangent.rightCols<3>(), fd.rightCols<3>());
    worst = std::max(worst, error);
    INFO("trial " << trial);
    CHECK(error < 1e-6);
  }
  INFO("max column-relative error " << worst);
  CHECK(worst < 1e-6);
}

TEST_CASE("node loads: residual, reference force and work in closed form", "[rigid_node]") {
  AppliedLoad load;
  load.force = Vec3(3, -4, 0);
  load.moment = Vec3(0, 0, 2);
  load.scale = TimeFunction::ramp(0.0, 0.0, 2.0, 2.0);  // s(t) = t
  const NodeLoad element(0, {load}, 0.5);
  const std::vector<NodeState> nodes{NodeState{}};
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6);
  const StepContext ctx = make_context(1.5, nodes, zero);
  Vec6 expected;
  expected << -4.5, 6.0, 0, 0, 0, -3.0;
  CHECK((element.residual(ctx) - expected).norm() < 1e-15);
  CHECK(element.reference_force(ctx) == Approx(7.5));  // max(1.5·5, 1.5·2 / 0.5)

  // From t = 1 to 2 the node moves by d and turns by θ about z: W = s̄ (F·d + M·θ).
  NodeState after;
  after.position = Vec3(0.2, 0.1, 0.3);
  after.rotation = rotation_vector_to_quaternion(Vec3(0, 0, 0.25));
  const double work = element.external_work_increment(NodeState{}, after, 1.0, 2.0, false);
  CHECK(work == Approx(1.5 * (0.6 - 0.4 + 2 * 0.25)).epsilon(1e-14));

  AppliedLoad with_point = load;
  with_point.point = Vec3(1, 0, 0);
  CHECK_THROWS(NodeLoad(0, {with_point}, 1.0));
}

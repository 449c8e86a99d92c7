// Rigid-body element (eqs. 10–25) and the Newmark state update (eqs. 20–22).
// References: central finite differences for the tangent, closed-form
// Newton–Euler solutions, exact Newmark motions, and hand-computed diagnostics.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>

#include "elements/rigid_body.hpp"
#include "solvers/newmark_update.hpp"
#include "src/core/rotation.hpp"
#include "src/model/newmark.hpp"
#include "tests/support/finite_differences.hpp"

using namespace polydem;

namespace {

constexpr double kPi = 3.14159265358979323846;

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
  /// Inertia of a box of random sides, in random body axes: always physically admissible.
  Mat3 inertia(double mass) {
    const Vec3 sides(uniform(0.2, 2.0), uniform(0.2, 2.0), uniform(0.2, 2.0));
    const Vec3 s2 = sides.cwiseAbs2();
    const Vec3 principal = mass / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y());
    const Mat3 axes = rotation().toRotationMatrix();
    return axes * principal.asDiagonal() * axes.transpose();
  }
  std::vector<AppliedLoad> loads() {
    std::vector<AppliedLoad> loads(static_cast<std::size_t>(uniform(0.0, 2.99)));
    for (AppliedLoad& load : loads) {
      load.force = normal(3.0);
      load.moment = normal(2.0);
      load.point = normal(0.7);
      load.scale = TimeFunction::ramp(0.0, uniform(-1, 1), 2.0, uniform(-1, 1));
    }
    return loads;
  }
  NodeState state() {
    NodeState s;
    s.position = normal(2.0);
    s.rotation = rotation();
    s.velocity = normal(1.0);
    s.acceleration = normal(2.0);
    s.angular_velocity = normal(2.0);
    s.angular_acceleration = normal(3.0);
    return s;
  }
};

/// A step context over `nodes` with the given increments (kept alive by the caller).
StepContext make_context(AnalysisType type, double time, double dt, double beta,
                         const Vec3& gravity, double load_factor,
                         const std::vector<NodeState>& nodes, const Eigen::VectorXd& increments) {
  StepContext ctx;
  ctx.type = type;
  ctx.time = time;
  ctx.dt = dt;
  ctx.load_factor = load_factor;
  ctx.newmark = NewmarkCoefficients::make(beta, 0.5, dt);
  ctx.gravity = gravity;
  ctx.nodes = nodes;
  ctx.increments = &increments;
  return ctx;
}

struct Evaluation {
  Eigen::VectorXd residual = Eigen::VectorXd::Zero(6);
  Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(6, 6);
};

Evaluation evaluate(const RigidBody& body, const StepContext& ctx) {
  Evaluation e;
  body.evaluate(ctx, e.residual, e.tangent);
  return e;
}

Vec6 wrench(const Vec3& force, const Vec3& moment) {
  Vec6 w;
  w << force, moment;
  return w;
}

}  // namespace

TEST_CASE("rigid-body tangent matches central differences of the residual", "[rigid_body]") {
  Random random(42);
  double max_error = 0.0;
  for (int trial = 0; trial < 120; ++trial) {
    const AnalysisType type = trial % 2 == 0 ? AnalysisType::Dynamic : AnalysisType::Static;
    const double mass = random.uniform(0.5, 5.0);
    const RigidBody body(1, mass, random.inertia(mass), random.normal(0.5), 1.0, random.loads());
    const std::vector<NodeState> nodes{random.state(), random.state()};
    Eigen::VectorXd increments = Eigen::VectorXd::Zero(12);
    increments.segment<3>(6) = random.normal(0.1);
    increments.segment<3>(9) = random.normal(0.3);
    const double dt = random.uniform(0.02, 0.5);
    const double beta = trial % 4 < 2 ? 0.3 : 0.25;
    const StepContext ctx =
        make_context(type, random.uniform(0.0, 2.0), dt, beta, random.normal(10.0),
                     random.uniform(0.2, 1.0), nodes, increments);
    const Evaluation e = evaluate(body, ctx);
    CHECK((e.residual - body.residual(ctx)).norm() <= 1e-12 * (1.0 + e.residual.norm()));
    Vec6 plain = Vec6::Constant(1e300);
    body.evaluate_residual(ctx, plain);
    CHECK(plain == body.residual(ctx));

    const Eigen::MatrixXd fd =
        testing::finite_jacobian(increments.segment<6>(6), [&](const Eigen::VectorXd& own) {
          Eigen::VectorXd shifted = increments;
          shifted.segment<6>(6) = own;
          return body.residual(
              make_context(type, ctx.time, dt, beta, ctx.gravity, ctx.load_factor, nodes, shifted));
        });
    // Column by column, so that a small geometric column cannot hide under the
    // large Newmark mass term of another.
    for (int k = 0; k < 6; ++k) {
      const double error = (e.tangent.col(k) - fd.col(k)).norm() /
                           (e.tangent.col(k).norm() + 1e-9 * e.tangent.norm());
      max_error = std::max(max_error, error);
      INFO("trial " << trial << " column " << k);
      CHECK(error < 1e-6);
    }
  }
  INFO("max column-relative error " << max_error);
  CHECK(max_error < 1e-6);
}

TEST_CASE("element DOFs are the six of its pole", "[rigid_body]") {
  const RigidBody body(3, 1.0, Mat3::Identity(), Vec3::Zero(), 1.0, {});
  const std::vector<int> expected{18, 19, 20, 21, 22, 23};
  CHECK(std::vector<int>(body.dofs().begin(), body.dofs().end()) == expected);
}

TEST_CASE("static residual is minus the external wrench (hand values)", "[rigid_body]") {
  // Pole offset b^r = (1,0,0); body turned 90° about z; one load at p^r = (0,2,0).
  AppliedLoad load;
  load.force = Vec3(3.0, 0.0, 0.0);
  load.moment = Vec3(0.0, 0.0, 5.0);
  load.point = Vec3(0.0, 2.0, 0.0);
  load.scale = TimeFunction::constant(2.0);
  const RigidBody body(0, 2.0, Mat3::Identity(), Vec3(1.0, 0.0, 0.0), 1.0, {load});
  NodeState state;
  state.rotation = rotation_vector_to_quaternion(Vec3(0.0, 0.0, 0.5 * kPi));
  const std::vector<NodeState> nodes{state};
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6);
  const StepContext ctx =
      make_context(AnalysisType::Static, 1.0, 1.0, 0.3, Vec3(0, 0, -10), 0.5, nodes, zero);
  // Weight 0.5·2·(0,0,−10) at b = (0,1,0); force (6,0,0) at p = (−2,0,0); moment (0,0,10).
  const Vec3 force = Vec3(6.0, 0.0, -10.0);
  const Vec3 moment = Vec3(0, 1, 0).cross(Vec3(0, 0, -10)) + Vec3(0, 0, 10);  // p × F = 0
  CHECK((body.residual(ctx) + wrench(force, moment)).norm() < 1e-14);
}

TEST_CASE("exact Newmark motions leave no residual", "[rigid_body]") {
  const double dt = 0.1;
  const double beta = GENERATE(0.3, 0.25);
  const Vec3 g(0.0, 0.0, -9.81);

  SECTION("free fall of a non-rotating body with an offset pole") {
    // ü^{i+1} = g exactly for u^Δ = v Δt + g Δt²/2, whatever β.
    const RigidBody body(0, 3.0, Mat3::Identity(), Vec3(0.3, -0.2, 0.5), 1.0, {});
    NodeState state;
    state.rotation = rotation_vector_to_quaternion(Vec3(0.4, 0.1, -1.0));
    state.velocity = Vec3(1.0, -2.0, 0.5);
    state.acceleration = g;
    const std::vector<NodeState> nodes{state};
    Eigen::VectorXd inc = Eigen::VectorXd::Zero(6);
    inc.head<3>() = state.velocity * dt + 0.5 * g * dt * dt;
    const StepContext ctx = make_context(AnalysisType::Dynamic, dt, dt, beta, g, 1.0, nodes, inc);
    CHECK(body.residual(ctx).norm() < 1e-12);
  }
  SECTION("steady spin about a principal axis, pole at the centre of mass") {
    // With ω̇^i = 0 and α^Δ = ω Δt along ω, eq. (22) gives ω^{i+1} = ω, ω̇^{i+1} = 0,
    // and ω × Jω = 0 about a principal axis.
    const Mat3 inertia_body = Vec3(1.0, 2.0, 3.0).asDiagonal();
    const RigidBody body(0, 2.0, inertia_body, Vec3::Zero(), 1.0, {});
    NodeState state;
    state.rotation = rotation_vector_to_quaternion(Vec3(0.3, -1.1, 2.0));
    const Vec3 axis = state.rotation * Vec3::UnitY();
    state.angular_velocity = 7.0 * axis;
    const std::vector<NodeState> nodes{state};
    Eigen::VectorXd inc = Eigen::VectorXd::Zero(6);
    inc.tail<3>() = state.angular_velocity * dt;
    const StepContext ctx =
        make_context(AnalysisType::Dynamic, dt, dt, beta, Vec3::Zero(), 1.0, nodes, inc);
    CHECK(body.residual(ctx).norm() < 1e-12);
  }
}

TEST_CASE("moving the pole away from the centre of mass changes nothing physical", "[rigid_body]") {
  Random random(7);
  for (int trial = 0; trial < 30; ++trial) {
    const double mass = random.uniform(0.5, 5.0);
    const Mat3 inertia_com = random.inertia(mass);
    const Vec3 offset = random.normal(0.6);  // b^r of the offset body
    std::vector<AppliedLoad> loads_com = random.loads();
    std::vector<AppliedLoad> loads_offset = loads_com;
    for (AppliedLoad& load : loads_offset) load.point += offset;  // same material points
    const RigidBody at_com(0, mass, inertia_com, Vec3::Zero(), 1.0, loads_com);
    const RigidBody offset_pole(0, mass, inertia_com, offset, 1.0, loads_offset);

    NodeState com_state = random.state();
    const Mat3 rotation = com_state.rotation.toRotationMatrix();
    const Vec3 b = rotation * offset;
    NodeState pole_state = com_state;
    pole_state.position = com_state.position - b;
    pole_state.velocity = com_state.velocity - com_state.angular_velocity.cross(b);
    const double t0 = random.uniform(0.0, 2.0);
    const Vec3 g = random.normal(10.0);

    at_com.initial_accelerations(com_state, t0, g);
    offset_pole.initial_accelerations(pole_state, t0, g);

    // Independent reference: Newton–Euler about the centre of mass.
    Vec3 force = mass * g, moment = Vec3::Zero();
    for (const AppliedLoad& load : loads_com) {
      const double s = load.scale(t0);
      force += s * load.force;
      moment += (rotation * load.point).cross(s * load.force) + s * load.moment;
    }
    const Mat3 j = rotation * inertia_com * rotation.transpose();
    const Vec3& w = com_state.angular_velocity;
    const Vec3 omega_dot = j.ldlt().solve(moment - w.cross(j * w));
    const double scale = 1.0 + force.norm() / mass + omega_dot.norm();
    CHECK((com_state.acceleration - force / mass).norm() < 1e-11 * scale);
    CHECK((com_state.angular_acceleration - omega_dot).norm() < 1e-11 * scale);

    const Vec3& wd = pole_state.angular_acceleration;
    const Vec3 com_acceleration = pole_state.acceleration + wd.cross(b) + w.cross(w.cross(b));
    CHECK((com_acceleration - force / mass).norm() < 1e-11 * scale);
    CHECK((wd - omega_dot).norm() < 1e-11 * scale);
    CHECK(offset_pole.centre_of_mass(pole_state).isApprox(at_com.centre_of_mass(com_state)));
    CHECK(offset_pole.kinetic_energy(pole_state) == Approx(at_com.kinetic_energy(com_state)));
    CHECK(offset_pole.angular_momentum(pole_state)
              .isApprox(at_com.angular_momentum(com_state), 1e-12));
  }
}

TEST_CASE("static residuals with pole offset transform as a wrench", "[rigid_body]") {
  // Same material motion: α^Δ equal, pole displacement differs by (Q^{i+1} − Q^i) b^r.
  // Then r_u is equal and r_α(offset) = r_α(com) + Ξᵀ (b^{i+1} × r_u).
  Random random(11);
  for (int trial = 0; trial < 30; ++trial) {
    const double mass = random.uniform(0.5, 5.0);
    const Mat3 inertia_com = random.inertia(mass);
    const Vec3 offset = random.normal(0.6);
    std::vector<AppliedLoad> loads_com = random.loads();
    std::vector<AppliedLoad> loads_offset = loads_com;
    for (AppliedLoad& load : loads_offset) load.point += offset;
    const RigidBody at_com(0, mass, inertia_com, Vec3::Zero(), 1.0, loads_com);
    const RigidBody offset_pole(0, mass, inertia_com, offset, 1.0, loads_offset);

    const NodeState com_state = random.state();
    const Mat3 q_i = com_state.rotation.toRotationMatrix();
    NodeState pole_state = com_state;
    pole_state.position -= q_i * offset;
    const Vec3 alpha = random.normal(0.3);
    const Mat3 q_next = rodrigues_matrix(alpha) * q_i;
    Eigen::VectorXd inc_com(6), inc_pole(6);
    inc_com << random.normal(0.2), alpha;
    inc_pole << inc_com.head<3>() - (q_next - q_i) * offset, alpha;

    const std::vector<NodeState> com_nodes{com_state}, pole_nodes{pole_state};
    const Vec3 g = random.normal(10.0);
    const Vec6 r_com = at_com.residual(
        make_context(AnalysisType::Static, 1.3, 1.0, 0.3, g, 0.7, com_nodes, inc_com));
    const Vec6 r_pole = offset_pole.residual(
        make_context(AnalysisType::Static, 1.3, 1.0, 0.3, g, 0.7, pole_nodes, inc_pole));
    const Vec3 r_force = r_com.head<3>();
    const Vec3 shifted =
        r_com.tail<3>() + xi_matrix(alpha).transpose() * (q_next * offset).cross(r_force);
    CHECK((r_pole.head<3>() - r_force).norm() < 1e-12 * (1.0 + r_force.norm()));
    CHECK((r_pole.tail<3>() - shifted).norm() < 1e-12 * (1.0 + shifted.norm()));
  }
}

TEST_CASE("energy and momentum diagnostics (hand-computed)", "[rigid_body]") {
  // m = 2, J_G = diag(1,2,3) in body axes, b^r = (1,0,0), body turned 90° about z:
  // b = (0,1,0), J_G global = diag(2,1,3). u̇_P = (3,0,1), ω = (0,0,2):
  // v_G = u̇ + ω × b = (1,0,1); T = ½·2·2 + ½·3·4 = 8; p = (2,0,2);
  // x_P = (1,2,3) → x_G = (1,3,3); L = x_G × p + J ω = (6,4,−6) + (0,0,6) = (6,4,0).
  const RigidBody body(0, 2.0, Vec3(1.0, 2.0, 3.0).asDiagonal(), Vec3(1.0, 0.0, 0.0), 1.0, {});
  NodeState state;
  state.position = Vec3(1.0, 2.0, 3.0);
  state.rotation = rotation_vector_to_quaternion(Vec3(0.0, 0.0, 0.5 * kPi));
  state.velocity = Vec3(3.0, 0.0, 1.0);
  state.angular_velocity = Vec3(0.0, 0.0, 2.0);
  CHECK((body.centre_of_mass(state) - Vec3(1.0, 3.0, 3.0)).norm() < 1e-14);
  CHECK(body.kinetic_energy(state) == Approx(8.0).epsilon(1e-14));
  CHECK((body.linear_momentum(state) - Vec3(2.0, 0.0, 2.0)).norm() < 1e-14);
  CHECK((body.angular_momentum(state) - Vec3(6.0, 4.0, 0.0)).norm() < 1e-13);
  CHECK(body.potential_energy(state, Vec3(0.0, 0.0, -9.81)) == Approx(2.0 * 9.81 * 3.0));
  // Parallel-axis shift: J_P = J_G + m(|b|² I − b bᵀ) = diag(1, 4, 5).
  CHECK((body.inertia_about_pole() - Mat3(Vec3(1.0, 4.0, 5.0).asDiagonal())).norm() < 1e-15);
}

TEST_CASE("external work increment (hand-computed)", "[rigid_body]") {
  AppliedLoad push;  // F = (0,1,0) at p^r = (1,0,0), ramped 1 → 3 over t ∈ [0, 1]
  push.force = Vec3(0.0, 1.0, 0.0);
  push.point = Vec3(1.0, 0.0, 0.0);
  push.scale = TimeFunction::ramp(0.0, 1.0, 1.0, 3.0);
  AppliedLoad twist;  // M = (0,0,5)
  twist.moment = Vec3(0.0, 0.0, 5.0);
  const RigidBody body(0, 2.0, Mat3::Identity(), Vec3(0.0, 0.0, 1.0), 1.0, {push, twist});

  const double phi = 0.3;
  NodeState before, after;
  after.position = Vec3(0.5, 0.25, 0.0);
  after.rotation = rotation_vector_to_quaternion(Vec3(0.0, 0.0, phi));
  // Point moves by (0.5 + cos φ − 1, 0.25 + sin φ, 0); mean scale 2.
  const double expected = 2.0 * (0.25 + std::sin(phi)) + 5.0 * phi;
  const Vec3 g(0.0, 0.0, -9.81);
  CHECK(body.external_work_increment(before, after, 0.0, 1.0, g, g, false) ==
        Approx(expected).epsilon(1e-14));

  // Gravity ramped from 0 to g with the body at rest: the potential changes by
  // −m g·x_G without motion, and the work term balances it.
  NodeState raised;
  raised.position = Vec3(0.0, 0.0, 4.0);
  const double work =
      body.external_work_increment(raised, raised, 5.0, 5.0, Vec3::Zero(), g, false);
  const double potential_change =
      body.potential_energy(raised, g) - body.potential_energy(raised, Vec3::Zero());
  CHECK(work == Approx(potential_change).epsilon(1e-14));
  CHECK(work == Approx(2.0 * 9.81 * 5.0).epsilon(1e-14));
}

TEST_CASE("external work increment of a dynamic step: mean load times mean velocity times dt",
          "[rigid_body]") {
  AppliedLoad push;  // F = (0,1,0) at p^r = (1,0,0), ramped 1 → 3 over t ∈ [0, 2]
  push.force = Vec3(0.0, 1.0, 0.0);
  push.point = Vec3(1.0, 0.0, 0.0);
  push.scale = TimeFunction::ramp(0.0, 1.0, 2.0, 3.0);
  AppliedLoad twist;  // M = (0,0,5)
  twist.moment = Vec3(0.0, 0.0, 5.0);
  const RigidBody body(0, 2.0, Mat3::Identity(), Vec3(0.0, 0.0, 1.0), 1.0, {push, twist});
  NodeState before, after;
  before.velocity = Vec3(0.0, 0.5, 0.0);
  after.velocity = Vec3(0.0, 1.5, 0.0);
  after.angular_velocity = Vec3(0.0, 0.0, 2.0);
  after.rotation = rotation_vector_to_quaternion(Vec3(0.0, 0.0, 0.5 * kPi));
  // Point velocities: (0, 0.5, 0) and (0, 1.5, 0) + ω × (0, 1, 0) = (−2, 1.5, 0);
  // F·v̄ = 1 with the mean scale 1.5 (s = 1 at 0, 2 at 1); M·ω̄ = 5 (scale 1); Δt = 1.
  const Vec3 g(0.0, 0.0, -9.81);
  CHECK(body.external_work_increment(before, after, 0.0, 1.0, g, g, true) ==
        Approx(1.5 * 1.0 + 5.0).epsilon(1e-14));
}

TEST_CASE("reference force and length scale", "[rigid_body]") {
  AppliedLoad load;
  load.force = Vec3(0.0, 3.0, 4.0);  // |F| = 5
  load.moment = Vec3(0.0, 0.0, 60.0);
  load.scale = TimeFunction::constant(0.5);
  const double mass = 6.0;
  const Mat3 inertia = Mat3::Identity() * mass * 0.4 * 0.4 / 6.0;  // cube of side 0.4
  const std::vector<Vec3> reach = {Vec3::Zero(), load.point};
  const double length_scale = RigidBody::natural_length_scale(mass, inertia, reach);
  CHECK(length_scale == Approx(0.2));  // half the side
  const RigidBody body(2, mass, inertia, Vec3::Zero(), length_scale, {load});
  CHECK(body.node() == 2);
  CHECK(RigidBody::natural_length_scale(mass, inertia, std::vector<Vec3>{Vec3(3, 0, 0)}) == 3.0);

  std::vector<NodeState> nodes(3);
  const Eigen::VectorXd inc = Eigen::VectorXd::Zero(18);
  // |M s|/L = 30/0.2 = 150 beats m|g|λ = 6·10·0.5 = 30 and |F s| = 2.5.
  StepContext ctx =
      make_context(AnalysisType::Static, 0.0, 1.0, 0.3, Vec3(0, 0, -10), 0.5, nodes, inc);
  CHECK(body.reference_force(ctx) == Approx(150.0));
  // Dynamic: m |u̇|/Δt = 6·100/0.01 dominates.
  nodes[2].velocity = Vec3(100.0, 0.0, 0.0);
  ctx = make_context(AnalysisType::Dynamic, 0.0, 0.01, 0.3, Vec3(0, 0, -10), 1.0, nodes, inc);
  CHECK(body.reference_force(ctx) == Approx(6.0 * 100.0 / 0.01));
}

TEST_CASE("advance_node satisfies the Newmark relations of eq. 20", "[newmark]") {
  Random random(5);
  for (int trial = 0; trial < 50; ++trial) {
    const double dt = random.uniform(0.001, 0.3);
    const double beta = trial % 2 ? 0.3 : 0.25, gamma = 0.5;
    const NewmarkCoefficients c = NewmarkCoefficients::make(beta, gamma, dt);
    const NodeState s = random.state();
    Vec6 inc;
    inc << random.normal(0.1), random.normal(0.2);
    const NodeState n = advance_node(s, inc, c, AnalysisType::Dynamic);
    const Vec3 u = inc.head<3>(), alpha = inc.tail<3>();
    const double tol = 1e-12 * (1.0 + u.norm() + alpha.norm());
    CHECK((n.position - s.position - u).norm() < tol);
    CHECK((u - (dt * s.velocity +
                0.5 * dt * dt * ((1 - 2 * beta) * s.acceleration + 2 * beta * n.acceleration)))
              .norm() < tol);
    CHECK((n.velocity - (s.velocity + dt * ((1 - gamma) * s.acceleration + gamma * n.acceleration)))
              .norm() < tol * (1 + 1 / dt));
    // Rotations: the same relations for α^Δ, with ω^{i+1}, ω̇^{i+1} pulled back by Q^Δᵀ.
    const Mat3 q_delta = rodrigues_matrix(alpha);
    const Vec3 w_next = q_delta.transpose() * n.angular_velocity;
    const Vec3 wd_next = q_delta.transpose() * n.angular_acceleration;
    CHECK((alpha - (dt * s.angular_velocity +
                    0.5 * dt * dt * ((1 - 2 * beta) * s.angular_acceleration + 2 * beta * wd_next)))
              .norm() < tol);
    CHECK((w_next -
           (s.angular_velocity + dt * ((1 - gamma) * s.angular_acceleration + gamma * wd_next)))
              .norm() < tol * (1 + 1 / dt));
    // Orientation: Q^{i+1} = Q(α^Δ) Q^i (eq. 5).
    CHECK((n.rotation.toRotationMatrix() - q_delta * s.rotation.toRotationMatrix()).norm() < 1e-13);
    const NodeState st = advance_node(s, inc, c, AnalysisType::Static);
    CHECK(st.velocity.isZero(0.0));
    CHECK(st.acceleration.isZero(0.0));
    CHECK(st.angular_velocity.isZero(0.0));
    CHECK(st.angular_acceleration.isZero(0.0));
    CHECK((st.rotation.coeffs() - n.rotation.coeffs()).norm() == 0.0);
  }
}

TEST_CASE("a body spun through many turns keeps an exact, unit orientation", "[newmark]") {
  const Vec3 axis = Vec3(1.0, 2.0, -2.0).normalized();
  const double rate = 9.0, dt = 0.013;
  const int steps = 2000;  // about 37 turns, passing θ = π each time
  const Vec3 alpha = 2.0 * std::tan(0.5 * rate * dt) * axis;
  const NewmarkCoefficients c = NewmarkCoefficients::make(0.3, 0.5, dt);
  NodeState state;
  state.angular_velocity = rate * axis;
  Vec6 inc;
  inc << Vec3::Zero(), alpha;
  for (int i = 0; i < steps; ++i) state = advance_node(state, inc, c, AnalysisType::Dynamic);
  const Mat3 expected = Eigen::AngleAxisd(steps * rate * dt, axis).toRotationMatrix();
  CHECK(state.rotation.norm() == Approx(1.0).margin(1e-15));
  CHECK((state.rotation.toRotationMatrix() - expected).norm() < 1e-11);
}

TEST_CASE("Newton with the element tangent converges quadratically for a tumbling body",
          "[rigid_body]") {
  // Asymmetric body, offset pole, gravity and an off-centre load; 50 steps of Δt = 0.02.
  AppliedLoad load;
  load.force = Vec3(0.0, 2.0, 1.0);
  load.moment = Vec3(0.3, 0.0, 0.0);
  load.point = Vec3(0.2, 0.1, -0.3);
  const RigidBody body(0, 2.0, Vec3(0.1, 0.3, 0.4).asDiagonal(), Vec3(0.2, -0.1, 0.3), 0.5, {load});
  const Vec3 g(0.0, 0.0, -9.81);
  NodeState state;
  state.rotation = rotation_vector_to_quaternion(Vec3(0.5, -0.2, 1.0));
  state.velocity = Vec3(0.5, 0.0, 3.0);
  state.angular_velocity = Vec3(3.0, 10.0, -2.0);
  body.initial_accelerations(state, 0.0, g);
  const double dt = 0.02;
  double worst_constant = 0.0;  // max r_{k+1} / r_k² in the asymptotic range
  for (int step = 1; step <= 50; ++step) {
    const std::vector<NodeState> nodes{state};
    Eigen::VectorXd inc = Eigen::VectorXd::Zero(6);
    const StepContext ctx =
        make_context(AnalysisType::Dynamic, step * dt, dt, 0.3, g, 1.0, nodes, inc);
    const double reference = body.reference_force(ctx);
    std::vector<double> norms;
    for (int it = 0; it < 12; ++it) {
      const Evaluation e = evaluate(body, ctx);
      norms.push_back(e.residual.norm() / reference);
      if (norms.back() < 1e-13) break;
      inc -= e.tangent.partialPivLu().solve(e.residual);
    }
    REQUIRE(norms.back() < 1e-13);
    CHECK(norms.size() <= 6);
    // Quadratic: r_{k+1} <= C r_k² once r_k is small. A tangent missing geometric
    // terms converges linearly and r_{k+1} / r_k² grows without bound as r_k → 0.
    for (std::size_t k = 1; k < norms.size(); ++k)
      if (norms[k - 1] < 1e-3 && norms[k] > 1e-14)
        worst_constant = std::max(worst_constant, norms[k] / (norms[k - 1] * norms[k - 1]));
    state = advance_node(state, Vec6(inc), ctx.newmark, AnalysisType::Dynamic);
  }
  INFO("worst r_{k+1} / r_k^2 " << worst_constant);
  CHECK(worst_constant > 0.0);  // the asymptotic range was actually reached
  CHECK(worst_constant < 10.0);
}

// Rigid nodes through the whole engine (paper §3.3): model builder, saddle-point
// assembly, linear-solver fallback, Newton, converged-state update, outputs.
// References: the same load given as a body load at a point (already verified
// against closed forms), a fine RK4 solution of the body's planar rotation,
// exact Newmark translation of the centre of mass, static equilibrium, and the
// quadratic rate of Newton's method.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <Eigen/Eigenvalues>
#include <nlohmann/json.hpp>

#include "solvers/auto_linear_solver.hpp"
#include "solvers/cholmod_solver.hpp"
#include "solvers/linear_solver.hpp"
#include "src/analysis/global_system.hpp"
#include "src/analysis/run_output.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/analysis_fixtures.hpp"
#include "tests/support/deck_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kPi = 3.14159265358979323846;

AppliedLoad constant_load(const Vec3& force, const Vec3& moment = Vec3::Zero()) {
  AppliedLoad load;
  load.force = force;
  load.moment = moment;
  load.scale = TimeFunction::constant(1.0);
  return load;
}

RigidNodeSpec rigid_node(const std::string& name, const Vec3& point,
                         std::vector<AppliedLoad> loads) {
  RigidNodeSpec node;
  node.name = name;
  node.point = point;
  node.loads = std::move(loads);
  return node;
}

// The same body twice: a force at s as a load at a rigid node, or as a body
// load with `point: s`. Body axes are the global ones, the pole is the centre
// of mass, and F and s lie in the xy plane, so the body turns about z only.
struct PulledBody {
  Vec3 point{0.3, 0.1, 0.0};
  Vec3 force{0.0, 2.0, 0.0};
  BodySpec body = box_body(1.5, Vec3(0.3, 0.2, 0.1));

  BodySpec with_rigid_node() const {
    BodySpec spec = body;
    spec.rigid_nodes.push_back(rigid_node("handle", point, {constant_load(force)}));
    return spec;
  }
  BodySpec with_body_load() const {
    BodySpec spec = body;
    AppliedLoad load = constant_load(force);
    load.point = point;
    spec.loads.push_back(load);
    return spec;
  }
  // θ'' = (Q(θ) s × F)_z / I_z, by classical RK4 with a step far below Newmark's.
  double rotation_angle(double end_time) const {
    const double inertia = body.inertia(2, 2);
    const auto acceleration = [&](double theta) {
      const Vec3 arm = rotation_vector_to_matrix(Vec3(0, 0, theta)) * point;
      return arm.cross(force).z() / inertia;
    };
    const int steps = 20000;
    const double h = end_time / steps;
    double theta = 0, omega = 0;
    for (int k = 0; k < steps; ++k) {
      const double k1t = omega, k1w = acceleration(theta);
      const double k2t = omega + 0.5 * h * k1w, k2w = acceleration(theta + 0.5 * h * k1t);
      const double k3t = omega + 0.5 * h * k2w, k3w = acceleration(theta + 0.5 * h * k2t);
      const double k4t = omega + h * k3w, k4w = acceleration(theta + h * k3t);
      theta += h / 6 * (k1t + 2 * k2t + 2 * k3t + k4t);
      omega += h / 6 * (k1w + 2 * k2w + 2 * k3w + k4w);
    }
    return theta;
  }
};

double rotation_difference(const NodeState& a, const NodeState& b) {
  return a.rotation.angularDistance(b.rotation);
}

// A fresh directory, removed afterwards.
struct ScratchDirectory {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("polydem_test_rigid_nodes_" + std::to_string(::getpid()));
  ScratchDirectory() { std::filesystem::create_directories(path); }
  ~ScratchDirectory() { std::filesystem::remove_all(path); }
};

}  // namespace

TEST_CASE("a rigid node adds 6 node DOFs and 6 multipliers and starts on its body",
          "[rigid_node][model]") {
  BodySpec body = box_body(2.0, Vec3(0.1, 0.2, 0.3));
  body.position = Vec3(1, 2, 3);
  body.rotation = Vec3(0.2, -0.4, 0.9);
  body.angular_velocity = Vec3(0, 0, 2);
  body.rigid_nodes.push_back(rigid_node("tip", Vec3(0.5, 0, 0), {}));
  const Model model = build_model(single_step_deck(body, 1.0, 0.1, Vec3::Zero()));
  CHECK(model.dofs.dof_count() == 18);
  CHECK(model.dofs.equation_count() == 18);
  REQUIRE(model.nodes.size() == 2);
  REQUIRE(model.rigid_nodes.size() == 1);
  CHECK(model.elements().size() == 2);  // no loads, no load element
  const Vec3 expected = body.position + rotation_vector_to_matrix(body.rotation) * Vec3(0.5, 0, 0);
  CHECK((model.nodes[1].position - expected).norm() < 1e-15);
  CHECK((model.nodes[1].velocity - body.angular_velocity.cross(expected - body.position)).norm() <
        1e-15);
  CHECK(rotation_difference(model.nodes[0], model.nodes[1]) == 0.0);
}

TEST_CASE("a force at a rigid node equals the same body load at that point", "[rigid_node]") {
  const PulledBody pulled;
  const double end = 0.4;  // the body turns by about 0.7 rad
  const RunResult at_node =
      run_deck_in_memory(single_step_deck(pulled.with_rigid_node(), end, 1e-3, Vec3::Zero()));
  const RunResult at_point =
      run_deck_in_memory(single_step_deck(pulled.with_body_load(), end, 1e-3, Vec3::Zero()));
  REQUIRE_FALSE(at_node.totals.gave_up);
  REQUIRE(at_node.steps.size() == at_point.steps.size());

  const NodeState& pole = at_node.model.nodes[0];
  const NodeState& reference = at_point.model.nodes[0];
  INFO("position difference " << (pole.position - reference.position).norm()
                              << ", rotation difference " << rotation_difference(pole, reference)
                              << ", angular velocity difference "
                              << (pole.angular_velocity - reference.angular_velocity).norm());
  CHECK((pole.position - reference.position).norm() < 1e-10);
  CHECK(rotation_difference(pole, reference) < 1e-10);
  CHECK((pole.velocity - reference.velocity).norm() < 1e-10);
  CHECK((pole.angular_velocity - reference.angular_velocity).norm() < 1e-10);
  // The node's work is counted like the body load's: the same energy balance.
  CHECK(at_node.monitor.back().external_work ==
        Approx(at_point.monitor.back().external_work).epsilon(1e-10));
  CHECK(at_node.monitor.back().total_energy() ==
        Approx(at_point.monitor.back().total_energy()).margin(1e-10));

  // Closed forms: the centre of mass (the pole) accelerates at F/m, exactly
  // under Newmark for a constant force; the spin follows θ'' = (s × F)_z / I_z.
  const double mass = pulled.body.mass;
  CHECK((pole.position - 0.5 * pulled.force / mass * end * end).norm() < 1e-12);
  CHECK((pole.velocity - pulled.force / mass * end).norm() < 1e-12);
  const double theta = quaternion_to_rotation_vector(pole.rotation).z();
  const double theta_reference = pulled.rotation_angle(end);
  INFO("theta " << theta << " RK4 " << theta_reference);
  CHECK(theta == Approx(theta_reference).epsilon(1e-5));
  CHECK(quaternion_to_rotation_vector(pole.rotation).head<2>().norm() < 1e-12);

  // The node sits at x_P + Q s, and its multiplier is the applied force.
  const NodeState& node = at_node.model.nodes[1];
  CHECK((node.position - (pole.position + pole.rotation * pulled.point)).norm() < 1e-14);
  const Wrench<double>& reaction = at_node.model.rigid_nodes[0].reaction;
  CHECK((reaction.force - pulled.force).norm() < 1e-10);
  CHECK(reaction.moment.norm() < 1e-10);
}

TEST_CASE("static step: the multipliers of a fixed body's rigid node are the applied load",
          "[rigid_node][static]") {
  BodySpec body = box_body(3.0, Vec3(0.2, 0.2, 0.2));
  body.fixed = true;
  body.position = Vec3(0.5, -1, 2);
  body.rotation = Vec3(0.3, 0.5, -0.2);
  const Vec3 force(3, -1, 4), moment(0.5, 0.25, -2), point(0.4, -0.1, 0.3);
  body.rigid_nodes.push_back(rigid_node("bracket", point, {constant_load(force, moment)}));
  DeckData deck = single_step_deck(body, 1.0, 0.25, Vec3(0, 0, -9.81));
  deck.steps[0].type = AnalysisType::Static;
  const RunResult run = run_deck_in_memory(deck);
  REQUIRE_FALSE(run.totals.gave_up);
  CHECK(run.steps.size() == 4);
  const Wrench<double>& reaction = run.model.rigid_nodes[0].reaction;
  CHECK((reaction.force - force).norm() < 1e-12);
  CHECK((reaction.moment - moment).norm() < 1e-12);
  const Vec3 expected = body.position + rotation_vector_to_matrix(body.rotation) * point;
  CHECK((run.model.nodes[1].position - expected).norm() < 1e-14);
}

// The constraint makes the tangent a symmetric indefinite saddle-point matrix:
// CHOLMOD's LLᵀ must fail, and the automatic choice must fall back to UMFPACK.
TEST_CASE("the rigid-node saddle point defeats CHOLMOD and auto falls back to UMFPACK",
          "[rigid_node][linear_solver]") {
  BodySpec body = box_body(1.0, Vec3(0.1, 0.1, 0.1));
  body.fixed = true;
  body.rigid_nodes.push_back(rigid_node("tip", Vec3(0.2, 0, 0), {constant_load(Vec3(1, 2, 3))}));
  DeckData deck = single_step_deck(body, 1.0, 0.5, Vec3::Zero());
  deck.steps[0].type = AnalysisType::Static;
  Model model = build_model(deck);
  GlobalSystem system(model, 1);
  StepContext context;
  context.type = AnalysisType::Static;
  context.time = 0.5;
  context.dt = 0.5;
  system.begin_step(context, 0.0);
  system.evaluate();
  const SparseMatrix& tangent = system.tangent();
  REQUIRE(tangent.rows() == 12);
  CHECK((Eigen::MatrixXd(tangent) - Eigen::MatrixXd(tangent).transpose()).norm() == 0.0);
  // [[0, I], [I, 0]] blocks: eigenvalues ±1, indefinite.
  const Eigen::VectorXd eigenvalues =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Eigen::MatrixXd(tangent)).eigenvalues();
  CHECK(eigenvalues.minCoeff() < -0.5);
  CHECK(eigenvalues.maxCoeff() > 0.5);

  auto cholmod = make_cholmod_solver();
  cholmod->analyze(tangent);
  CHECK_FALSE(cholmod->factorize(tangent));

  auto automatic = make_auto_linear_solver();
  automatic->analyze(tangent);
  REQUIRE(automatic->factorize(tangent));
  CHECK(automatic->name() == "umfpack");
  Eigen::VectorXd correction;
  REQUIRE(automatic->solve(-system.residual(), correction));
  CHECK((tangent * correction + system.residual()).norm() < 1e-14);

  // Through the whole run: `cholmod` gives up, `auto` completes.
  deck.steps[0].linear_solver =
      linear_solvers().build(testing::declared("linear_solver", "cholmod"));
  CHECK(run_deck_in_memory(deck).totals.gave_up);
  deck.steps[0].linear_solver = automatic_linear_solver();
  CHECK_FALSE(run_deck_in_memory(deck).totals.gave_up);
}

// e_{k+1} ≈ C e_k² in the asymptotic range: the link's and the node load's
// tangents are consistent, so the rate stays quadratic with a rigid node.
TEST_CASE("Newton converges quadratically on a nonlinear step with a rigid node",
          "[rigid_node][newton]") {
  BodySpec body;
  body.name = "spinner";
  body.mass = 1.0;
  body.inertia = Vec3(1.0, 2.0, 3.0).asDiagonal();
  body.angular_velocity = Vec3(2.0, 5.0, -3.0);
  body.centre_of_mass = Vec3(0.1, -0.05, 0.08);
  body.rigid_nodes.push_back(
      rigid_node("arm", Vec3(0.6, -0.3, 0.4), {constant_load(Vec3(4, -6, 5), Vec3(1, 2, -1.5))}));
  DeckData deck = single_step_deck(body, 0.05, 0.05, Vec3(0, 0, -9.81));
  deck.steps[0].newton.residual_tolerance = 1e-14;
  deck.steps[0].newton.increment_tolerance = 1e-15;
  const RunResult run = run_deck_in_memory(deck);
  REQUIRE(run.steps.size() == 1);
  const auto& norms = run.steps[0].residual_norms;
  std::ostringstream history;
  for (double e : norms) history << ' ' << e;
  INFO("residual norms:" << history.str());
  REQUIRE(norms.size() >= 4);
  int checked = 0;
  for (std::size_t k = 0; k + 1 < norms.size(); ++k) {
    if (norms[k] > 1e-2 || norms[k + 1] < 1e-13) continue;
    CHECK(std::log(norms[k + 1]) / std::log(norms[k]) > 1.8);
    ++checked;
  }
  CHECK(checked >= 1);
}

TEST_CASE("summary.json reports rigid nodes with their constraint reactions",
          "[rigid_node][output]") {
  BodySpec body = box_body(3.0, Vec3(0.2, 0.2, 0.2));
  body.name = "frame";
  body.fixed = true;
  const Vec3 force(1, 2, 3), moment(-1, 0, 0.5);
  body.rigid_nodes.push_back(
      rigid_node("bracket", Vec3(0.4, 0, 0), {constant_load(force, moment)}));
  DeckData deck = single_step_deck(body, 1.0, 0.5, Vec3::Zero());
  deck.steps[0].type = AnalysisType::Static;
  const ScratchDirectory scratch;
  Model model = build_model(deck);
  {
    RunOutput output(scratch.path, model, deck);
    Analysis(model, deck, RunOptions{}).run(output);
  }
  std::ifstream in(scratch.path / "summary.json");
  const nlohmann::json summary = nlohmann::json::parse(in);
  REQUIRE(summary["rigid_nodes"].size() == 1);
  const auto& node = summary["rigid_nodes"][0];
  CHECK(node["name"] == "bracket");
  CHECK(node["body"] == "frame");
  const auto as_vec3 = [](const nlohmann::json& v) {
    return Vec3(v[0].get<double>(), v[1].get<double>(), v[2].get<double>());
  };
  CHECK((as_vec3(node["position"]) - Vec3(0.4, 0, 0)).norm() < 1e-15);
  CHECK((as_vec3(node["constraint_force"]) - force).norm() < 1e-12);
  CHECK((as_vec3(node["constraint_moment"]) - moment).norm() < 1e-12);
}

// The convex step formulation (src/analysis/convex/) against closed forms: a
// free flight's discrete parabola (backward Euler in the velocities), a damped
// cube dropped on the ground coming to rest on its weight without ever
// penetrating, a block sliding to rest after v²/(2μg), and a symmetric stack of
// two cubes whose contacts carry what statics says.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "src/analysis/convex/convex_analysis.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;

namespace {

constexpr double kCubeMass = 2.5;  // 0.1 m cube, density 2500
constexpr double kGravity = 9.81;

/// Records the state of body 0 and the closest gap after every step.
class ConvexRecorder final : public AnalysisObserver {
 public:
  void step_accepted(const Model& model, const StepRecord& record) override {
    states.push_back(model.nodes[0]);
    energy = record.energy;
    if (model.contact) closest_gap = std::min(closest_gap, model.contact->snapshot().closest_gap);
  }
  std::vector<NodeState> states;
  MonitorValues energy;
  double closest_gap = 1e300;
};

struct ConvexRun {
  Model model;
  ConvexTotals totals;
  ConvexRecorder recorder;
};

std::unique_ptr<ConvexRun> run_convex(const std::string& yaml) {
  const DeckData deck = read_deck_string(yaml, "convex.yaml");
  auto run = std::make_unique<ConvexRun>(ConvexRun{build_model(deck), {}, {}});
  ConvexAnalysis analysis(run->model, deck, ConvexSettings{});
  run->totals = analysis.run(run->recorder);
  return run;
}

std::string cube_deck(const std::string& step, const std::string& body, const std::string& laws) {
  return R"(
integrator: convex
gravity: [0, 0, -9.81]
steps:
  - )" + step +
         R"(
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - )" + body +
         R"(
boundaries:
  - {name: ground, surface: {plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 4, length_v: 4}}}
contact:
  interactions:
    - {group_a: default, group_b: boundary, normal: {skin: 0.001, stiffness: 1.0e9, exponent: 2}, )" +
         laws + R"(}
)";
}

}  // namespace

TEST_CASE("convex step: a free flight follows the discrete parabola of backward Euler",
          "[convex]") {
  const double dt = 1e-2;
  const auto run = run_convex(cube_deck(
      "{name: fly, end_time: 0.5, dt: {initial: 0.01, min: 0.01, max: 0.01}}",
      "{name: cube, shape: cube, density: 2500, position: [0, 0, 5], velocity: [1, 0, 2], "
      "angular_velocity: [0, 0, 3]}",
      "damping_ratio: 0"));
  REQUIRE_FALSE(run->totals.gave_up);
  REQUIRE(run->recorder.states.size() == 50);
  const NodeState& end = run->recorder.states.back();
  const double n = 50, t = n * dt;
  // v_k = v_0 + k g Δt, x_N = x_0 + Δt Σ_{k=1}^N v_k.
  CHECK(end.velocity.z() == Approx(2 - kGravity * t).epsilon(1e-12));
  CHECK(end.position.z() ==
        Approx(5 + 2 * t - kGravity * dt * dt * n * (n + 1) / 2).epsilon(1e-12));
  CHECK(end.position.x() == Approx(t).epsilon(1e-12));
  // A spin about a principal axis of a cube stays: ω and the turn angle 3 t.
  CHECK(end.angular_velocity.z() == Approx(3.0).epsilon(1e-12));
  CHECK(Eigen::AngleAxisd(end.rotation).angle() == Approx(3 * t).epsilon(1e-9));
}

TEST_CASE("convex step: a damped cube dropped with friction rests on its weight, never inside",
          "[convex][contact]") {
  const auto run = run_convex(cube_deck(
      "{name: drop, end_time: 1.5, dt: {initial: 1.0e-3, min: 1.0e-7, max: 5.0e-3}}",
      "{name: cube, shape: cube, density: 2500, position: [0, 0, 0.08], rotation: [0.05, 0.03, "
      "0.2], velocity: [0.2, 0, 0]}",
      "damping_ratio: 0.5, friction: {static: 0.5, dynamic: 0.5, stiffness: 1.0e5, damping: 500}"));
  INFO(run->totals.give_up_reason);
  REQUIRE_FALSE(run->totals.gave_up);
  INFO("steps " << run->totals.steps << ", rejected " << run->totals.rejected_steps
                << ", iterations " << run->totals.newton_iterations);
  const ContactSnapshot& last = run->model.contact->snapshot();
  CHECK(last.body_boundary == 4);
  CHECK(run->model.nodes[0].velocity.norm() < 1e-5);
  CHECK(run->model.nodes[0].angular_velocity.norm() < 1e-4);
  CHECK(last.boundary_reactions[0].z() == Approx(kCubeMass * kGravity).epsilon(1e-5));
  CHECK(run->recorder.closest_gap > 0);
  CHECK(run->totals.steps < 600);  // mostly the largest step, 5 ms
  // The ledger: T + V + stored − W + dissipated, backward Euler's own loss booked.
  const MonitorValues& energy = run->recorder.energy;
  const double dissipated =
      energy.damping_dissipation + energy.friction_dissipation + energy.integrator_dissipation;
  INFO("dissipated " << dissipated << " J (integrator " << energy.integrator_dissipation
                     << "), balance error " << energy.energy_balance_error() << " J");
  CHECK(dissipated == Approx(kCubeMass * kGravity * 0.03).epsilon(0.05));  // the drop, ~3 cm
  CHECK(std::abs(energy.energy_balance_error()) < 0.01 * dissipated);
}

TEST_CASE("convex step: an elastic impact's rebound is backward Euler's loss, and booked as such",
          "[convex][contact]") {
  // Paper §3.1 (c): no damping, no friction. Newmark (β = ¼) keeps the energy; the
  // convex step takes it out in the impact and books it as the integrator's.
  const auto run = run_convex(cube_deck(
      "{name: bounce, end_time: 0.3, dt: {initial: 1.0e-3, min: 1.0e-8, max: 5.0e-3}}",
      "{name: cube, shape: cube, density: 2500, position: [0, 0, 0.06]}", "damping_ratio: 0"));
  REQUIRE_FALSE(run->totals.gave_up);
  const MonitorValues& energy = run->recorder.energy;
  CHECK(energy.damping_dissipation == 0);
  CHECK(energy.friction_dissipation == 0);
  CHECK(energy.integrator_dissipation > 0.9 * kCubeMass * kGravity * 0.01);
  CHECK(std::abs(energy.energy_balance_error()) < 1e-6 * energy.integrator_dissipation);
  CHECK(run->recorder.closest_gap > 0);
}

TEST_CASE("convex step: a block sliding on the ground stops after v²/(2 μ g)",
          "[convex][contact]") {
  const double speed = 1.0, mu = 0.4;
  // Resting at the start: each corner carries W/4 at g = ḡ − √(W/(4 ε1)).
  const double gap = 1e-3 - std::sqrt(kCubeMass * kGravity / 4 / 1e9);
  const auto run = run_convex(cube_deck(
      "{name: slide, end_time: 0.5, dt: {initial: 1.0e-3, min: 1.0e-7, max: 2.0e-3}}",
      "{name: cube, shape: cube, density: 2500, position: [0, 0, " + std::to_string(0.05 + gap) +
          "], velocity: [1, 0, 0]}",
      "damping_ratio: 0.5, friction: {static: 0.4, dynamic: 0.4, stiffness: 1.0e6, damping: 0}"));
  REQUIRE_FALSE(run->totals.gave_up);
  const double distance = run->model.nodes[0].position.x();
  INFO("slid " << distance << " m, closed form " << speed * speed / (2 * mu * kGravity));
  CHECK(distance == Approx(speed * speed / (2 * mu * kGravity)).epsilon(0.02));
  CHECK(run->model.nodes[0].velocity.norm() < 1e-5);
  // The kinetic energy goes to friction; the springs the contacts carry are the
  // convex step's own (given_friction.hpp), so the ledger closes.
  const MonitorValues& energy = run->recorder.energy;
  const double dissipated =
      energy.damping_dissipation + energy.friction_dissipation + energy.integrator_dissipation;
  INFO("friction " << energy.friction_dissipation << " J, integrator "
                   << energy.integrator_dissipation << " J, balance error "
                   << energy.energy_balance_error() << " J");
  CHECK(dissipated == Approx(0.5 * kCubeMass * speed * speed).epsilon(0.01));
  CHECK(energy.friction_dissipation > 0.9 * dissipated);
  CHECK(std::abs(energy.energy_balance_error()) < 1e-3 * dissipated);
}

TEST_CASE("convex step: a pair the step's end crossed is frozen and solved again, not rejected",
          "[convex]") {
  // A cube skimming across the ground at 5 m/s and spinning at 40 rad/s about
  // the vertical strikes a resting one: pairs of edges that were not among the
  // contacts frozen at t_n come through each other at the state reached. Before
  // they were frozen (the attempt halved instead) this run had a rejection for
  // penetration; each must now be held off by its own frozen pair.
  const std::string law =
      "normal: {skin: 0.001, stiffness: 1.0e9, exponent: 2}, damping_ratio: 0.1, "
      "friction: {static: 0.5, dynamic: 0.4, stiffness: 1.0e7}";
  const auto run = run_convex(R"(
integrator: convex
gravity: [0, 0, -9.81]
steps:
  - {name: hit, end_time: 0.3, dt: {initial: 0.005, min: 1.0e-9, max: 0.005}}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: a, shape: cube, density: 2500, position: [0, 0, 0.0505]}
  - {name: b, shape: cube, density: 2500, position: [0.3, 0, 0.16], velocity: [-5, 0, 0],
     angular_velocity: [0, 0, 40]}
boundaries:
  - {name: ground, surface: {plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 4, length_v: 4}}}
contact:
  interactions:
    - {group_a: default, group_b: default, )" +
                              law + R"(}
    - {group_a: default, group_b: boundary, )" +
                              law + R"(}
)");
  INFO(run->totals.give_up_reason);
  REQUIRE_FALSE(run->totals.gave_up);
  CHECK(run->totals.crossings_frozen > 0);
  CHECK(run->totals.summary.crossings_frozen == run->totals.crossings_frozen);  // summary.json
  for (const auto& [cause, count] : run->totals.rejections) {
    INFO(cause << ": " << count);
    CHECK(cause.find("penetration") == std::string::npos);
  }
  CHECK(run->recorder.closest_gap > 0);
}

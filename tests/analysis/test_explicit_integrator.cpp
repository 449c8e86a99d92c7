// The explicit baseline (central differences, solvers/central_difference.hpp,
// driven by src/analysis/explicit_analysis.hpp) against closed forms: the
// stability limit of a damped spring, a free flight's parabola, a symmetric
// top's precession and a tumbling body's invariants, the period of a cube on
// the linear contact law, a damped cube coming to rest on its weight, and the
// critical step of the hybrid law.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "solvers/central_difference.hpp"
#include "src/analysis/explicit_analysis.hpp"
#include "src/analysis/explicit_time_step.hpp"
#include "src/core/critical_time_step.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

const Vec3 kGravity(0, 0, -9.81);

/// The energy balance and the state of body 0 after every step.
class ExplicitRecorder final : public AnalysisObserver {
 public:
  explicit ExplicitRecorder(const Model& model) : energy(model) {}

  void step_accepted(const Model& model, const StepRecord& record) override {
    energy.update(model, previous_time, record.time, 1.0, 1.0, true);
    previous_time = record.time;
    times.push_back(record.time);
    body_states.push_back(model.nodes[0]);
    largest_energy_error =
        std::max(largest_energy_error, std::abs(energy.values().energy_balance_error()));
  }

  EnergyMonitor energy;
  double previous_time = 0;
  std::vector<double> times;
  std::vector<NodeState> body_states;
  double largest_energy_error = 0;
};

struct ExplicitRun {
  Model model;
  ExplicitTotals totals;
  std::vector<double> times;
  std::vector<NodeState> body_states;  ///< body 0 after every step
  MonitorValues monitor;
  double largest_energy_error = 0;
};

ExplicitRun run_explicit(const DeckData& deck, const ExplicitSettings& settings) {
  ExplicitRun run{build_model(deck), {}, {}, {}, {}, 0};
  ExplicitRecorder recorder(run.model);
  ExplicitAnalysis analysis(run.model, deck, settings);
  run.totals = analysis.run(recorder);
  run.times = std::move(recorder.times);
  run.body_states = std::move(recorder.body_states);
  run.monitor = recorder.energy.values();
  run.largest_energy_error = recorder.largest_energy_error;
  return run;
}

ExplicitSettings fixed_step(double dt) {
  ExplicitSettings settings;
  settings.time_step = dt;
  return settings;
}

/// The amplitude √(x² + v²/ω²) of a spring m ẍ + c v̄ + k x = 0 released from
/// x = 1 after `steps` kick–drift–kick steps, the damping taking the mean
/// velocity of the step before (as contact damping does).
double spring_amplitude_after(double dt, double damping_ratio, int steps) {
  const double mass = 2.0, stiffness = 50.0;
  const double damping = 2 * damping_ratio * std::sqrt(stiffness * mass);
  const ExplicitBodyInertia inertia = ExplicitBodyInertia::of(mass, Mat3::Identity());
  ExplicitBodyState state;
  state.centre.x() = 1.0;
  double mean_velocity = 0;
  const auto force = [&] {
    return Vec3(-stiffness * state.centre.x() - damping * mean_velocity, 0, 0);
  };
  Vec3 f = force();
  for (int n = 0; n < steps; ++n) {
    const double x_before = state.centre.x();
    kick(state, inertia, f, Vec3::Zero(), dt / 2);
    drift(state, inertia, dt);
    mean_velocity = (state.centre.x() - x_before) / dt;
    f = force();
    kick(state, inertia, f, Vec3::Zero(), dt / 2);
  }
  return std::hypot(state.centre.x(), state.velocity.x() * std::sqrt(mass / stiffness));
}

}  // namespace

TEST_CASE("central differences are stable up to 2/ω (√(1+ζ²) − ζ) and no further",
          "[explicit][stability]") {
  for (const double zeta : {0.0, 0.5}) {
    const double critical = critical_time_step(2.0, 50.0, zeta);
    INFO("ζ = " << zeta << ", Δt_crit = " << critical);
    CHECK(critical == Approx(2 * std::sqrt(2.0 / 50.0) * (std::sqrt(1 + zeta * zeta) - zeta)));
    CHECK(spring_amplitude_after(0.98 * critical, zeta, 4000) < 1.5);
    CHECK_FALSE(spring_amplitude_after(1.02 * critical, zeta, 4000) < 1e3);  // grown, or overflowed
  }
}

TEST_CASE("free flight: the centre of mass of a spinning body follows the parabola",
          "[explicit][free]") {
  BodySpec body = box_body(3.0, Vec3(0.3, 0.2, 0.1));
  body.centre_of_mass = Vec3(0.1, -0.05, 0.02);  // the pole is not the centre of mass
  body.position = Vec3(1, 2, 3);
  body.rotation = Vec3(0.3, -0.2, 0.5);
  body.velocity = Vec3(1.5, -0.5, 4.0);
  body.angular_velocity = Vec3(2.0, -1.0, 3.0);
  const DeckData deck = single_step_deck(body, 1.2, 1e-3, kGravity);
  const Model initial = build_model(deck);
  const RigidBody& element = *initial.bodies[0];
  const Vec3 centre_0 = element.centre_of_mass(initial.nodes[0]);
  const Vec3 velocity_0 = element.linear_momentum(initial.nodes[0]) / element.mass();

  const ExplicitRun run = run_explicit(deck, fixed_step(1e-2));
  REQUIRE_FALSE(run.totals.gave_up);
  CHECK(run.totals.steps == 120);
  const double t = 1.2;
  const Vec3 parabola = centre_0 + velocity_0 * t + 0.5 * kGravity * t * t;
  CHECK((element.centre_of_mass(run.model.nodes[0]) - parabola).norm() < 1e-12 * parabola.norm());
  // Torque-free about the centre: its angular momentum there is conserved.
  const Vec3 spin_0 = element.angular_momentum(initial.nodes[0]) -
                      centre_0.cross(element.linear_momentum(initial.nodes[0]));
  const NodeState& end = run.model.nodes[0];
  const Vec3 spin = element.angular_momentum(end) -
                    element.centre_of_mass(end).cross(element.linear_momentum(end));
  CHECK((spin - spin_0).norm() < 1e-12 * spin_0.norm());
}

TEST_CASE("torque-free symmetric top: precession about L as in the closed form",
          "[explicit][rotation]") {
  // I1 = I2 = 1, I3 = 1.6: R(t) = exp(t L/I1) R0 exp(t s e3), s = ω3 (I1 − I3)/I1 (ω3 constant).
  BodySpec body;
  body.name = "top";
  body.mass = 1.0;
  body.inertia = Vec3(1.0, 1.0, 1.6).asDiagonal();
  body.rotation = Vec3(0.4, 0.1, 0.0);
  const Mat3 r0 = rotation_vector_to_matrix(body.rotation);
  body.angular_velocity = r0 * Vec3(0.7, 0.0, 2.5);  // body axes: (0.7, 0, ω3 = 2.5)
  const double end_time = 10.0;
  const DeckData deck = single_step_deck(body, end_time, 1e-3, Vec3::Zero());
  const Vec3 momentum = r0 * body.inertia * r0.transpose() * body.angular_velocity;
  const double spin_rate = 2.5 * (1.0 - 1.6) / 1.0;
  const Mat3 closed_form = rotation_vector_to_matrix(end_time * momentum / 1.0) * r0 *
                           rotation_vector_to_matrix(end_time * spin_rate * Vec3::UnitZ());

  const ExplicitRun run = run_explicit(deck, fixed_step(1e-3));
  REQUIRE_FALSE(run.totals.gave_up);
  const Mat3 computed = run.model.nodes[0].rotation.toRotationMatrix();
  const double angle_error = matrix_to_rotation_vector(computed * closed_form.transpose()).norm();
  INFO("orientation error after " << end_time << " s: " << angle_error << " rad");
  CHECK(angle_error < 1e-5);
}

TEST_CASE("a tumbling body (intermediate axis) keeps L exactly and its energy without drift",
          "[explicit][rotation]") {
  BodySpec body;
  body.name = "wing_nut";
  body.mass = 1.0;
  body.inertia = Vec3(1.0, 2.0, 3.0).asDiagonal();
  body.angular_velocity =
      Vec3(0.01, 3.0, 0.01);  // near the unstable axis: it flips every few seconds
  const DeckData deck = single_step_deck(body, 40.0, 1e-3, Vec3::Zero());
  const Model initial = build_model(deck);
  const RigidBody& element = *initial.bodies[0];
  const double energy_0 = element.kinetic_energy(initial.nodes[0]);
  const Vec3 momentum_0 = element.angular_momentum(initial.nodes[0]);

  const ExplicitRun run = run_explicit(deck, fixed_step(2e-3));
  REQUIRE_FALSE(run.totals.gave_up);
  const NodeState& end = run.model.nodes[0];
  CHECK((element.angular_momentum(end) - momentum_0).norm() < 1e-12 * momentum_0.norm());
  INFO("largest energy error " << run.largest_energy_error << " J of " << energy_0 << " J");
  CHECK(run.largest_energy_error < 1e-4 * energy_0);
  CHECK(std::abs(element.kinetic_energy(end) - energy_0) < 1e-4 * energy_0);
  // It did tumble: seen from the body, ω turned from +y to −y.
  const auto flipped = std::any_of(
      run.body_states.begin(), run.body_states.end(),
      [](const NodeState& s) { return (s.rotation.conjugate() * s.angular_velocity).y() < -2.0; });
  CHECK(flipped);
}

namespace {

/// A unit cube (1000 kg) on the ground on the linear part of the law:
/// four corner contacts in parallel, k = 4 ε1; skin 1 cm, barrier at half of it.
constexpr double kCubeMass = 1000.0;
constexpr double kSkin = 0.01;

DeckData cube_on_ground(double epsilon1, double height, double end_time, double damping_ratio,
                        const FrictionParams& friction = {}) {
  const NormalLawParams law{kSkin, epsilon1, 1.0, 0.5, -1.0};
  return contact_deck({shaped_body("cube", "cube", kCubeMass, Vec3(0, 0, height))},
                      {box_shape("cube", Vec3::Ones())},
                      {interaction("default", "boundary", law, damping_ratio, friction)}, end_time,
                      1e-3);
}

/// Times at which the vertical velocity crosses zero upwards (linear interpolation).
std::vector<double> upward_crossings(const ExplicitRun& run) {
  std::vector<double> crossings;
  for (std::size_t n = 1; n < run.times.size(); ++n) {
    const double before = run.body_states[n - 1].velocity.z(),
                 after = run.body_states[n].velocity.z();
    if (before < 0 && after >= 0)
      crossings.push_back(run.times[n - 1] +
                          (run.times[n] - run.times[n - 1]) * before / (before - after));
  }
  return crossings;
}

}  // namespace

TEST_CASE("a cube on the linear contact law oscillates with period 2π√(m/k), k = 4 ε1",
          "[explicit][contact]") {
  // Equilibrium compression δ = mg/(4 ε1) = skin/4; released from δ + 0.15 skin, the
  // corners stay between the skin and the barrier (0.1 to 0.4 of the skin deep).
  const double epsilon1 = kCubeMass * 9.81 / (4 * 0.25 * kSkin);
  const double period = 2 * M_PI * std::sqrt(kCubeMass / (4 * epsilon1));
  const DeckData deck = cube_on_ground(epsilon1, 0.5 + kSkin - 0.4 * kSkin, 10 * period, 0.0);
  const ExplicitRun run = run_explicit(deck, fixed_step(period / 500));
  REQUIRE_FALSE(run.totals.gave_up);
  const std::vector<double> crossings = upward_crossings(run);
  REQUIRE(crossings.size() >= 8);
  const double measured =
      (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  INFO("period " << measured << " s, closed form " << period << " s");
  CHECK(measured == Approx(period).epsilon(1e-4));
  const auto highest = std::max_element(
      run.body_states.begin(), run.body_states.end(),
      [](const NodeState& a, const NodeState& b) { return a.position.z() < b.position.z(); });
  CHECK(highest->position.z() - 0.5 ==
        Approx(kSkin - 0.1 * kSkin).epsilon(1e-3));  // the amplitude is kept
  CHECK(run.largest_energy_error < 1e-4 * kCubeMass * 9.81 * 0.15 * kSkin);
}

TEST_CASE("a damped cube dropped with friction comes to rest carrying its weight",
          "[explicit][contact]") {
  const FrictionParams friction{0.5, 0.5, 1e7, 5e4, {}};
  DeckData deck = cube_on_ground(8e5, 0.6, 3.0, 0.5, friction);
  deck.bodies[0].rotation = Vec3(0.05, 0.03, 0.2);
  const ExplicitRun run = run_explicit(deck, ExplicitSettings{});
  INFO(run.totals.give_up_reason);
  REQUIRE_FALSE(run.totals.gave_up);
  INFO("steps " << run.totals.steps << ", halved " << run.totals.halved_steps << ", Δt_crit "
                << run.totals.critical_step);
  const ContactSnapshot& last = run.model.contact->snapshot();
  CHECK(last.body_boundary == 4);
  const NodeState& rest = run.model.nodes[0];
  CHECK(rest.velocity.norm() < 1e-4);
  CHECK(rest.angular_velocity.norm() < 1e-4);
  CHECK(last.boundary_reactions[0].z() == Approx(kCubeMass * 9.81).epsilon(1e-6));
  CHECK(run.totals.smallest_gap > 0);
  // The energy ledger closes as Δt → 0, at first order: the damping of eq. (52)
  // switches on at the skin inside a step, which no fixed-step scheme resolves.
  ExplicitSettings finer;
  finer.safety = ExplicitSettings{}.safety / 4;
  const double error = std::abs(run.monitor.energy_balance_error());
  const double finer_error = std::abs(run_explicit(deck, finer).monitor.energy_balance_error());
  const double dissipated = run.monitor.damping_dissipation + run.monitor.friction_dissipation;
  INFO("dissipated " << dissipated << " J, balance error " << error << " J, with Δt/4 "
                     << finer_error << " J");
  CHECK(error < 0.1 * dissipated);
  CHECK(finer_error < error / 2);
}

TEST_CASE(
    "the critical step of the hybrid law: its tangent at the barrier switch, m/2 between bodies",
    "[explicit][critical]") {
  const double epsilon1 = 1e9, skin = 1e-3, fraction = 0.5;
  DeckData deck = cube_on_ground(epsilon1, 0.6, 1.0, 0.0);
  // n1 = 2: df/dg = −2 ε1 (ḡ − g), at g = f ḡ: k = 2 ε1 (1 − f) ḡ.
  deck.contact.interactions[0].laws.normal = law_recipe({skin, epsilon1, 2.0, fraction, -1.0});
  const double k = 2 * epsilon1 * (1 - fraction) * skin;
  CHECK(contact_critical_step(build_model(deck), deck).step ==
        Approx(2 * std::sqrt(kCubeMass / k)));
  // A second cube and body–body contact with damping: the effective mass of two equal cubes.
  deck.bodies.push_back(shaped_body("other", "cube", kCubeMass, Vec3(0, 0, 2)));
  InteractionSpec between = deck.contact.interactions[0];
  between.group_b = "default";
  between.laws.damping = viscous_damping(0.5);
  deck.contact.interactions.push_back(between);
  const CriticalStep pair = contact_critical_step(build_model(deck), deck);
  CHECK(pair.mass == kCubeMass / 2);
  CHECK(pair.step == Approx(2 * std::sqrt(kCubeMass / 2 / k) * (std::sqrt(1.25) - 0.5)));
  // A friction spring stiffer than the normal law sets k.
  deck.contact.interactions[1].laws.friction = {0.5, 0.5, 10 * k, 0, {}};
  CHECK(contact_critical_step(build_model(deck), deck).stiffness == 10 * k);
}

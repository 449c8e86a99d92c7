// Multi-phase analyses from a deck: actions at the start of steps switch
// friction off and on, remove a boundary and change gravity, against closed
// forms for the motion in each phase.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "src/deck/deck_reader.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

// A unit cube of 1000 kg on a plane inclined by 20° (normal (−sin θ, 0, cos θ)),
// μ = 0.5 > tan θ: it sticks; without friction it slides down at g sin θ; with
// friction again it decelerates at g (μ cos θ − sin θ) and stops.
const char* kIncline = R"(
gravity: [0, 0, -9.81]
steps:
  - name: stick
    end_time: 0.5
    dt: {initial: 2.0e-3, max: 5.0e-3}
  - name: slide
    end_time: 1.0
    dt: {initial: 2.0e-3, max: 5.0e-3}
    actions:
      - {friction: {group_a: default, group_b: boundary, enabled: false}}
  - name: stop
    end_time: 3.0
    dt: {initial: 2.0e-3, max: 5.0e-3}
    actions:
      - {friction: {group_a: default, group_b: boundary, enabled: true}}
shapes:
  - {name: cube, geometry: {box: {size: [1, 1, 1]}}}
bodies:
  - name: cube
    shape: cube
    density: 1000
    position: [-0.17275, 0, 0.47465]
    rotation: [0, -0.3490658503988659, 0]
boundaries:
  - name: slope
    surface: {plane: {normal: [-0.3420201433256687, 0, 0.9396926207859084], length_u: 30, length_v: 30}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.01, stiffness: 8.0e5}
      damping_ratio: 0.7
      friction: {static: 0.5, stiffness: 1.0e7, damping: 5.0e4}
)";

}  // namespace

TEST_CASE("friction switched off and on by step actions: stick, slide at g sin(theta), stop",
          "[multi_phase]") {
  DeckData deck = read_deck_string(kIncline, "incline.yaml");
  deck.output.vtk = false;
  deck.output.interval = 0.1;  // steps land on every 0.1 s
  const ContactRun r = run_contact_deck(deck);
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const double theta = 20 * std::numbers::pi / 180, g = 9.81;
  const Vec3 downhill(-std::cos(theta), 0, -std::sin(theta));
  const Vec3 start = read_deck_string(kIncline, "incline.yaml").bodies[0].position;
  const auto speed_at = [&](double t) {
    for (std::size_t s = 0; s < r.run.steps.size(); ++s)
      if (std::abs(r.run.steps[s].time - t) < 1e-9)
        return r.run.monitor[s].linear_momentum.dot(downhill) / 1000;
    FAIL("no step ends at t = " << t);
    return 0.0;
  };
  CHECK(std::abs(speed_at(0.5)) < 1e-4);                                    // stuck
  CHECK(speed_at(1.0) == Approx(g * std::sin(theta) * 0.5).epsilon(1e-2));  // frictionless slide
  const double decay = g * (0.5 * std::cos(theta) - std::sin(theta));
  CHECK(speed_at(1.5) == Approx(g * std::sin(theta) * 0.5 - decay * 0.5).epsilon(2e-2));
  CHECK(std::abs(r.run.model.nodes[0].velocity.norm()) < 1e-4);  // stopped again
  const double travelled = (r.run.model.nodes[0].position - start).dot(downhill);
  const double expected =
      0.5 * g * std::sin(theta) * 0.25 + std::pow(g * std::sin(theta) * 0.5, 2) / (2 * decay);
  CHECK(travelled == Approx(expected).epsilon(2e-2));
}

TEST_CASE("a removed boundary lets a body fall and gravity changed by an action moves it",
          "[multi_phase]") {
  const char* deck_text = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: rest, end_time: 0.3, dt: {initial: 5.0e-3}}
  - name: drop
    end_time: 0.5
    dt: {initial: 5.0e-3}
    actions: [{remove_boundary: table}]
  - name: float
    end_time: 0.8
    dt: {initial: 5.0e-3}
    actions: [{gravity: [0, 0, 0]}]
shapes:
  - {name: cube, geometry: {box: {size: [1, 1, 1]}}}
bodies:
  - {name: cube, shape: cube, density: 1000, position: [0, 0, 5.506934375]}
boundaries:
  - {name: table, surface: {plane: {center: [0, 0, 5], length_u: 4, length_v: 4}}}
  - {name: ground, surface: {plane: {length_u: 4, length_v: 4}}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.01, stiffness: 8.0e5}
      damping_ratio: 0.5
)";
  const ContactRun r = run_deck_text(deck_text, "table.yaml");
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  for (std::size_t s = 0; s < r.run.steps.size(); ++s) {
    const double t = r.run.steps[s].time, vz = r.run.monitor[s].linear_momentum.z() / 1000;
    if (t <= 0.3 + 1e-9) CHECK(std::abs(vz) < 1e-6);  // resting on the table
    if (t > 0.35 && t <= 0.5 + 1e-9)
      CHECK(vz == Approx(-9.81 * (t - 0.3)).margin(5e-3));  // free fall
    if (t > 0.5 + 1e-9)
      CHECK(vz == Approx(-9.81 * 0.2).margin(5e-3));  // no gravity: constant velocity
  }
}

TEST_CASE(
    "a removed stopper releases a frictionless block on an incline: it slides at g sin(theta)",
    "[multi_phase]") {
  // The block rests against the stopper (in contact at removal), so the search's
  // lists hold the stopper's pair when the action removes it.
  const char* deck_text = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: held, end_time: 0.4, dt: {initial: 2.0e-3, max: 5.0e-3}}
  - name: released
    end_time: 0.8
    dt: {initial: 2.0e-3, max: 5.0e-3}
    actions: [{remove_boundary: stopper}]
shapes:
  - {name: cube, geometry: {box: {size: [1, 1, 1]}}}
bodies:
  - {name: cube, shape: cube, density: 1000, position: [-0.17275, 0, 0.47465], rotation: [0, -0.3490658503988659, 0]}
boundaries:
  - name: slope
    surface: {plane: {normal: [-0.3420201433256687, 0, 0.9396926207859084], length_u: 30, length_v: 30}}
  - name: stopper
    surface: {plane: {center: [-0.6480521450689226, 0, 0.3016541669120357], normal: [0.9396926207859084, 0, 0.3420201433256687],
                      u_direction: [0, 1, 0], length_u: 4, length_v: 0.9}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.01, stiffness: 8.0e5}
      damping_ratio: 0.7
)";
  const ContactRun r = run_deck_text(deck_text, "stopper.yaml");
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const double sin_theta = 0.3420201433256687;
  for (std::size_t s = 0; s < r.run.steps.size(); ++s) {
    const double t = r.run.steps[s].time;
    const double speed = r.run.monitor[s].linear_momentum.norm() / 1000;
    if (t > 0.3 && t <= 0.4 + 1e-9) CHECK(speed < 1e-3);  // held by the stopper
    if (t > 0.45) CHECK(speed == Approx(9.81 * sin_theta * (t - 0.4)).margin(5e-3));
  }
}

TEST_CASE("a step may start from contacts the run pressed into the barrier zone", "[multi_phase]") {
  // A 39 kN cube rests inside the barrier zone g < f ḡ = 5 mm of its law (checked
  // below), a state the run reached, which the next step must take up: only an
  // initial placement there is refused.
  const char* deck_text = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: settle, end_time: 0.6, dt: {initial: 2.0e-3, max: 5.0e-3}}
  - {name: again, end_time: 0.8, dt: {initial: 2.0e-3, max: 5.0e-3}, actions: [{gravity: [0, 0, -9.81]}]}
shapes:
  - {name: cube, geometry: {box: {size: [1, 1, 1]}}}
bodies:
  - {name: cube, shape: cube, density: 4000, position: [0, 0, 0.508]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 4, length_v: 4}}}
contact:
  interactions:
    - {group_a: default, group_b: boundary, normal: {skin: 0.01, stiffness: 8.0e5, barrier_fraction: 0.5}, damping_ratio: 0.7}
)";
  const ContactRun r = run_deck_text(deck_text, "pressed.yaml");
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const double bottom = r.run.model.nodes[0].position.z() - 0.5;
  CHECK(bottom > 0);
  CHECK(bottom < 0.005);
}

// Per-body contact resultants and the reaction of a fixed body's supports
// (src/analysis/body_resultants.hpp), against statics: a cube resting on a
// fixed slab, solved by a static step, puts its weight on the slab, and the
// slab's supports carry both weights, with the moment Σ x_G × m g about the
// origin.
#include <catch2/catch.hpp>

#include "src/analysis/body_resultants.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

TEST_CASE("a fixed slab under a resting cube: its supports carry both weights",
          "[analysis][reactions]") {
  const char* deck = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: settle, type: static, end_time: 1.0, dt: {initial: 0.25}}
shapes:
  - {name: slab, geometry: {box: {size: [1.0, 1.0, 0.2]}}}
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: base, shape: slab, density: 1000, position: [0, 0, -0.1], fixed: true}
  - {name: cube, shape: cube, density: 2500, position: [0.2, -0.1, 0.0505]}
contact:
  interactions:
    - group_a: default
      normal: {skin: 0.001, stiffness: 1.0e8, exponent: 2}
      friction: {static: 0.5, stiffness: 1.0e5}
)";
  const ContactRun r = run_deck_text(deck, "slab.yaml");
  REQUIRE_FALSE(r.run.totals.gave_up);
  const Model& model = r.run.model;
  REQUIRE(fixed_bodies(model) == std::vector<std::size_t>{0});

  const Vec3 g(0, 0, -9.81);
  const double slab = 1000 * 0.2, cube = 2500 * 1e-3;  // kg
  const std::vector<Wrench<double>> contact = contact_resultants(model.contact->snapshot(), 2);
  const double tolerance = 1e-8 * cube * 9.81;              // the static step's equilibrium
  CHECK((contact[1].force + cube * g).norm() < tolerance);  // the slab holds the cube up
  CHECK((contact[0].force - cube * g).norm() < tolerance);  // and carries its weight

  const Wrench<double> support = support_reaction(model, 0, contact[0], 1.0, 1.0);
  const Vec3 cube_centre = model.bodies[1]->centre_of_mass(model.nodes[1]);
  const Vec3 slab_centre = model.bodies[0]->centre_of_mass(model.nodes[0]);
  CHECK((support.force + (slab + cube) * g).norm() < tolerance);
  const Vec3 moment = -(slab_centre.cross(slab * g) + cube_centre.cross(cube * g));
  CHECK((support.moment - moment).norm() < tolerance * 1.0);  // lever arms below 1 m
}

TEST_CASE(
    "a fixed frame carrying a bracket load through a rigid node: its supports carry the "
    "load and its moment",
    "[analysis][reactions]") {
  // No gravity; the bracket at (2, 0, 0.5) takes F = (3, 0, −4) and M = (0, 1, 0):
  // the supports exert −F and −(M + p × F) = −(0, 1 + 0.5·3 + 2·4, 0) = (0, −10.5, 0).
  const char* deck = R"(
steps:
  - {name: hold, end_time: 0.1, dt: {initial: 0.05}}
bodies:
  - name: frame
    mass: 10
    inertia: [1, 1, 1, 0, 0, 0]
    position: [2, 0, 0]
    fixed: true
    rigid_nodes:
      - name: bracket
        point: [0, 0, 0.5]
        loads:
          - {force: [3, 0, -4], moment: [0, 1, 0]}
)";
  const RunResult r = run_deck_in_memory(read_deck_string(deck, "frame.yaml"));
  REQUIRE_FALSE(r.totals.gave_up);
  REQUIRE(fixed_bodies(r.model) == std::vector<std::size_t>{0});
  const Wrench<double> support = support_reaction(r.model, 0, {}, 0.1, 1.0);
  CHECK((support.force - Vec3(-3, 0, 4)).norm() < 1e-9);
  CHECK((support.moment - Vec3(0, -10.5, 0)).norm() < 1e-9);
}

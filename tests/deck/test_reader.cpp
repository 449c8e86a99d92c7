#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "src/deck/deck_reader.hpp"
#include "src/deck/deck_reference.hpp"

using namespace polydem;

namespace {

const std::string kFile = "deck.yaml";

// Line numbers in the expectations below refer to this minimal deck.
const std::string kMinimalDeck =
    "steps:\n"                            // 1
    "  - end_time: 1.0\n"                 // 2
    "    dt: {initial: 0.01}\n"           // 3
    "bodies:\n"                           // 4
    "  - name: cube\n"                    // 5
    "    mass: 1.0\n"                     // 6
    "    inertia: [1, 1, 1, 0, 0, 0]\n";  // 7

const std::string kCompleteDeck = R"(gravity: [0, 0, -9.81]
output: {interval: 0.01, vtk: false}
steps:
  - name: fall
    type: dynamic
    end_time: 1.0
    dt: {initial: 1e-3, min: 1e-8, max: 1e-2, grow_factor: 2, cut_factor: 0.25, easy_iterations: 3}
    newmark: {beta: 0.25, gamma: 0.6}
    newton: {max_iterations: 12, residual_tolerance: 1e-7, increment_tolerance: 1e-9, force_scale: 10}
    linear_solver: cholmod
  - name: hold
    type: static
    end_time: 2.5
    dt: {initial: 0.5}
    linear_solver: umfpack
bodies:
  - name: cube
    mass: 2.0
    inertia: [[0.3, 0.01, 0], [0.01, 0.4, 0.02], [0, 0.02, 0.5]]
    centre_of_mass: [0.1, 0, 0]
    position: [1, 2, 3]
    rotation: [0, 0, 0.5]
    velocity: [0, 0, -1]
    angular_velocity: [0, 1, 0]
    prescribed:
      - {dof: uy, value: {ramp: {t0: 0, v0: 0, t1: 1, v1: 0.2}}}
      - {dof: rz, value: 0.5}
    loads:
      - force: [0, 0, 10]
        moment: [1, 0, 0]
        point: [0.5, 0, 0]
        scale: {table: [[0, 0], [1, 2], [2, -1]]}
      - force: [1, 0, 0]
  - name: floor
    mass: 100
    inertia: [10, 10, 20, 0, 0, 0]
    fixed: true
)";

std::string error_of(const std::string& text) {
  try {
    read_deck_string(text, kFile);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

// The message starts with "deck.yaml:line:column: 'key': " and mentions `words`.
void check_error(const std::string& text, int line, int column, const std::string& key,
                 const std::string& words) {
  std::string message = error_of(text);
  INFO(message);
  std::string where = kFile + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
  CHECK(message.rfind(where + (key.empty() ? "" : "'" + key + "': "), 0) == 0);
  CHECK(message.find(words) != std::string::npos);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string minimal_with_body_line(const std::string& line) {
  return kMinimalDeck + "    " + line + "\n";  // becomes line 8
}

// The step's linear solver becomes line 4, its value at column 20.
std::string minimal_with_solver(const std::string& solver) {
  return replaced(kMinimalDeck, "    dt: {initial: 0.01}\n",
                  "    dt: {initial: 0.01}\n    linear_solver: " + solver + "\n");
}

void check_same_function(const TimeFunction& a, const TimeFunction& b) {
  for (double t = -1.0; t <= 4.0; t += 0.125) CHECK(a(t) == b(t));
}

void check_same_loads(const std::vector<AppliedLoad>& a, const std::vector<AppliedLoad>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t j = 0; j < a.size(); ++j) {
    CHECK(a[j].force == b[j].force);
    CHECK(a[j].moment == b[j].moment);
    CHECK(a[j].point == b[j].point);
    check_same_function(a[j].scale, b[j].scale);
  }
}

void check_same_deck(const DeckData& a, const DeckData& b) {
  CHECK(a.gravity == b.gravity);
  CHECK(a.output.interval == b.output.interval);
  CHECK(a.output.vtk == b.output.vtk);
  REQUIRE(a.steps.size() == b.steps.size());
  for (std::size_t k = 0; k < a.steps.size(); ++k) {
    const StepSpec& x = a.steps[k];
    const StepSpec& y = b.steps[k];
    CHECK(x.name == y.name);
    CHECK(x.type == y.type);
    CHECK(x.end_time == y.end_time);
    CHECK(x.dt.initial == y.dt.initial);
    CHECK(x.dt.min == y.dt.min);
    CHECK(x.dt.max == y.dt.max);
    CHECK(x.dt.grow_factor == y.dt.grow_factor);
    CHECK(x.dt.cut_factor == y.dt.cut_factor);
    CHECK(x.dt.easy_iterations == y.dt.easy_iterations);
    CHECK(x.newton.max_iterations == y.newton.max_iterations);
    CHECK(x.newton.residual_tolerance == y.newton.residual_tolerance);
    CHECK(x.newton.increment_tolerance == y.newton.increment_tolerance);
    CHECK(x.newton.force_scale == y.newton.force_scale);
    CHECK(x.newmark.beta == y.newmark.beta);
    CHECK(x.newmark.gamma == y.newmark.gamma);
    CHECK(x.linear_solver.name == y.linear_solver.name);
    CHECK(x.linear_solver.options_key == y.linear_solver.options_key);
  }
  REQUIRE(a.bodies.size() == b.bodies.size());
  for (std::size_t k = 0; k < a.bodies.size(); ++k) {
    const BodySpec& x = a.bodies[k];
    const BodySpec& y = b.bodies[k];
    CHECK(x.name == y.name);
    CHECK(x.mass == y.mass);
    CHECK(x.inertia == y.inertia);
    CHECK(x.centre_of_mass == y.centre_of_mass);
    CHECK(x.position == y.position);
    CHECK(x.rotation == y.rotation);
    CHECK(x.velocity == y.velocity);
    CHECK(x.angular_velocity == y.angular_velocity);
    CHECK(x.fixed == y.fixed);
    REQUIRE(x.prescribed.size() == y.prescribed.size());
    for (std::size_t j = 0; j < x.prescribed.size(); ++j) {
      CHECK(x.prescribed[j].component == y.prescribed[j].component);
      check_same_function(x.prescribed[j].value, y.prescribed[j].value);
    }
    check_same_loads(x.loads, y.loads);
    REQUIRE(x.rigid_nodes.size() == y.rigid_nodes.size());
    for (std::size_t j = 0; j < x.rigid_nodes.size(); ++j) {
      CHECK(x.rigid_nodes[j].name == y.rigid_nodes[j].name);
      CHECK(x.rigid_nodes[j].point == y.rigid_nodes[j].point);
      check_same_loads(x.rigid_nodes[j].loads, y.rigid_nodes[j].loads);
    }
  }
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a complete deck reads into the expected DeckData", "[deck]") {
  DeckData deck = read_deck_string(kCompleteDeck, kFile);
  CHECK(deck.path == kFile);
  CHECK(deck.gravity == Vec3(0, 0, -9.81));
  CHECK(deck.output.interval == 0.01);
  CHECK_FALSE(deck.output.vtk);

  REQUIRE(deck.steps.size() == 2);
  const StepSpec& fall = deck.steps[0];
  CHECK(fall.name == "fall");
  CHECK(fall.type == AnalysisType::Dynamic);
  CHECK(fall.end_time == 1.0);
  CHECK(fall.dt.initial == 1e-3);
  CHECK(fall.dt.min == 1e-8);
  CHECK(fall.dt.max == 1e-2);
  CHECK(fall.dt.grow_factor == 2.0);
  CHECK(fall.dt.cut_factor == 0.25);
  CHECK(fall.dt.easy_iterations == 3);
  CHECK(fall.newmark.beta == 0.25);
  CHECK(fall.newmark.gamma == 0.6);
  CHECK(fall.newton.max_iterations == 12);
  CHECK(fall.newton.residual_tolerance == 1e-7);
  CHECK(fall.newton.increment_tolerance == 1e-9);
  CHECK(fall.newton.force_scale == 10.0);
  CHECK(fall.linear_solver.name == "cholmod");
  CHECK(fall.mark.line == 4);
  CHECK(deck.steps[1].type == AnalysisType::Static);
  CHECK(deck.steps[1].linear_solver.name == "umfpack");

  REQUIRE(deck.bodies.size() == 2);
  const BodySpec& cube = deck.bodies[0];
  CHECK(cube.name == "cube");
  CHECK(cube.mass == 2.0);
  Mat3 inertia;
  inertia << 0.3, 0.01, 0, 0.01, 0.4, 0.02, 0, 0.02, 0.5;
  CHECK(cube.inertia == inertia);
  CHECK(cube.centre_of_mass == Vec3(0.1, 0, 0));
  CHECK(cube.position == Vec3(1, 2, 3));
  CHECK(cube.rotation == Vec3(0, 0, 0.5));
  CHECK(cube.velocity == Vec3(0, 0, -1));
  CHECK(cube.angular_velocity == Vec3(0, 1, 0));
  CHECK_FALSE(cube.fixed);
  CHECK(cube.mark.str() == "deck.yaml:17:5");
  REQUIRE(cube.prescribed.size() == 2);
  CHECK(cube.prescribed[0].component == 1);
  CHECK(cube.prescribed[0].value(0.5) == Approx(0.1));
  CHECK(cube.prescribed[1].component == 5);
  CHECK(cube.prescribed[1].value(7.0) == 0.5);
  REQUIRE(cube.loads.size() == 2);
  CHECK(cube.loads[0].force == Vec3(0, 0, 10));
  CHECK(cube.loads[0].moment == Vec3(1, 0, 0));
  CHECK(cube.loads[0].point == Vec3(0.5, 0, 0));
  CHECK(cube.loads[0].scale(1.5) == Approx(0.5));
  CHECK(cube.loads[1].scale(3.0) == 1.0);
  CHECK(deck.bodies[1].fixed);
  CHECK(deck.bodies[1].inertia.diagonal() == Vec3(10, 10, 20));
}

TEST_CASE("omitted keys take their declared defaults", "[deck]") {
  DeckData deck = read_deck_string(kMinimalDeck, kFile);
  CHECK(deck.gravity == Vec3::Zero());
  CHECK(deck.output.interval == 0.0);
  CHECK(deck.output.vtk);
  REQUIRE(deck.steps.size() == 1);
  const StepSpec& step = deck.steps[0];
  CHECK(step.name == "step1");
  CHECK(step.type == AnalysisType::Dynamic);
  CHECK(step.dt.initial == 0.01);
  CHECK(step.dt.min == 0.01 * 1e-6);
  CHECK(step.dt.max == 0.01);
  CHECK(step.dt.grow_factor == 1.5);
  CHECK(step.dt.cut_factor == 0.5);
  CHECK(step.dt.easy_iterations == 4);
  CHECK(step.newmark.beta == 0.3);
  CHECK(step.newmark.gamma == 0.5);
  CHECK(step.newton.max_iterations == 20);
  CHECK(step.newton.residual_tolerance == 1e-8);
  CHECK(step.newton.increment_tolerance == 1e-10);
  CHECK(step.newton.force_scale == 0.0);
  CHECK(step.linear_solver.name == "auto");
  const BodySpec& body = deck.bodies.at(0);
  CHECK(body.centre_of_mass == Vec3::Zero());
  CHECK(body.position == Vec3::Zero());
  CHECK(body.rotation == Vec3::Zero());
  CHECK(body.velocity == Vec3::Zero());
  CHECK(body.angular_velocity == Vec3::Zero());
  CHECK_FALSE(body.fixed);
  CHECK(body.prescribed.empty());
  CHECK(body.loads.empty());
}

TEST_CASE("a load without scale acts at full value", "[deck]") {
  DeckData deck = read_deck_string(minimal_with_body_line("loads: [{force: [0, 0, 1]}]"), kFile);
  CHECK(deck.bodies[0].loads.at(0).scale(42.0) == 1.0);
}

TEST_CASE("anchors and aliases may be used for repetition", "[deck]") {
  DeckData deck = read_deck_string(
      "steps: [{end_time: 1, dt: &dt {initial: 0.1}}, {end_time: 2, dt: *dt}]\n"
      "bodies: [{name: a, mass: 1, inertia: [1, 1, 1, 0, 0, 0]}]\n",
      kFile);
  CHECK(deck.steps[1].dt.initial == 0.1);
}

TEST_CASE("bad deck: unknown key, with a suggestion", "[deck][errors]") {
  check_error(minimal_with_body_line("masss: 2"), 8, 5, "bodies[0].masss",
              "unknown key (did you mean 'mass'?)");
}

TEST_CASE("bad deck: unknown key far from any declared key lists the allowed keys",
          "[deck][errors]") {
  check_error(minimal_with_body_line("colour: red"), 8, 5, "bodies[0].colour",
              "allowed keys: name");
}

TEST_CASE("bad deck: a word where a number is expected", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: heavy"), 6, 11, "bodies[0].mass",
              "expected a real number, got 'heavy'");
}

TEST_CASE("bad deck: a quoted number is a string", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: \"1.0\""), 6, 11, "bodies[0].mass",
              "expected a real number, got the quoted string \"1.0\"");
}

TEST_CASE("bad deck: hexadecimal numbers are not accepted", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: 0x10"), 6, 11, "bodies[0].mass",
              "expected a real number, got '0x10'");
}

TEST_CASE("bad deck: a real where an integer is expected", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "{initial: 0.01}", "{initial: 0.01, easy_iterations: 2.5}"), 3,
              42, "steps[0].dt.easy_iterations", "expected an integer, got '2.5'");
}

TEST_CASE("bad deck: YAML 1.1 booleans such as yes are not accepted", "[deck][errors]") {
  check_error(minimal_with_body_line("fixed: yes"), 8, 12, "bodies[0].fixed",
              "expected true or false, got 'yes'");
}

TEST_CASE("bad deck: an empty value is not a default", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass:"), 6, 5, "bodies[0].mass",
              "got an empty value");
}

TEST_CASE("bad deck: wrong shape of a vector", "[deck][errors]") {
  check_error(minimal_with_body_line("position: [0, 0]"), 8, 15, "bodies[0].position",
              "expected a list of 3 real numbers");
}

TEST_CASE("bad deck: enum value outside its choices, with a suggestion", "[deck][errors]") {
  check_error(
      replaced(kMinimalDeck, "  - end_time: 1.0\n", "  - end_time: 1.0\n    type: dynamc\n"), 3, 11,
      "steps[0].type", "one of dynamic, static, got 'dynamc' (did you mean 'dynamic'?)");
}

TEST_CASE("bad deck: missing required key", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "    mass: 1.0\n", ""), 5, 5, "bodies[0].mass",
              "required key is missing");
}

TEST_CASE("bad deck: missing required section", "[deck][errors]") {
  check_error("steps: [{end_time: 1, dt: {initial: 0.1}}]\n", 1, 1, "bodies",
              "the deck has no bodies: give `bodies`, `body_files` or `packings`");
}

TEST_CASE("bad deck: empty list of steps", "[deck][errors]") {
  check_error(
      replaced(kMinimalDeck, "steps:\n  - end_time: 1.0\n    dt: {initial: 0.01}\n", "steps: []\n"),
      1, 8, "steps", "at least 1 item");
}

TEST_CASE("bad deck: value out of range", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: -1"), 6, 11, "bodies[0].mass",
              "must be > 0 (got -1)");
}

TEST_CASE("bad deck: Newmark beta out of its range", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "    dt: {initial: 0.01}\n",
                       "    dt: {initial: 0.01}\n    newmark: {beta: 0.6}\n"),
              4, 21, "steps[0].newmark.beta", "must be in (0, 0.5]");
}

TEST_CASE("bad deck: non-finite numbers", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: .nan"), 6, 11, "bodies[0].mass",
              "must be a finite number");
  check_error(minimal_with_body_line("position: [0, -.inf, 0]"), 8, 19, "bodies[0].position[1]",
              "must be a finite number");
  check_error(replaced(kMinimalDeck, "mass: 1.0", "mass: 1e999"), 6, 11, "bodies[0].mass",
              "outside the range of a double");
}

TEST_CASE("bad deck: duplicate key in a map", "[deck][errors]") {
  check_error(minimal_with_body_line("mass: 2"), 8, 5, "bodies[0].mass",
              "duplicate key in the same map");
}

TEST_CASE("bad deck: duplicate body names", "[deck][errors]") {
  check_error(kMinimalDeck + "  - name: cube\n    mass: 1\n    inertia: [1, 1, 1, 0, 0, 0]\n", 8,
              11, "bodies[1].name", "duplicate name 'cube' (first used at deck.yaml:5:11)");
}

TEST_CASE("bad deck: end times must increase", "[deck][errors]") {
  check_error(
      replaced(kMinimalDeck, "bodies:\n", "  - end_time: 0.5\n    dt: {initial: 0.01}\nbodies:\n"),
      4, 15, "steps[1].end_time", "greater than the previous step's end_time (1)");
}

TEST_CASE("bad deck: time step bounds out of order", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "{initial: 0.01}", "{initial: 0.01, min: 0.1}"), 3, 30,
              "steps[0].dt.min", "must not exceed initial (0.01)");
}

TEST_CASE("bad deck: inertia violating the triangle inequality", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "[1, 1, 1, 0, 0, 0]", "[1, 1, 3, 0, 0, 0]"), 7, 14,
              "bodies[0].inertia", "triangle inequality");
}

TEST_CASE("bad deck: inertia not positive definite", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "[1, 1, 1, 0, 0, 0]", "[1, 1, -1, 0, 0, 0]"), 7, 14,
              "bodies[0].inertia", "must be positive definite");
}

TEST_CASE("bad deck: unsymmetric 3x3 inertia", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "[1, 1, 1, 0, 0, 0]", "[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]"),
              7, 14, "bodies[0].inertia", "must be symmetric");
}

TEST_CASE("bad deck: unknown time function type, with a suggestion", "[deck][errors]") {
  check_error(minimal_with_body_line("loads: [{scale: {rmp: {t1: 1}}}]"), 8, 22,
              "bodies[0].loads[0].scale",
              "unknown time_function type 'rmp' (did you mean 'ramp'?)");
}

TEST_CASE("bad deck: ramp ending before it starts", "[deck][errors]") {
  check_error(minimal_with_body_line("loads: [{scale: {ramp: {t0: 1, t1: 1}}}]"), 8, 40,
              "bodies[0].loads[0].scale.ramp.t1", "must be greater than t0 (1)");
}

TEST_CASE("bad deck: table times not increasing", "[deck][errors]") {
  check_error(minimal_with_body_line("loads: [{scale: {table: [[0, 1], [0, 2]]}}]"), 8, 39,
              "bodies[0].loads[0].scale.table[1][0]", "times must increase strictly");
}

TEST_CASE("bad deck: a fixed body with prescribed DOFs", "[deck][errors]") {
  check_error(minimal_with_body_line("fixed: true\n    prescribed: [{dof: ux, value: 1}]"), 9, 17,
              "bodies[0].prescribed", "cannot also have prescribed DOFs");
}

TEST_CASE("bad deck: the same DOF prescribed twice", "[deck][errors]") {
  check_error(minimal_with_body_line("prescribed: [{dof: ux, value: 1}, {dof: ux, value: 2}]"), 8,
              45, "bodies[0].prescribed[1].dof", "prescribed twice");
}

TEST_CASE("rigid nodes read into their body's spec", "[deck][rigid_node]") {
  const DeckData deck = read_deck_string(
      minimal_with_body_line("rigid_nodes:\n"
                             "      - {name: tip, point: [0.5, 0, 0]}\n"
                             "      - name: handle\n"
                             "        point: [0, -1, 2]\n"
                             "        loads: [{force: [1, 2, 3], moment: [0, 0, 4], scale: 2}]"),
      kFile);
  const auto& nodes = deck.bodies[0].rigid_nodes;
  REQUIRE(nodes.size() == 2);
  CHECK(nodes[0].name == "tip");
  CHECK(nodes[0].point == Vec3(0.5, 0, 0));
  CHECK(nodes[0].loads.empty());
  CHECK(nodes[1].name == "handle");
  CHECK(nodes[1].point == Vec3(0, -1, 2));
  REQUIRE(nodes[1].loads.size() == 1);
  CHECK(nodes[1].loads[0].force == Vec3(1, 2, 3));
  CHECK(nodes[1].loads[0].moment == Vec3(0, 0, 4));
  CHECK(nodes[1].loads[0].point == Vec3::Zero());
  CHECK(nodes[1].loads[0].scale(7.0) == 2.0);
  CHECK(nodes[1].mark.line == 10);
}

TEST_CASE("bad deck: two rigid nodes with the same name", "[deck][errors][rigid_node]") {
  check_error(minimal_with_body_line(
                  "rigid_nodes: [{name: a, point: [1, 0, 0]}, {name: a, point: [0, 1, 0]}]"),
              8, 55, "bodies[0].rigid_nodes[1].name",
              "duplicate name 'a' (first used at deck.yaml:8:26)");
}

TEST_CASE("bad deck: a rigid node named like a body", "[deck][errors][rigid_node]") {
  check_error(minimal_with_body_line("rigid_nodes: [{name: cube, point: [1, 0, 0]}]"), 8, 26,
              "bodies[0].rigid_nodes[0].name",
              "duplicate name 'cube' (first used at deck.yaml:5:11)");
}

TEST_CASE("bad deck: a rigid node without its point", "[deck][errors][rigid_node]") {
  check_error(minimal_with_body_line("rigid_nodes: [{name: a}]"), 8, 19,
              "bodies[0].rigid_nodes[0].point", "required key is missing");
}

TEST_CASE("bad deck: a load at a rigid node has no point of its own",
          "[deck][errors][rigid_node]") {
  check_error(
      minimal_with_body_line("rigid_nodes: [{name: a, point: [1, 0, 0], loads: [{force: [1, 0, 0], "
                             "point: [0, 0, 1]}]}]"),
      8, 74, "bodies[0].rigid_nodes[0].loads[0].point", "unknown key");
}

TEST_CASE("bad deck: YAML syntax error", "[deck][errors]") {
  check_error("steps: [\nbodies: x\n", 3, 1, "", "YAML syntax error");
}

TEST_CASE("bad deck: empty documents", "[deck][errors]") {
  check_error("", 1, 1, "", "the deck is empty");
  check_error("# only a comment\n", 1, 1, "", "the deck is empty");
  check_error("---\n", 1, 1, "", "the deck is empty");
}

TEST_CASE("bad deck: a scalar or list instead of a map", "[deck][errors]") {
  check_error("[1, 2]\n", 1, 1, "", "expected a map of keys, got a list");
}

TEST_CASE("bad deck: two documents", "[deck][errors]") {
  check_error(kMinimalDeck + "---\nsteps: []\n", 8, 1, "", "exactly one YAML document");
}

TEST_CASE("bad deck: explicit tags", "[deck][errors]") {
  check_error("gravity: !!str 1\n", 1, 10, "", "explicit YAML tags");
}

TEST_CASE("bad deck: non-scalar map keys", "[deck][errors]") {
  check_error("? [x]\n: 2\n", 1, 3, "", "map keys must be plain names");
}

TEST_CASE("bad deck: an alias inside its own anchor", "[deck][errors]") {
  check_error("a: &a [1, *a]\n", 1, 11, "", "may not refer to a node that contains it");
}

TEST_CASE("bad deck: an undefined alias", "[deck][errors]") {
  check_error("a: *nowhere\n", 1, 4, "", "YAML syntax error");
}

TEST_CASE("bad deck: exponential alias expansion", "[deck][errors]") {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (char k = '1'; k <= '9'; ++k) {
    std::string previous = {'*', 'a', static_cast<char>(k - 1)};
    text += std::string{'a', k, ':', ' ', '&', 'a', k, ' ', '['} + previous;
    for (int j = 1; j < 10; ++j) text += ", " + previous;
    text += "]\n";
  }
  check_error(text, 5, 5, "", "more than 200000 YAML nodes");
}

TEST_CASE("bad deck: deep nesting", "[deck][errors]") {
  check_error("a: " + std::string(10000, '[') + std::string(10000, ']') + "\n", 1, 67, "",
              "nesting deeper than 64 levels");
}

TEST_CASE("bad deck: huge input", "[deck][errors]") {
  check_error("a: " + std::string(5u << 20, 'x') + "\n", 1, 1, "", "larger than");
}

TEST_CASE("linear_solver: petsc reads with its options, and without PETSc it names the key",
          "[deck]") {
  const std::string text =
      minimal_with_solver("{petsc: {options: \"-ksp_type gmres -pc_type bjacobi\"}}");
  if (POLYDEM_WITH_PETSC) {
    const DeckData deck = read_deck_string(text, kFile);
    CHECK(deck.steps[0].linear_solver.name == "petsc");
    CHECK(deck.steps[0].linear_solver.needs_mpi);
    CHECK(deck.steps[0].linear_solver.options_key == "steps[0].linear_solver.petsc.options");
    CHECK(deck.steps[0].linear_solver.options_mark.str() == kFile + ":4:38");
  } else {
    check_error(text, 4, 29, "steps[0].linear_solver.petsc", "built without PETSc");
  }
}

TEST_CASE("linear_solver: krylov reads bare and with options, and without PETSc names the key",
          "[deck]") {
  for (const char* yaml : {"krylov", "{krylov: {method: bcgs, preconditioner: jacobi}}"}) {
    const std::string text = minimal_with_solver(yaml);
    if (POLYDEM_WITH_PETSC) {
      const DeckData deck = read_deck_string(text, kFile);
      CHECK(deck.steps[0].linear_solver.name == "krylov");
      CHECK(deck.steps[0].linear_solver.make);
      CHECK(deck.steps[0].linear_solver.make_distributed);  // split among ranks under mpirun
    } else {
      check_error(text, 4, 20, "steps[0].linear_solver", "built without PETSc");
    }
  }
  if (!POLYDEM_WITH_PETSC) return;
  check_error(minimal_with_solver("{krylov: {preconditioner: lu}}"), 4, 46,
              "steps[0].linear_solver.krylov.preconditioner", "lu");
  check_error(minimal_with_solver("{krylov: {options: \"ksp_monitor\"}}"), 4, 39,
              "steps[0].linear_solver.krylov.options", "must start with an option name");
}

TEST_CASE("a bare name is the back end with its defaults", "[deck]") {
  for (const char* name : {"auto", "umfpack", "cholmod"}) {
    const DeckData deck = read_deck_string(minimal_with_solver(name), kFile);
    CHECK(deck.steps[0].linear_solver.name == name);
    CHECK_FALSE(deck.steps[0].linear_solver.needs_mpi);
    CHECK_FALSE(deck.steps[0].linear_solver.make_distributed);
  }
  check_error(minimal_with_solver("umfpak"), 4, 20, "steps[0].linear_solver",
              "unknown linear_solver type 'umfpak' (did you mean 'umfpack'?)");
}

TEST_CASE("petsc options may be an explicit empty string, which adds no options", "[deck]") {
  if (!POLYDEM_WITH_PETSC) return;
  const DeckData deck = read_deck_string(minimal_with_solver("{petsc: {options: \"\"}}"), kFile);
  CHECK(deck.steps[0].linear_solver.name == "petsc");
}

TEST_CASE("bad deck: options for a back end that takes none", "[deck][errors]") {
  check_error(minimal_with_solver("{umfpack: {options: \"-ksp_type gmres\"}}"), 4, 31,
              "steps[0].linear_solver.umfpack.options", "unknown key");
}

TEST_CASE("bad deck: petsc options not starting with an option name", "[deck][errors]") {
  if (!POLYDEM_WITH_PETSC) return;
  check_error(minimal_with_solver("{petsc: {options: \"ksp_type gmres\"}}"), 4, 38,
              "steps[0].linear_solver.petsc.options", "must start with an option name");
}

TEST_CASE("bad deck: an empty string only where declared so", "[deck][errors]") {
  check_error(replaced(kMinimalDeck, "  - name: cube", "  - name: \"\""), 5, 11, "bodies[0].name",
              "must not be empty");
}

TEST_CASE("read_deck reads a file and reports one that is missing", "[deck]") {
  auto path = std::filesystem::path(POLYDEM_BINARY_DIR) / "test_deck_reader_minimal.yaml";
  std::ofstream(path) << kMinimalDeck;
  CHECK(read_deck(path).bodies.at(0).name == "cube");
  std::filesystem::remove(path);
  CHECK_THROWS_AS(read_deck(path), InputError);
}

TEST_CASE("the echo re-reads to the same DeckData with every default filled in", "[deck][echo]") {
  for (const std::string& text :
       {kCompleteDeck, kMinimalDeck, std::string(deck_reference_example()),
        std::string(deck_reference_contact_example())}) {
    std::string echo = echo_deck_string(text, kFile);
    INFO(echo);
    check_same_deck(read_deck_string(text, kFile), read_deck_string(echo, kFile));
    CHECK(echo_deck_string(echo, kFile) == echo);
  }
  std::string echo = echo_deck_string(kMinimalDeck, kFile);
  CHECK(echo.find("min: 1e-08") != std::string::npos);
  CHECK(echo.find("name: step1") != std::string::npos);
  CHECK(echo.find("linear_solver: auto") != std::string::npos);
}

TEST_CASE("every example deck echoes to a deck that reads back to the same echo", "[deck][echo]") {
  // Example decks use computed defaults (mass properties from shape and density,
  // packings, body files); the echo must leave those keys to be computed again.
  const auto examples = std::filesystem::path(POLYDEM_SOURCE_DIR) / "examples";
  int decks = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(examples)) {
    if (entry.path().extension() != ".yaml") continue;
    std::ifstream in(entry.path());
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string file = entry.path().string();
    INFO(file);
    const std::string echo = echo_deck_string(text, file);
    REQUIRE_NOTHROW(read_deck_string(echo, file));
    CHECK(echo_deck_string(echo, file) == echo);
    ++decks;
  }
  CHECK(decks >= 10);
}

TEST_CASE("the echo quotes names that would not read back as plain strings", "[deck][echo]") {
  for (const std::string name :
       {"\"yes\"", "\"1e3\"", "\"a: b # c\"", "\"tab\\there\"", "\"-x\""}) {
    std::string text = replaced(kMinimalDeck, "name: cube", "name: " + name);
    std::string echo = echo_deck_string(text, kFile);
    INFO(echo);
    CHECK(read_deck_string(echo, kFile).bodies[0].name ==
          read_deck_string(text, kFile).bodies[0].name);
  }
}

TEST_CASE("the reference example is a valid deck", "[deck][docs]") {
  DeckData deck = read_deck_string(std::string(deck_reference_example()), "example.yaml");
  CHECK(deck.steps.size() == 2);
  CHECK(deck.bodies.size() == 2);
}

TEST_CASE("docs/deck.md matches the declarations", "[deck][docs]") {
  auto path = std::filesystem::path(POLYDEM_SOURCE_DIR) / "docs" / "deck.md";
  if (std::getenv("POLYDEM_UPDATE_DOCS") != nullptr)
    std::ofstream(path) << deck_reference_markdown();
  INFO("regenerate with: POLYDEM_UPDATE_DOCS=1 build/tests/test_deck_reader \"docs/deck.md*\"");
  CHECK(file_text(path) == deck_reference_markdown());
}

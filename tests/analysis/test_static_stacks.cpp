// Static steps on stacks and walls of cubes with friction (issue 28): bodies
// whose vertices rest exactly on the borders or diagonals of the faces below,
// solved under gravity ramped over pseudo-time, with the paper's linear law
// (ε1 = 1e5) and its power law (ε1 = 1e9, n1 = 2), μ = 0.5. Every scene is
// mirror-symmetric; the checks: the run ends at the load's end without a cut
// step, the ground carries the total weight to 1e-9 of it, and mirror-image
// bodies have mirror-image positions, rotations and contact resultants to
// 1e-9 (of their size, in radians, of the total weight).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "src/analysis/body_resultants.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kSkinGap = 0.0009;  ///< the layers start 0.9 mm apart, inside the 1 mm skin
constexpr double kJoint = 0.002;     ///< between neighbours in a layer, beyond the skin
constexpr double kTolerance = 1e-9;

struct Block {
  std::string name;
  std::string shape;
  Vec3 position;
};

enum class Law { Linear, Power };
enum class Ground { Boundary, FixedSlab };

std::string number(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

/// The deck of a static step over `blocks` (density 2000) on a ground.
std::string stack_deck(const std::vector<Block>& blocks, Law law, Ground ground) {
  const std::string normal = law == Law::Linear ? "{skin: 0.001, stiffness: 1.0e5}"
                                                : "{skin: 0.001, stiffness: 1.0e9, exponent: 2}";
  const std::string interaction =
      "normal: " + normal + ", friction: {static: 0.5, stiffness: 1.0e5}}\n";
  std::string deck = R"(gravity: [0, 0, -9.81]
steps:
  - name: load
    type: static
    end_time: 1.0
    dt: {initial: 0.25, min: 1.0e-6, max: 0.25}
    newton: {residual_tolerance: 1.0e-10, increment_tolerance: 1.0e-12}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
  - {name: brick, geometry: {box: {size: [0.2, 0.1, 0.1]}}}
  - {name: slab, geometry: {box: {size: [1.0, 1.0, 0.1]}}}
bodies:
)";
  if (ground == Ground::FixedSlab)
    deck += "  - {name: slab, shape: slab, density: 2000, position: [0, 0, -0.05], fixed: true}\n";
  for (const Block& b : blocks)
    deck += "  - {name: " + b.name + ", shape: " + b.shape + ", density: 2000, position: [" +
            number(b.position.x()) + ", " + number(b.position.y()) + ", " + number(b.position.z()) +
            "]}\n";
  if (ground == Ground::Boundary)
    deck += "boundaries:\n  - {name: ground, surface: {plane: {length_u: 2, length_v: 2}}}\n";
  deck += "contact:\n  interactions:\n    - {group_a: default, " + interaction;
  if (ground == Ground::Boundary)
    deck += "    - {group_a: default, group_b: boundary, " + interaction;
  return deck;
}

/// The height of layer k's centres.
double layer(int k) { return 0.05 + kSkinGap + k * (0.1 + kSkinGap); }

/// The mirror image of a position in the plane x = 0 (axis 0) or y = 0 (axis 1).
Vec3 mirrored(Vec3 v, int axis) {
  v[axis] = -v[axis];
  return v;
}
/// A rotation vector (or a moment) is a pseudo-vector: its image is −S v.
Vec3 mirrored_pseudo(const Vec3& v, int axis) { return -mirrored(v, axis); }

Vec3 rotation_vector(const Eigen::Quaterniond& q) {
  const Eigen::AngleAxisd a(q);
  return a.angle() * a.axis();
}

struct Solved {
  ContactRun run;
  std::vector<Block> blocks;
  std::size_t first = 0;  ///< the index of blocks[0] among the model's bodies
};

Solved solve(const std::vector<Block>& blocks, Law law, Ground ground) {
  Solved s{run_deck_text(stack_deck(blocks, law, ground).c_str(), "stack.yaml"), blocks,
           ground == Ground::FixedSlab ? 1u : 0u};
  return s;
}

double total_weight(const Model& model, std::size_t first) {
  double mass = 0;
  for (std::size_t b = first; b < model.bodies.size(); ++b) mass += model.bodies[b]->mass();
  return 9.81 * mass;
}

/// The load's end reached without a cut step, the ground carrying the weight.
void check_equilibrium(const Solved& s) {
  const RunResult& r = s.run.run;
  REQUIRE_FALSE(r.totals.gave_up);
  REQUIRE(r.steps.back().time == Approx(1.0));
  CHECK(r.totals.rejected_steps == 0);
  const double weight = total_weight(r.model, s.first);
  // The boundary's reaction, or the reaction of the slab's supports less the slab's weight.
  Vec3 reaction = reactions(r.model, 1.0, 1.0).front().force;
  if (s.first == 1) reaction.z() -= 9.81 * r.model.bodies[0]->mass();
  CAPTURE(reaction.transpose(), weight);
  CHECK((reaction - Vec3(0, 0, weight)).norm() < kTolerance * weight);
}

/// Mirror-image blocks in the plane x = 0 (axis 0) or y = 0 (axis 1).
void check_mirror(const Solved& s, int axis) {
  const Model& model = s.run.run.model;
  const double weight = total_weight(model, s.first);
  const std::vector<Wrench<double>> contact =
      contact_resultants(model.contact->snapshot(), model.bodies.size());
  for (std::size_t i = 0; i < s.blocks.size(); ++i) {
    std::size_t j = 0;
    while ((s.blocks[j].position - mirrored(s.blocks[i].position, axis)).norm() > 1e-12) ++j;
    const std::size_t bi = s.first + i, bj = s.first + j;
    CAPTURE(axis, s.blocks[i].name, s.blocks[j].name);
    const RigidBody& body_i = *model.bodies[bi];
    const RigidBody& body_j = *model.bodies[bj];
    const NodeState& node_i = model.nodes[static_cast<std::size_t>(body_i.node())];
    const NodeState& node_j = model.nodes[static_cast<std::size_t>(body_j.node())];
    const Vec3 position_gap =
        body_j.centre_of_mass(node_j) - mirrored(body_i.centre_of_mass(node_i), axis);
    CHECK(position_gap.norm() < kTolerance * 0.1);
    const Vec3 rotation_gap =
        rotation_vector(node_j.rotation) - mirrored_pseudo(rotation_vector(node_i.rotation), axis);
    CHECK(rotation_gap.norm() < kTolerance);
    CHECK((contact[bj].force - mirrored(contact[bi].force, axis)).norm() < kTolerance * weight);
    CHECK((contact[bj].moment - mirrored_pseudo(contact[bi].moment, axis)).norm() <
          kTolerance * weight * 1.0);  // lever arms below 1 m
  }
}

}  // namespace

TEST_CASE("a cube on a cube with flush sides, solved statically: symmetric about its sides",
          "[analysis][static][friction]") {
  // The upper cube is shifted 3 cm along x: its vertices rest on the border of
  // the lower cube's top face (y = ±0.05), the lower cube's on the border of
  // its bottom face. Rounding put them on the face's side or on the edge's; the
  // friction history, lost at each crossing, made the active set cycle: the
  // power law gave up at t = 0.28 (exit 3).
  const Law law = GENERATE(Law::Linear, Law::Power);
  CAPTURE(law == Law::Linear ? "linear" : "power");
  const std::vector<Block> blocks{{"lower", "cube", {0, 0, layer(0)}},
                                  {"upper", "cube", {0.03, 0, layer(1)}}};
  const Solved s = solve(blocks, law, Ground::Boundary);
  check_equilibrium(s);
  check_mirror(s, 1);
}

TEST_CASE(
    "a wall of bricks in staggered bond, solved statically: the ground carries it, "
    "symmetric about its middle",
    "[analysis][static][friction]") {
  // Three layers of 0.2 × 0.1 × 0.1 m bricks, 2 mm joints; the middle layer is
  // shifted half a brick, with a half brick (a 0.1 m cube) at each end that
  // overhangs the layer below by the third joint's 1 mm. All sides flush: every
  // vertex rests on the border of a face or over the end of an edge.
  const Law law = GENERATE(Law::Linear, Law::Power);
  const Ground ground = GENERATE(Ground::Boundary, Ground::FixedSlab);
  CAPTURE(law == Law::Linear ? "linear" : "power", ground == Ground::Boundary ? "plane" : "slab");
  const double pitch = 0.2 + kJoint;
  std::vector<Block> blocks;
  for (int k : {0, 2})
    for (int i : {-1, 0, 1})
      blocks.push_back({"L" + std::to_string(k) + "_" + std::to_string(i + 1),
                        "brick",
                        {i * pitch, 0, layer(k)}});
  const double half = pitch / 2 + 0.1 + kJoint + 0.05;
  blocks.push_back({"L1_0", "cube", {-half, 0, layer(1)}});
  blocks.push_back({"L1_1", "brick", {-pitch / 2, 0, layer(1)}});
  blocks.push_back({"L1_2", "brick", {pitch / 2, 0, layer(1)}});
  blocks.push_back({"L1_3", "cube", {half, 0, layer(1)}});
  const Solved s = solve(blocks, law, ground);
  check_equilibrium(s);
  check_mirror(s, 0);
  check_mirror(s, 1);
}

TEST_CASE("two layers of cubes, the upper offset by half a cube: symmetric about both axes",
          "[analysis][static][friction]") {
  // 3 × 3 cubes below, 2 × 2 above at (±p/2, ±p/2), p = 0.1 m + the 2 mm joint:
  // each upper vertex rests on the centre of a lower face, off by half a joint
  // along the face's diagonal, and each lower corner under an upper face's
  // diagonal likewise; the ground plane's own diagonal runs under lower corners.
  const Law law = GENERATE(Law::Linear, Law::Power);
  CAPTURE(law == Law::Linear ? "linear" : "power");
  const double pitch = 0.1 + kJoint;
  std::vector<Block> blocks;
  for (int i : {-1, 0, 1})
    for (int j : {-1, 0, 1})
      blocks.push_back(
          {"low" + std::to_string(3 * (i + 1) + j + 1), "cube", {i * pitch, j * pitch, layer(0)}});
  for (double x : {-0.5, 0.5})
    for (double y : {-0.5, 0.5})
      blocks.push_back(
          {"up" + std::to_string(blocks.size() - 9), "cube", {x * pitch, y * pitch, layer(1)}});
  const Solved s = solve(blocks, law, Ground::Boundary);
  check_equilibrium(s);
  check_mirror(s, 0);
  check_mirror(s, 1);
}

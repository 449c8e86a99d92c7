// The crossing test of a contact pair between two configurations (paper §2.4.7:
// a gap vector that reverses, n^i·n^{i+1} < 0, signals a crossing), against
// paths whose answer is known by construction: a vertex of one cube passes a
// convex edge of another either around it (the gap stays positive, the normal
// turns by more than 90°: no crossing) or through the corner region of the
// cube (it ends outside again, on the far side: a crossing); a vertex goes deep
// through a face in one step (a crossing); a vertex goes behind a far edge of a
// non-convex body without meeting it (no crossing).
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include <Eigen/Core>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/law/interaction.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "src/model/node_state.hpp"
#include "src/model/step_context.hpp"
#include "tests/support/l_prism.hpp"
#include "tests/support/law_fixtures.hpp"
#include "tests/support/shape_lookup.hpp"

using namespace polydem;

namespace {

using test::find_edge;
using test::find_face;

const BodyInertia kTonne{1000.0};  ///< both bodies' (turning freely: no inertia)

/// A cube of half size `half` (body 1) whose corner (−h, −h, −h) — make_box
/// vertex 0 — moves near a sub-region of a fixed body 0.
struct MovingCorner {
  std::shared_ptr<const Shape> fixed;
  std::shared_ptr<const Shape> cube;
  std::vector<NodeState> nodes = std::vector<NodeState>(2);
  ContactPairElement element;

  /// The corner starts at `corner` (world); `skin` is the interaction's ḡ_n.
  MovingCorner(std::shared_ptr<const Shape> fixed_shape, SubRegion fixed_region, const Vec3& corner,
               double half = 0.5, double skin = 1e-3)
      : fixed(std::move(fixed_shape)),
        cube(build_shape(make_box(half, half, half), "cube")),
        element{PairSide{1, nullptr, cube.get(), &kTonne},
                PairSide{0, nullptr, fixed.get(), &kTonne},
                std::make_shared<Interaction>(InteractionParams{
                    testing::hybrid_law({skin, 1e9, 2.0, 0.5, -1.0}), {}, 0, {}})} {
    nodes[1].position = corner + Vec3::Constant(half);
    candidate = {{SubRegionKind::Vertex, 0}, fixed_region};
  }
  Candidate candidate;

  /// Whether the pair crossed while the corner moved by `motion` in one step (from
  /// configuration i, the corner's start).
  bool crosses(const Vec3& motion) { return crosses_with(motion, {candidate}, nullptr); }

  /// The same with the element's candidates `candidates`, those crossing listed in `crossing`.
  bool crosses_with(const Vec3& motion, const std::vector<Candidate>& candidates,
                    std::vector<int>* crossing) {
    const Eigen::VectorXd none = Eigen::VectorXd::Zero(12);
    Eigen::VectorXd moved = none;
    moved.segment<3>(6) = motion;
    StepContext from;
    from.dt = 1e-3;
    from.nodes = nodes;
    from.increments = &none;
    StepContext to = from;
    to.increments = &moved;
    element.start_candidates(from, nullptr);
    element.candidates() = candidates;
    return element.crosses(from, to, 0.0, crossing);
  }
};

/// Unit cube A at the origin (its edge x = z = 0.5 along y) and a unit cube
/// whose corner starts at `corner` relative to the edge point (0.5, 0, 0.5).
MovingCorner VertexPastEdge(const Vec3& corner) {
  auto cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  const SubRegion edge{SubRegionKind::Edge, find_edge(*cube, 5, 7)};
  return MovingCorner(cube, edge, Vec3(0.5, 0, 0.5) + corner);
}

}  // namespace

TEST_CASE("a vertex passing around a convex edge does not cross it but one passing through does",
          "[contact][penetration]") {
  // Starts 1.1 mm from the edge, above the top face (normal mostly +z) and ends
  // beside the side face (normal mostly +x): the normals turn by 143°.
  const Vec3 start(-0.5e-3, 0, 1.0e-3);
  SECTION("around: the straight path keeps 0.35 mm from the edge") {
    CHECK_FALSE(VertexPastEdge(start).crosses(Vec3(1.5e-3, 0, -1.5e-3)));
  }
  SECTION("through: the path's middle lies 0.14 mm inside cube A") {
    CHECK(VertexPastEdge(Vec3(-1.0e-3, 0, 0.8e-3)).crosses(Vec3(1.8e-3, 0, -1.8e-3)));
  }
  SECTION("a reversal straight through the edge line") {
    CHECK(VertexPastEdge(start).crosses(Vec3(1.0e-3, 0, -2.0e-3)));
  }
}

TEST_CASE("a vertex deep through a face in one step crosses it", "[contact][penetration]") {
  // test::l_prism's floor z = 0 over x ∈ [0, 2] (a slab 1 m thick below it);
  // the corner starts 1 mm above the point (1, −0.5) of the floor triangle 2-9-3.
  auto block = build_shape(test::l_prism(), "L");
  const SubRegion floor{SubRegionKind::Face, find_face(*block, {2, 9, 3})};
  MovingCorner corner(block, floor, Vec3(1.0, -0.5, 1e-3), 0.05);
  CHECK(corner.crosses(Vec3(0, 0, -0.05)));    // ends 49 mm inside, 48 skins deep
  CHECK(corner.crosses(Vec3(0, 0, -1.2e-3)));  // ends 0.2 mm inside
  CHECK_FALSE(corner.crosses(Vec3(0, 0, -0.9e-3)));
}

TEST_CASE("a vertex moving behind a far edge of a non-convex body, outside it, does not cross",
          "[contact][penetration]") {
  // test::l_prism's convex edge 4-10 (x = 0, z = 2): the corner goes from above
  // the edge's top face plane to behind both of its faces, 1.2 m from the L's
  // wall but beyond its back face x = −1 the whole way: the side test flips,
  // the bodies never meet.
  auto block = build_shape(test::l_prism(), "L");
  const SubRegion edge{SubRegionKind::Edge, find_edge(*block, 4, 10)};
  MovingCorner corner(block, edge, Vec3(-1.2, 0, 2.3), 0.05);
  CHECK_FALSE(corner.crosses(Vec3(0, 0, -0.8)));
}

TEST_CASE("every crossing candidate is listed: the same ones as each candidate alone finds",
          "[contact][penetration]") {
  // The cube (10 cm) 1 mm above the L's floor, lowered 1.2 mm: its bottom
  // vertices over the floor triangle go through it, its top ones stay 10 cm above.
  auto block = build_shape(test::l_prism(), "L");
  const SubRegion floor{SubRegionKind::Face, find_face(*block, {2, 9, 3})};
  MovingCorner corner(block, floor, Vec3(1.0, -0.5, 1e-3), 0.05);
  std::vector<Candidate> all;
  for (int v = 0; v < 8; ++v) all.push_back({{SubRegionKind::Vertex, v}, floor});
  const Vec3 motion(0, 0, -1.2e-3);
  std::vector<int> listed;
  const bool any = corner.crosses_with(motion, all, &listed);
  std::vector<int> alone;
  for (int v = 0; v < 8; ++v)
    if (corner.crosses_with(motion, {all[static_cast<std::size_t>(v)]}, nullptr))
      alone.push_back(v);
  CHECK(any == !alone.empty());
  CHECK(listed == alone);
  CHECK_FALSE(alone.empty());
  CHECK(alone.size() < all.size());
}

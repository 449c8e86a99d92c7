// The crossing test of a contact pair between two configurations (paper §2.4.7:
// a gap vector that reverses, n^i·n^{i+1} < 0, signals a crossing), against
// paths whose answer is known by construction: a vertex of one cube passes a
// convex edge of another either around it (the gap stays positive, the normal
// turns by more than 90°: no crossing) or through the corner region of the
// cube (it ends outside again, on the far side: a crossing).
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
#include "tests/shape_lookup.hpp"

using namespace polydem;

namespace {

using test::find_edge;

/// Unit cube A at the origin (its edge x = z = 0.5 along y) and unit cube B
/// whose corner (−½, −½, −½) — make_box vertex 0 — moves near that edge.
struct VertexPastEdge {
  std::shared_ptr<const Shape> cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  std::vector<NodeState> nodes = std::vector<NodeState>(2);
  ContactPairElement element{PairSide{1, nullptr, cube.get(), 1000.0},
                             PairSide{0, nullptr, cube.get(), 1000.0},
                             std::make_shared<Interaction>(InteractionParams{
                                 NormalLawParams{1e-3, 1e9, 2.0, 0.5, -1.0}, 0, {}, 0, {}, {}})};

  /// B's corner starts at `corner` (relative to A's edge point (0.5, 0, 0.5)).
  explicit VertexPastEdge(const Vec3& corner) {
    nodes[1].position = Vec3(0.5, 0, 0.5) + corner + Vec3(0.5, 0.5, 0.5);
    PointwiseStepData candidate;
    candidate.region_a = {SubRegionKind::Vertex, 0};
    candidate.region_b = {SubRegionKind::Edge, find_edge(*cube, 5, 7)};
    element.candidates().push_back(candidate);
  }

  /// Whether the pair crossed while B's corner moved by `motion` in one step.
  bool crosses(const Vec3& motion) const {
    const Eigen::VectorXd none = Eigen::VectorXd::Zero(12);
    Eigen::VectorXd moved = none;
    moved.segment<3>(6) = motion;
    StepContext from;
    from.dt = 1e-3;
    from.nodes = nodes;
    from.increments = &none;
    StepContext to = from;
    to.increments = &moved;
    return element.crosses(from, to, 0.0);
  }
};

}  // namespace

TEST_CASE("a vertex passing around a convex edge does not cross it; one passing through does",
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

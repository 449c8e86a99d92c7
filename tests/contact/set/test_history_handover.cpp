// A contact's friction history goes to one heir (contact/set/candidate_data.cpp).
// A vertex of A that rested on a face F of B and left it across an edge near
// an acute corner finds, at configuration i, both edges of that corner in
// range, and the corner's vertex; each of those pairs could take F's history
// over. All of them did, and two of them active at once doubled its spring
// (a 60-tetrapod fill stopped at 0.9737 s: an energy-balance error of 4 J at
// every Δt down to the minimum). Exactly one may inherit: the pair whose
// contact normal at i lies along F's, worked out here from the geometry: the
// edge the vertex crossed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/law/damping/viscous_damping.hpp"
#include "contact/law/normal_law_family.hpp"
#include "contact/set/candidate_data.hpp"
#include "src/deck/deck_schema.hpp"
#include "tests/support/deck_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

int vertex_at(const Shape& shape, const Vec3& point) {
  for (std::size_t k = 0; k < shape.mesh.vertices.size(); ++k)
    if ((shape.mesh.vertices[k] - point).norm() < 1e-9) return static_cast<int>(k);
  FAIL("no vertex at " << point.transpose());
  return -1;
}

int edge_joining(const Shape& shape, int v, int w) {
  for (std::size_t k = 0; k < shape.edges.size(); ++k) {
    const auto& ends = shape.edges[k].vertices;
    if ((ends[0] == v && ends[1] == w) || (ends[0] == w && ends[1] == v))
      return static_cast<int>(k);
  }
  FAIL("no edge joining " << v << " and " << w);
  return -1;
}

int face_with(const Shape& shape, std::array<int, 3> corners) {
  std::sort(corners.begin(), corners.end());
  for (std::size_t k = 0; k < shape.faces.size(); ++k) {
    std::array<int, 3> ids = shape.faces[k].vertices;
    std::sort(ids.begin(), ids.end());
    if (ids == corners) return shape.faces[k].facet;
  }
  FAIL("no face with the given corners");
  return -1;
}

std::shared_ptr<const Interaction> frictional_interaction(double skin) {
  const ObjectSchema& member = deck_registry().family("normal_law").members.front();
  const auto recipe = normal_laws().build(declared("normal_law", member.example));
  return std::make_shared<const Interaction>(
      InteractionParams{recipe->make(skin, nullptr, nullptr), viscous_damping(0.3, true), 0.2,
                        FrictionParams{0.5, 0.5, 1e4, 0.0, {}}});
}

}  // namespace

TEST_CASE("a contact's friction history goes to one heir: the neighbour along its normal",
          "[contact][friction][history]") {
  const auto octahedron = build_shape(make_octahedron(1.0), "octahedron");
  const Shape& shape = *octahedron;
  // B (at the origin) has the face F = (c, t, s); the vertex v of A lies just
  // across F's edge (c, t), 0.2 from the corner c along it: within the range of
  // that edge and of the edge (c, s), 60° away, and g = 0.01 above F's plane.
  const Vec3 c(1, 0, 0), t(0, 1, 0), s(0, 0, 1);
  const int corner = vertex_at(shape, c);
  const int face = face_with(shape, {corner, vertex_at(shape, t), vertex_at(shape, s)});
  const int crossed = edge_joining(shape, corner, vertex_at(shape, t));
  const int other = edge_joining(shape, corner, vertex_at(shape, s));
  const Vec3 normal = Vec3(1, 1, 1).normalized();
  const Vec3 along = (t - c).normalized();
  Vec3 outward = along.cross(normal);
  if (outward.dot((c + t + s) / 3 - c) > 0) outward = -outward;
  const Vec3 v = c + 0.2 * along + 0.02 * outward + 0.01 * normal;
  // A's lowest vertex (0, 0, −1) at v.
  const int vertex_a = vertex_at(shape, Vec3(0, 0, -1));
  std::vector<NodeState> nodes(2);
  nodes[0].position = v + Vec3(0, 0, 1);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(12);
  StepContext at_i;
  at_i.type = AnalysisType::Dynamic;
  at_i.dt = 1e-3;
  at_i.newmark = NewmarkCoefficients::make(0.3, 0.5, at_i.dt);
  at_i.nodes = nodes;
  at_i.increments = &zero;

  const BodyInertia inertia{1.0, inverse_inertia_root(Mat3::Identity()), Vec3::Zero()};
  ContactPairElement element(PairSide{0, nullptr, &shape, &inertia},
                             PairSide{1, nullptr, &shape, &inertia}, frictional_interaction(0.05));
  const SubRegion vertex{SubRegionKind::Vertex, vertex_a};
  const SubRegion donor_face{SubRegionKind::Face, face};
  const std::array<SubRegion, 3> heirs = {SubRegion{SubRegionKind::Vertex, corner},
                                          SubRegion{SubRegionKind::Edge, crossed},
                                          SubRegion{SubRegionKind::Edge, other}};
  ContactHistories histories;
  ContactHistory donor;
  donor.tangential_gap = Vec3(2e-3, -1e-3, 0);
  donor.normal = normal;
  histories[{0, 1, -1, vertex, donor_face}] = donor;
  const ContactScene scene({}, {}, InteractionTable(1), SearchSettings{});
  const CandidateData source(scene, histories);
  element.start_candidates(at_i, &source);
  std::vector<SubRegion> sorted(heirs.begin(), heirs.end());
  std::sort(sorted.begin(), sorted.end());
  for (const SubRegion& region : sorted) element.add_candidate(vertex, region);

  int inherited = 0;
  for (int k = 0; k < static_cast<int>(element.candidates().size()); ++k) {
    const PointwiseStepData& data = element.step_data(k);
    INFO("candidate vertex–" << (data.region_b.kind == SubRegionKind::Edge ? "edge " : "vertex ")
                             << data.region_b.index);
    if (!data.inherited) {
      CHECK(data.tangential_gap_i.isZero());
      continue;
    }
    ++inherited;
    CHECK(data.region_b == SubRegion{SubRegionKind::Edge, crossed});
    CHECK(data.donor_region_b == donor_face);
    CHECK(data.tangential_gap_i == donor.tangential_gap);
  }
  CHECK(inherited == 1);
}

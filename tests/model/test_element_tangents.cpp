// Every kind of element the model assembles (src/model/element.hpp), at random
// states: its tangent against central differences of its residual over its
// own DOFs, through the one check of tests/support/element_checks.hpp. The
// contact-pair element runs with every registered normal law (built from the
// example each declares), so a law added in its own file is checked here too.
#include <catch2/catch.hpp>

#include <random>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/law/damping/viscous_damping.hpp"
#include "contact/law/normal_law_family.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "elements/node_load.hpp"
#include "elements/rigid_body.hpp"
#include "elements/rigid_node_link.hpp"
#include "src/deck/deck_schema.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/element_checks.hpp"
#include "tests/support/pointwise_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

std::vector<AppliedLoad> random_loads() {
  std::vector<AppliedLoad> loads(2);
  for (AppliedLoad& load : loads) {
    load.force = random_vector(3.0);
    load.moment = random_vector(2.0);
    load.point = random_vector(0.5);
    load.scale = TimeFunction::ramp(0.0, unit(engine), 2.0, unit(engine));
  }
  return loads;
}

StepContext context_of(const std::vector<NodeState>& nodes, const Eigen::VectorXd& increments,
                       AnalysisType type) {
  StepContext ctx;
  ctx.type = type;
  ctx.time = 0.7;
  ctx.dt = 0.01;
  ctx.gravity = Vec3(0.3, -0.2, -9.81);
  ctx.newmark = NewmarkCoefficients::make(0.3, 0.5, ctx.dt);
  ctx.nodes = nodes;
  ctx.increments = &increments;
  return ctx;
}

Eigen::VectorXd random_increments(long size, double scale) {
  Eigen::VectorXd increments(size);
  for (long k = 0; k < size; ++k) increments(k) = scale * unit(engine);
  return increments;
}

/// Makes the configuration-i data of a candidate as the contact set would, at random.
class RandomCandidateData final : public CandidateSource {
 public:
  PointwiseStepData step_data(const ContactPairElement& /*element*/, const StepContext& /*at_i*/,
                              const SubRegion& region_a, const SubRegion& region_b) const override {
    LocalContact c;
    c.sub_region_a = region_a;
    c.sub_region_b = region_b;
    c.normal = random_vector(1.0).normalized();
    PointwiseStepData data = testing::step_data(c, unit(engine) > 0);
    data.event_dashpot = 0.3;
    return data;
  }
};

}  // namespace

TEST_CASE("every element's tangent is the derivative of its residual", "[element][tangent]") {
  const std::vector<NodeState> nodes = {random_state(random_vector(1.0)),
                                        random_state(random_vector(1.0))};
  for (const AnalysisType type : {AnalysisType::Dynamic, AnalysisType::Static}) {
    INFO((type == AnalysisType::Dynamic ? "dynamic" : "static"));
    for (int trial = 0; trial < 10; ++trial) {
      const Eigen::VectorXd increments = random_increments(18, 0.05);
      const StepContext ctx = context_of(nodes, increments, type);
      const Mat3 inertia = Vec3(0.4, 0.5, 0.6).asDiagonal();
      const RigidBody body(0, 2.5, inertia, random_vector(0.2), 0.5, random_loads());
      const RigidNodeLink link(0, 1, 12, random_vector(1.0));
      std::vector<AppliedLoad> at_node = random_loads();
      for (AppliedLoad& load : at_node) load.point.setZero();
      const NodeLoad node_load(1, at_node, 0.5);
      for (const auto& [name, element] :
           {std::pair<const char*, const Element*>{"rigid body", &body},
            {"rigid-node link", &link},
            {"node load", &node_load}}) {
        const ElementCheck check = check_element(*element, ctx);
        INFO(name << ", trial " << trial);
        CHECK(check.tangent_error < 1e-7);
        CHECK(check.residual_error < 1e-13);
      }
    }
  }
}

TEST_CASE("the contact-pair element's tangent, with every registered normal law",
          "[element][tangent][contact]") {
  const auto shape = build_shape(make_octahedron(1.0), "octahedron");
  const double skin = 0.3;
  const RandomCandidateData data;
  for (const ObjectSchema& member : deck_registry().family("normal_law").members) {
    const auto recipe = normal_laws().build(declared("normal_law", member.example));
    const auto interaction =
        std::make_shared<const Interaction>(InteractionParams{recipe->make(skin, nullptr, nullptr),
                                                              viscous_damping(0.3, true),
                                                              0.2,
                                                              {0.5, 0.4, 1e4, 0.0, {}}});
    int checked = 0;
    for (int trial = 0; trial < 80 && checked < 15; ++trial) {
      const Scene scene = random_scene(*shape, skin);
      const std::vector<NodeState> nodes = {scene.state_a, scene.state_b};
      const Mat3 inertia = Vec3(0.4, 0.5, 0.6).asDiagonal();
      const BodyInertia inertia_a{2.0, inverse_inertia_root(inertia), Vec3(0.1, 0, 0)};
      const BodyInertia inertia_b{3.0, inverse_inertia_root(1.5 * inertia), Vec3(0, -0.05, 0.02)};
      ContactPairElement element(PairSide{0, nullptr, shape.get(), &inertia_a},
                                 PairSide{1, nullptr, shape.get(), &inertia_b}, interaction);
      const Eigen::VectorXd zero = Eigen::VectorXd::Zero(12);
      element.start_candidates(context_of(nodes, zero, AnalysisType::Dynamic), &data);
      for (const LocalContact& c : scene.contacts)
        element.add_candidate(c.sub_region_a, c.sub_region_b);
      const Eigen::VectorXd increments = random_increments(12, 1e-3);
      const StepContext ctx = context_of(nodes, increments, AnalysisType::Dynamic);
      element.update_engaged(ctx, 0.0);
      Eigen::VectorXd r = Eigen::VectorXd::Zero(12);
      element.evaluate_residual(ctx, r);
      if (r.isZero()) continue;  // no engaged contact at this state
      const ElementCheck check = check_element(element, ctx, {.step = 1e-7, .richardson = true});
      INFO(member.name << ", trial " << trial);
      CHECK(check.tangent_error < 1e-6);
      CHECK(check.residual_error < 1e-13);
      ++checked;
    }
    INFO(member.name);
    CHECK(checked >= 10);
  }
}

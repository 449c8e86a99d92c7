// Cost of the pointwise contacts between two bodies (contact/pair/pointwise_contact.hpp),
// per contact: their residual in plain arithmetic, and their residual with the
// consistent 12×12 tangent, each pair's contacts evaluated together as the
// contact element does in every Newton iteration. The law is the paper's
// (hybrid barrier, viscous damping, Coulomb friction with history), on random
// configurations of two octahedra that mix every degeneration (about two
// contacts per pair); argument 0 without friction, 1 with it.
#include <benchmark/benchmark.h>

#include <vector>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "tests/support/law_fixtures.hpp"
#include "tests/support/pointwise_scene.hpp"

namespace {

using namespace polydem;

constexpr double kSkin = 0.3;

/// Random octahedron pairs with their contacts inside the skin.
struct Pairs {
  std::shared_ptr<const Shape> shape = build_shape(make_octahedron(1.0), "octahedron");
  std::vector<testing::Scene> scenes;
  std::vector<std::vector<PointwiseStepData>> steps;
  std::vector<std::vector<const PointwiseStepData*>> step_lists;
  std::vector<ContactSide> a, b;
  std::size_t contact_count = 0;
  StepContext context;

  Pairs() {
    context.type = AnalysisType::Dynamic;
    context.newmark = NewmarkCoefficients::make(0.3, 0.5, 0.01);
    constexpr std::size_t kPairs = 128;
    scenes.reserve(kPairs);
    for (std::size_t k = 0; k < kPairs; ++k) {
      scenes.push_back(testing::random_scene(*shape, kSkin));
      steps.emplace_back();
      for (const LocalContact& c : scenes.back().contacts)
        steps.back().push_back(testing::step_data(c, true));
      contact_count += steps.back().size();
      a.push_back(testing::body_side(*shape, scenes.back().state_a, 2.0));
      b.push_back(testing::body_side(*shape, scenes.back().state_b, 3.0));
      for (ContactSide* side : {&a.back(), &b.back()}) {
        side->trial.u_delta = testing::random_vector(1e-3);
        side->trial.alpha_delta = testing::random_vector(1e-3);
      }
    }
    for (const auto& list : steps) {
      step_lists.emplace_back();
      for (const PointwiseStepData& step : list) step_lists.back().push_back(&step);
    }
  }

  PointwiseInput pair(const Interaction& law, std::size_t k) const {
    return {&law, &a[k], &b[k], nullptr, &context};
  }
};

const Pairs& pairs() {
  static const Pairs instance;
  return instance;
}

Interaction interaction(bool friction) {
  InteractionParams p;
  p.normal = testing::hybrid_law({kSkin, 1e4, 1.5, 0.4, -2.0});
  p.damping = viscous_damping(0.3);
  if (friction) p.friction = {0.6, 0.5, 2e4, 30.0, {}};
  return Interaction(p);
}

/// Every pair evaluated by `evaluate(pair, contacts)` once per benchmark iteration.
template <class Evaluate>
void per_contact(benchmark::State& state, Evaluate evaluate) {
  const Pairs& p = pairs();
  const Interaction law = interaction(state.range(0) != 0);
  for (auto _ : state)
    for (std::size_t k = 0; k < p.scenes.size(); ++k) evaluate(p.pair(law, k), p.step_lists[k]);
  state.counters["per_contact"] = benchmark::Counter(
      static_cast<double>(p.contact_count) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(state.range(0) != 0 ? "with friction" : "frictionless");
}

void BM_ResidualAndTangent(benchmark::State& state) {
  Eigen::VectorXd residual = Eigen::VectorXd::Zero(12);
  Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(12, 12);
  per_contact(state, [&](const PointwiseInput& pair, const auto& contacts) {
    add_pointwise_contacts(pair, contacts, residual, tangent);
    benchmark::DoNotOptimize(tangent.data());
  });
}

void BM_Residual(benchmark::State& state) {
  Eigen::VectorXd residual = Eigen::VectorXd::Zero(12);
  per_contact(state, [&](const PointwiseInput& pair, const auto& contacts) {
    add_pointwise_contacts_residual(pair, contacts, residual);
    benchmark::DoNotOptimize(residual.data());
  });
}

}  // namespace

BENCHMARK(BM_ResidualAndTangent)->DenseRange(0, 1);
BENCHMARK(BM_Residual)->DenseRange(0, 1);

BENCHMARK_MAIN();

// polydem against Bullet Physics on the same scenes (issue 8, item 2), side by
// side: polydem implicit (Newmark–Newton, adaptive Δt), polydem's convex step
// (src/analysis/convex/: velocities minimising a convex function), polydem explicit
// (central differences, Δt = 0.1 Δt_crit) and Bullet (bullet_scene.hpp:
// sequential impulses, 10 iterations, fixed step 1/240 s or 1/1000 s). One run
// each (Iterations(1)); the counters (scene_counters.hpp) are the figures:
//  * wall_per_sim_s: wall time per simulated second, one thread;
//  * min_gap_m: the closest two surfaces came; negative in Bullet, whose
//    contacts let bodies interpenetrate (minus the deepest overlap);
//  * energy_err_J and max_energy_err_J: for the elastic drop (no damping, no
//    friction) the error of the energy, polydem's with its contact energy;
//    Bullet also with every penetration resolved by split impulse
//    (BulletSplitImpulse: its default pushes shallow ones apart through the
//    velocities, which adds energy at these millimetre depths);
//  * R<k>/W and R<k>_err: for a plate on three supports (examples/three_supports),
//    each support's reaction over the weight and its error against the
//    stiff-elastic-limit split (1/3 each; 0.2, 0.6, 0.2 with a middle support
//    three times stiffer). polydem implicit runs the example's static step;
//    explicit and Bullet a dynamic settling of 1 s with damping ratio 0.5;
//    Bullet rigid (argument 0) or with soft contacts of the laws' stiffness
//    (argument 1).
// Scenes: the pile of ten blocks (examples/pile_of_blocks), a box of 27 cubes,
// 8 tetrapods (compounds of five hulls in Bullet), the elastic drop
// (benchmarks/scenes/).
//
//   cmake --build build --target bench_bullet_peer
//   ./build/benchmarks/bench_bullet_peer --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include "benchmarks/bullet/bullet_scene.hpp"
#include "benchmarks/support/scene_counters.hpp"
#include "contact/law/damping/viscous_damping.hpp"

namespace polydem::bench {
namespace {

void PolydemImplicit(benchmark::State& state, const std::string& deck_path) {
  SceneFigures figures;
  for (auto _ : state) figures = run_implicit(source_deck(deck_path));
  report_figures(state, figures);
}

void PolydemExplicit(benchmark::State& state, const std::string& deck_path) {
  SceneFigures figures;
  for (auto _ : state) figures = run_explicit(source_deck(deck_path), ExplicitSettings{});
  report_figures(state, figures);
}

void PolydemConvex(benchmark::State& state, const std::string& deck_path) {
  SceneFigures figures;
  for (auto _ : state) figures = run_convex(source_deck(deck_path));
  report_figures(state, figures);
}

void Bullet(benchmark::State& state, const std::string& deck_path) {
  BulletSettings settings;
  settings.time_step = 1.0 / static_cast<double>(state.range(0));
  SceneFigures figures;
  for (auto _ : state) figures = run_bullet(source_deck(deck_path), settings);
  report_figures(state, figures);
}

/// Bullet with every penetration resolved by split impulse (no Baumgarte push).
void BulletSplitImpulse(benchmark::State& state, const std::string& deck_path) {
  BulletSettings settings;
  settings.time_step = 1.0 / static_cast<double>(state.range(0));
  settings.split_impulse_threshold = 0;
  SceneFigures figures;
  for (auto _ : state) figures = run_bullet(source_deck(deck_path), settings);
  report_figures(state, figures);
}

/// The example's static load step as a dynamic settling with damping.
DeckData settling(DeckData deck) {
  StepSpec& step = deck.steps.front();
  step.type = AnalysisType::Dynamic;
  step.dt.initial = step.dt.min = 1e-3;
  step.dt.max = 1e-2;
  for (InteractionSpec& law : deck.contact.interactions) law.laws.damping = viscous_damping(0.5);
  return deck;
}

struct Supports {
  std::string deck_path;
  std::vector<double> split;
};
const Supports kIdentical{"examples/three_supports/identical.yaml", {1.0 / 3, 1.0 / 3, 1.0 / 3}};
const Supports kStiffMiddle{"examples/three_supports/stiff_middle.yaml", {0.2, 0.6, 0.2}};

void SupportsImplicit(benchmark::State& state, const Supports& supports) {
  SceneFigures figures;
  for (auto _ : state) figures = run_implicit(source_deck(supports.deck_path));
  report_figures(state, figures);
  report_support_split(state, figures, supports.split);
}

void SupportsExplicit(benchmark::State& state, const Supports& supports) {
  SceneFigures figures;
  for (auto _ : state)
    figures = run_explicit(settling(source_deck(supports.deck_path)), ExplicitSettings{});
  report_figures(state, figures);
  report_support_split(state, figures, supports.split);
}

void SupportsBullet(benchmark::State& state, const Supports& supports) {
  BulletSettings settings;
  settings.soft_contacts = state.range(0) != 0;
  SceneFigures figures;
  for (auto _ : state) figures = run_bullet(settling(source_deck(supports.deck_path)), settings);
  report_figures(state, figures);
  report_support_split(state, figures, supports.split);
}

void register_all() {
  const auto once = [](benchmark::internal::Benchmark* b) { b->Iterations(1)->UseManualTime(); };
  for (const char* scene : {"pile_of_blocks", "box_of_cubes", "tetrapods", "elastic_drop"}) {
    const std::string path = std::string(scene) == "pile_of_blocks"
                                 ? "examples/pile_of_blocks/deck.yaml"
                                 : "benchmarks/scenes/" + std::string(scene) + ".yaml";
    const std::string name = std::string("/") + scene;
    once(benchmark::RegisterBenchmark(("PolydemImplicit" + name).c_str(), PolydemImplicit, path));
    once(benchmark::RegisterBenchmark(("PolydemExplicit" + name).c_str(), PolydemExplicit, path));
    once(benchmark::RegisterBenchmark(("PolydemConvex" + name).c_str(), PolydemConvex, path));
    once(
        benchmark::RegisterBenchmark(("Bullet" + name).c_str(), Bullet, path)->Arg(240)->Arg(1000));
  }
  once(benchmark::RegisterBenchmark("BulletSplitImpulse/elastic_drop", BulletSplitImpulse,
                                    std::string("benchmarks/scenes/elastic_drop.yaml"))
           ->Arg(240)
           ->Arg(1000));
  for (const auto& [name, supports] :
       {std::pair{"/identical", kIdentical}, std::pair{"/stiff_middle", kStiffMiddle}}) {
    once(benchmark::RegisterBenchmark((std::string("SupportsImplicit") + name).c_str(),
                                      SupportsImplicit, supports));
    once(benchmark::RegisterBenchmark((std::string("SupportsExplicit") + name).c_str(),
                                      SupportsExplicit, supports));
    once(benchmark::RegisterBenchmark((std::string("SupportsBullet") + name).c_str(),
                                      SupportsBullet, supports)
             ->Arg(0)
             ->Arg(1));
  }
}

}  // namespace
}  // namespace polydem::bench

int main(int argc, char** argv) {
  polydem::bench::register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

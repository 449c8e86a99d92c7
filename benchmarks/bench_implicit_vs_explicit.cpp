// One scene three ways (issue 8, item 1; issue 31): the pile of ten blocks of
// paper §3.2 (examples/pile_of_blocks/deck.yaml, 2.5 s), integrated by polydem's
// implicit Newmark–Newton solver with adaptive Δt, by the convex step
// (src/analysis/convex/: velocities minimising a convex function) and by the explicit
// central-difference baseline (src/analysis/explicit_analysis.hpp) with Δt a
// safety fraction of the critical step, on the same bodies, contact search
// and laws. One run each (Iterations(1)); the counters are the figures:
//  * wall_s, steps, newton_its, mean_dt, min_dt;
//  * dt_crit: the explicit critical step 2√(m/k)(√(1+ζ²) − ζ) of the model
//    (k the law's tangent at the barrier switch), and mean_dt/dt_crit;
//  * implicit_over_explicit_dt (on the explicit row, after the implicit one ran);
//  * energy_err_J: T + V + stored − W + dissipated − E0 at the end, and
//    max_energy_err_J over the run; dissipated_J;
//  * reaction_balance: ground reaction / total weight − 1 at the end; final_KE_J;
//  * min_gap_m: the closest two surfaces came (> 0: no interpenetration).
// The argument of the explicit rows is the safety fraction in per cent.
//
//   cmake --build build --target bench_implicit_vs_explicit
//   ./build/benchmarks/bench_implicit_vs_explicit --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>

#include "benchmarks/support/scene_counters.hpp"

namespace polydem::bench {
namespace {

std::map<std::string, double>& implicit_mean_steps() {
  static std::map<std::string, double> steps;
  return steps;
}

void Implicit(benchmark::State& state, const std::string& deck_path) {
  SceneFigures figures;
  for (auto _ : state) figures = run_implicit(source_deck(deck_path));
  implicit_mean_steps()[deck_path] = figures.mean_step;
  report_figures(state, figures);
}

void Convex(benchmark::State& state, const std::string& deck_path) {
  SceneFigures figures;
  for (auto _ : state) figures = run_convex(source_deck(deck_path));
  report_figures(state, figures);
}

void Explicit(benchmark::State& state, const std::string& deck_path) {
  ExplicitSettings settings;
  settings.safety = static_cast<double>(state.range(0)) / 100;
  SceneFigures figures;
  for (auto _ : state) figures = run_explicit(source_deck(deck_path), settings);
  report_figures(state, figures);
  if (const auto found = implicit_mean_steps().find(deck_path);
      found != implicit_mean_steps().end())
    state.counters["implicit_over_explicit_dt"] = found->second / figures.mean_step;
}

/// One run of the scene implicitly, then one explicitly per safety fraction
/// (in per cent), the implicit run first so that the explicit rows can compare.
bool register_scene(const std::string& name, const std::string& deck_path,
                    std::initializer_list<std::int64_t> safeties) {
  benchmark::RegisterBenchmark(("Implicit/" + name).c_str(), Implicit, deck_path)
      ->Iterations(1)
      ->UseManualTime()
      ->Unit(benchmark::kSecond);
  benchmark::RegisterBenchmark(("Convex/" + name).c_str(), Convex, deck_path)
      ->Iterations(1)
      ->UseManualTime()
      ->Unit(benchmark::kSecond);
  benchmark::internal::Benchmark* explicit_runs =
      benchmark::RegisterBenchmark(("Explicit/" + name).c_str(), Explicit, deck_path);
  for (const std::int64_t safety : safeties) explicit_runs->Arg(safety);
  explicit_runs->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);
  return true;
}

const bool kPileRegistered =
    register_scene("pile_of_blocks", "examples/pile_of_blocks/deck.yaml", {10, 5});
// The paper's §3.6 scene scaled to 60 tetrapods, all five phases (fill,
// compaction, friction off and on, collapse; 7 s): where the implicit steps
// are 2-10 ms and the contacts reach a few µm of gap in the fill.
// The box of 27 cubes of the Bullet comparison (benchmarks/scenes/box_of_cubes.yaml,
// 1.5 s), where the implicit step cost most against the explicit one (issue 31).
const bool kBoxRegistered =
    register_scene("box_of_cubes_27", "benchmarks/scenes/box_of_cubes.yaml", {10});
const bool kTetrapodsRegistered =
    register_scene("tetrapods_60", "examples/box_of_tetrapods/small.yaml", {10});

}  // namespace
}  // namespace polydem::bench

BENCHMARK_MAIN();

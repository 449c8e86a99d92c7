// The global contact search per time step (paper §2.5) for N tetrapods
// (8 facets, 311 sub-regions each) packed in an open box: a jittered grid at
// 1.4 leg lengths with random rotations, no overlaps (tests/support/packing_fixtures.hpp),
// skin 1 % of a leg, each body inflated by up to 2 mm of travel (|v| ≤ 1 m/s,
// Δt = 1 ms, travel_factor 2). Reported per body, so N = 10^3, 10^4 and 10^5
// compare directly:
//  * BuildLists: a Verlet list build, split into its broad phase (linked cells,
//    body pairs) and narrow phase (sub-region hierarchies, exact tests), plus
//    one filtering of the new lists;
//  * SearchWithLists: a search while the lists hold (the check that they do,
//    and the exact per-step test on them): what most steps cost;
//  * BeginStep: ContactSet::begin_step, the search and the configuration-i set-up
//    of every candidate (an LCP each), as the solver runs it once per step.
// The second argument is the number of threads.
//
//   cmake --build build --target bench_contact_search
//   ./build/benchmarks/bench_contact_search --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <map>

#include "contact/geometry/tetrapod.hpp"
#include "tests/support/packed_scene.hpp"

namespace polydem {
namespace {

using namespace polydem::testing;

constexpr double kSkin = 0.1;           // m, 10 % of a leg: the packing is loose (see above)
constexpr double kDt = 1e-3;            // s
constexpr double kSpeed = 1.0;          // m/s, the largest body speed
constexpr double kVerletMargin = 0.05;  // m

/// The packing with `sites`³ grid sites, built once per size (10^5 bodies take half a minute).
Packing& packing(int sites) {
  static std::map<int, std::unique_ptr<Packing>> packings;
  auto& slot = packings[sites];
  if (!slot) {
    TetrapodParams params;
    params.facets = 8;
    PackingOptions options = packing_options(sites, 1.4, 2.02, kSkin, 1);
    options.attempts = 8;
    slot = std::make_unique<Packing>(build_shape(make_tetrapod(params), "tetrapod"), 1.0, kSkin,
                                     options, covers_separated(tetrapod_cover(params)));
    std::mt19937 rng(2);
    slot->inflate(rng, 2 * kSpeed * kDt);
  }
  return *slot;
}

void report(benchmark::State& state, std::size_t bodies, const SearchStatistics& statistics,
            const CandidateSet& candidates) {
  const double n = static_cast<double>(bodies);
  state.counters["bodies"] = n;
  state.counters["us_per_body"] = benchmark::Counter(
      n * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["bytes_per_body"] = static_cast<double>(statistics.memory_bytes) / n;
  state.counters["candidates_per_body"] = static_cast<double>(candidates.regions.size()) / n;
  state.counters["list_leaf_pairs_per_body"] = static_cast<double>(statistics.list_leaf_pairs) / n;
}

void BM_BuildLists(benchmark::State& state) {
  Packing& scene = packing(static_cast<int>(state.range(0)));
  const int threads = static_cast<int>(state.range(1));
  ContactSearch search(kVerletMargin, 0.0);
  CandidateSet candidates;
  double broad = 0, narrow = 0, filter = 0;
  for (auto _ : state) {
    search.invalidate();
    search.find(scene.scene(), candidates, threads);
    broad += search.statistics().build_broad_seconds;
    narrow += search.statistics().build_narrow_seconds;
    filter += search.statistics().filter_seconds;
  }
  report(state, scene.bodies.size(), search.statistics(), candidates);
  const double per_body_us =
      1e6 / (static_cast<double>(state.iterations()) * static_cast<double>(scene.bodies.size()));
  state.counters["broad_us_per_body"] = broad * per_body_us;
  state.counters["narrow_us_per_body"] = narrow * per_body_us;
  state.counters["filter_us_per_body"] = filter * per_body_us;
}

void BM_SearchWithLists(benchmark::State& state) {
  Packing& scene = packing(static_cast<int>(state.range(0)));
  const int threads = static_cast<int>(state.range(1));
  ContactSearch search(kVerletMargin, 0.0);
  CandidateSet candidates;
  search.find(scene.scene(), candidates, threads);
  double check = 0;
  for (auto _ : state) {
    search.find(scene.scene(), candidates, threads);
    check += search.statistics().check_seconds;
  }
  if (search.statistics().list_builds != 1) state.SkipWithError("the lists were rebuilt");
  report(state, scene.bodies.size(), search.statistics(), candidates);
  state.counters["check_us_per_body"] =
      check * 1e6 /
      (static_cast<double>(state.iterations()) * static_cast<double>(scene.bodies.size()));
}

void BM_BeginStep(benchmark::State& state) {
  Packing& scene = packing(static_cast<int>(state.range(0)));
  SearchSettings settings;
  settings.verlet_margin = kVerletMargin;
  const auto contact = contact_set_of(scene, settings);
  contact->set_threads(static_cast<int>(state.range(1)));
  std::vector<NodeState> nodes = nodes_of(scene);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : nodes)
    node.velocity = kSpeed / std::sqrt(3.0) * Vec3(unit(rng), unit(rng), unit(rng));
  const Eigen::VectorXd increments =
      Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  StepContext ctx;
  ctx.time = ctx.dt = kDt;
  ctx.newmark = NewmarkCoefficients::make(0.3, 0.5, kDt);
  ctx.nodes = nodes;
  ctx.increments = &increments;
  contact->begin_step(ctx);  // makes the elements
  for (auto _ : state) contact->begin_step(ctx);
  report(state, nodes.size(), contact->search_statistics(), contact->find_candidates(ctx, true));
}

void sizes(benchmark::internal::Benchmark* b) {
  for (const int sites : {11, 23, 49})
    for (const int threads : {1, 2}) b->Args({sites, threads});
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_BuildLists)->Apply(sizes);
BENCHMARK(BM_SearchWithLists)->Apply(sizes);
BENCHMARK(BM_BeginStep)->Apply(sizes);

}  // namespace
}  // namespace polydem

BENCHMARK_MAIN();

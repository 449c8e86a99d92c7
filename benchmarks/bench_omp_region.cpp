// What sharing a small loop among threads costs: an OpenMP parallel region over `work`
// elements of a vector update, at 1 to 16 threads. With 0 elements it is the bare cost of
// waking the team and joining it; the rows with work show from what size a region pays.
// The wait policy is the environment's (polydem's own main sets a passive wait, this
// program does not), so run it under both:
//
//   OMP_WAIT_POLICY=passive build/benchmarks/bench_omp_region
//   OMP_WAIT_POLICY=active GOMP_SPINCOUNT=10000 build/benchmarks/bench_omp_region
//
// docs/performance.md, "Threads and the cost of waking them", quotes its times.
#include <benchmark/benchmark.h>

#include <vector>

namespace {

void BM_ParallelRegion(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const long work = state.range(1);
  std::vector<double> values(static_cast<std::size_t>(work) + 1, 1.0);
  double* data = values.data();
  for (auto _ : state) {
#pragma omp parallel for schedule(static) num_threads(threads)
    for (long i = 0; i < work; ++i) data[i] = 0.999 * data[i] + 1e-3;
    benchmark::DoNotOptimize(data);
    benchmark::ClobberMemory();
  }
  state.counters["threads"] = threads;
  state.counters["work"] = static_cast<double>(work);
}
BENCHMARK(BM_ParallelRegion)
    ->ArgsProduct({{1, 2, 4, 8, 16}, {0, 10000, 100000}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

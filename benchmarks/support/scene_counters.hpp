// The figures of a scene run (scene_runs.hpp) as Google Benchmark counters,
// named alike in every benchmark that reports them (benchmarks/README.md).
#pragma once

#include <benchmark/benchmark.h>

#include "benchmarks/support/scene_runs.hpp"

namespace polydem::bench {

/// Sets the iteration time to the run's wall time and adds the counters.
void report_figures(benchmark::State& state, const SceneFigures& figures);

/// The support reactions over the weight, and their errors against `expected`
/// (fractions of the weight, one per boundary): R0/W, R0_err, ...
void report_support_split(benchmark::State& state, const SceneFigures& figures,
                          const std::vector<double>& expected);

}  // namespace polydem::bench

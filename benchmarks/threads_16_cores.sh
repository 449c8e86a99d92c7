#!/usr/bin/env bash
# Thread scaling on a machine of many cores (docs/performance.md, "Threads on 16 cores"):
# the cost of waking an OpenMP team (bench_omp_region, when given), then the 1005-tetrapod
# collapse's first 0.2 s from the committed reached state and the 60 tetrapods' fill and
# compaction (to 3 s), at 1 to 16 threads, first with polydem's default wait (a short spin,
# 20000 turns, then sleep: src/cli/main.cpp), then with the passive wait
# (OMP_WAIT_POLICY=passive) at 2 and 16 threads. Most telling first, so that a run cut short
# still says the most. Prints tables (thread_scaling.py's) to stdout.
#
# Usage: benchmarks/threads_16_cores.sh POLYDEM RUNS_DIR [BENCH_OMP_REGION]
#   RUNS_DIR receives the runs' output folders.
set -euo pipefail
polydem=$1
runs=$2
region=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
scaling() { python3 "$here/thread_scaling.py" "$polydem" "$@" --solvers deck; }
collapse=$here/decks/tetrapods_1005_at_5s.yaml
tetrapods=$here/../examples/box_of_tetrapods/small.yaml
echo "cores: $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
if [ -n "$region" ]; then
  echo "== bench_omp_region, passive wait"
  OMP_WAIT_POLICY=passive "$region" --benchmark_min_time=0.05
  echo "== bench_omp_region, short spin (polydem's default)"
  OMP_WAIT_POLICY=active GOMP_SPINCOUNT=20000 "$region" --benchmark_min_time=0.05
fi
default() { env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT "$@"; }
echo "== 1005-tetrapod collapse, 5 to 5.2 s, polydem's default wait"
default scaling "$collapse" "$runs/collapse_default" --threads 1,2,4,16 --end-time 5.2
echo "== 60 tetrapods to 3 s, polydem's default wait"
default scaling "$tetrapods" "$runs/tetrapods_default" --threads 1,2,4,8,16 --end-time 3
echo "== 1005-tetrapod collapse, 5 to 5.2 s, passive wait"
OMP_WAIT_POLICY=passive scaling "$collapse" "$runs/collapse_passive" --threads 2,16 --end-time 5.2
echo "== 60 tetrapods to 3 s, passive wait"
OMP_WAIT_POLICY=passive scaling "$tetrapods" "$runs/tetrapods_passive" --threads 2,16 --end-time 3

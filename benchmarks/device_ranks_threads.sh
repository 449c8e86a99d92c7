#!/usr/bin/env bash
# Ranks and threads on a machine of many cores without the project's libraries (the lent
# 16-core device machine; docs/performance.md, "Ranks and threads on 16 cores"), from the
# archive benchmarks/device_bundle.sh made:
#   1. weak scaling, 2 000 cubes per rank, 1-16 ranks (weak_scaling.py);
#   2. strong scaling and memory per rank, one bed of 20 000 cubes, 1-16 ranks;
#   3. threads, the 60 tetrapods to 3 s, 1-16 threads (thread_scaling.py);
#   4. threads, the 1005-tetrapod collapse 5-5.2 s, 1 and 16 threads.
# Most telling first, each part under a time limit, so that a run cut short still says the
# most. Tables to stdout, the runs' summaries under OUTDIR.
#
# Usage: benchmarks/device_ranks_threads.sh ARCHIVE OUTDIR [--quick]
#   --quick: a few seconds of each part (to try the script on the development machine).
set -uo pipefail
archive=$1
out=$2
quick=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
source "$here/support/device_env.sh" "$archive"
echo "cores: $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), glibc ${glibc:-?}"
"$mpiexec" -np 2 "$polydem" --help >/dev/null || { echo "mpirun failed"; exit 1; }

if [ "$quick" = --quick ]; then
  ranks=1,2 per_rank=200 bodies=400 threads=1,2 tetrapods_end=0.2 collapse_end=5.005
else
  ranks=1,2,4,8,16 per_rank=2000 bodies=20000 threads=1,2,4,8,16 tetrapods_end=3
  collapse_end=5.2
fi
part() {
  local limit=$1
  shift
  echo "== $* (limit ${limit} s)"
  timeout "$limit" "$@" || echo "(stopped: exit $?)"
}
part 150 python3 "$here/weak_scaling.py" "$mpiexec" "$polydem" "$out/weak" \
  --per-rank "$per_rank" --ranks "$ranks" --steps 5
part 170 python3 "$here/weak_scaling.py" "$mpiexec" "$polydem" "$out/strong" \
  --bodies "$bodies" --ranks "$ranks" --steps 2
part 130 python3 "$here/thread_scaling.py" "$polydem" "$here/../examples/box_of_tetrapods/small.yaml" \
  "$out/tetrapods" --threads "$threads" --solvers deck --end-time "$tetrapods_end"
part 100 python3 "$here/thread_scaling.py" "$polydem" "$here/decks/tetrapods_1005_at_5s.yaml" \
  "$out/collapse" --threads "${threads%%,*},${threads##*,}" --solvers deck \
  --end-time "$collapse_end"

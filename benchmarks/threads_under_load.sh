#!/usr/bin/env bash
# Wall times of one deck on 1 and on 2 threads while other processes keep every core busy,
# side by side: on a shared machine more threads must never be slower than one. Each run
# goes through benchmarks/with_load.sh (its wall, CPU and the load meanwhile on stderr).
# With COMPARE_PASSIVE=1 a third run takes 2 threads with OMP_WAIT_POLICY=passive (threads
# sleep at once between parallel regions) beside polydem's default, a short spin (20000
# turns, about 0.2 ms) and then sleep (src/cli/main.cpp).
# usage: benchmarks/threads_under_load.sh [POLYDEM [DECK [BUSY_PROCESSES]]]
#   defaults: build/polydem, examples/box_of_cubes/small.yaml, one per core (nproc)
set -euo pipefail

polydem=${1:-build/polydem}
deck=${2:-examples/box_of_cubes/small.yaml}
busy=${3:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
load_pids=()

stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop_load EXIT

# One timed run: prints "LABEL  wall W s  cpu C s" and keeps with_load.sh's report.
timed_run() {
  local label=$1 threads=$2
  shift 2
  env "$@" "$here/with_load.sh" "$polydem" run "$deck" --out "$work/$label" --quiet \
    --threads "$threads" 2>"$work/$label.load"
  local wall cpu
  wall=$(sed -n 's/^with_load: wall \([0-9.]*\) s, user \([0-9.]*\) s, system \([0-9.]*\) s$/\1/p' "$work/$label.load")
  cpu=$(sed -n 's/^with_load: wall [0-9.]* s, user \([0-9.]*\) s, system \([0-9.]*\) s$/\1 \2/p' "$work/$label.load" |
    awk '{printf "%.2f", $1 + $2}')
  printf '%-28s wall %8s s   cpu %8s s\n' "$label" "$wall" "$cpu"
  grep -h 'load average\|machine busy' "$work/$label.load" | sed 's/^/    /'
}

for ((k = 0; k < busy; k++)); do
  yes >/dev/null &
  load_pids+=($!)
done
echo "deck $deck, $busy busy processes beside it, $(nproc) cores," \
  "code $(git -C "$here" describe --always --dirty 2>/dev/null || echo unknown)"
timed_run threads_1 1
timed_run threads_2 2
if [ "${COMPARE_PASSIVE:-0}" = 1 ]; then
  timed_run threads_2_passive_wait 2 OMP_WAIT_POLICY=passive
fi

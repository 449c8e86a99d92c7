#!/usr/bin/env bash
# Runs the measurements behind docs/performance.md into OUTDIR, as JSON:
#   meta.json                      the build (commit, compiler, BLAS) and machine;
#   SET.json                       Google Benchmark's --benchmark_out (benchmarks);
#   runs/NAME/summary.json         polydem's summary of a `polydem run` (runs);
#   SET.load.json, NAME.load.json  CPU, wall, peak memory and the machine's load
#                                  meanwhile (benchmarks/with_load.sh);
#   SET.log, NAME.log              the console output.
# Then `python3 benchmarks/report.py OUTDIR` prints docs/performance.md's tables.
#
# usage: benchmarks/measure.sh OUTDIR [SET ...]
#
# Sets (default: free_bodies local_contact pointwise_contact contact_search
# implicit_vs_explicit bullet_peer cubes_45 tetrapods_60 tetrapods_240; about 12 min of CPU):
#   free_bodies           bench_free_bodies: one Newton iteration of 10^4 and
#                         10^5 free bodies per phase, UMFPACK against PETSc (1 rank)
#   local_contact         bench_local_contact: the local contact problems
#   pointwise_contact     bench_pointwise_contact: a contact's residual and tangent
#   contact_search        bench_contact_search, one thread, 1 130 and 10 278 bodies
#   contact_search_large  the same for 98 402 bodies (1.5 min more, 0.3 GB)
#   implicit_vs_explicit  bench_implicit_vs_explicit (about 3 min)
#   bullet_peer           bench_bullet_peer (needs libbullet-dev, about 1 min)
#   cubes_45              polydem run examples/box_of_cubes/small.yaml (the flagship)
#   tetrapods_60          polydem run examples/box_of_tetrapods/small.yaml
#   tetrapods_240         polydem run benchmarks/decks/tetrapods_240.yaml (about 6 min)
#   cubes_564             polydem run examples/box_of_cubes/deck.yaml (15-25 min)
#   tetrapods_1005        polydem run examples/box_of_tetrapods/deck.yaml, two threads
#                         (over an hour)
#   tetrapods_1005_collapse  the same from its reached state at t = 5 s
#                         (benchmarks/decks/tetrapods_1005_at_5s.yaml), two threads
# A set already in OUTDIR is measured again (its files are replaced).
#
# Environment: BUILD (default build) is the Release build folder; REPETITIONS
# (default 3) the repetitions of the microbenchmarks, whose median the report
# gives. Everything runs under `nice -n 10` on one thread (but tetrapods_1005).
set -euo pipefail

if [ $# -lt 1 ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 2
fi
out=$1
shift
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(free_bodies local_contact pointwise_contact contact_search
  implicit_vs_explicit bullet_peer cubes_45 tetrapods_60 tetrapods_240)

known=" free_bodies local_contact pointwise_contact contact_search contact_search_large implicit_vs_explicit bullet_peer cubes_45 tetrapods_60 tetrapods_240 cubes_564 tetrapods_1005 tetrapods_1005_collapse "
for set in "${sets[@]}"; do
  case $known in
    *" $set "*) ;;
    *)
      echo "measure.sh: unknown set $set" >&2
      exit 2
      ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BUILD:-build}
bench=$build/benchmarks
repetitions=${REPETITIONS:-3}
mkdir -p "$out/runs"

# meta.json: the build and the machine; a second call into OUTDIR adds its sets.
python3 - "$out/meta.json" "$build" "${sets[@]}" <<'PY'
import datetime, json, os, platform, re, subprocess, sys
path, build, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
# What the binaries are built from: everything but the documents and these scripts.
not_code = [":!docs", ":!*.md", ":!benchmarks/*.py", ":!benchmarks/*.sh"]
cache = {}
try:
    for line in open(os.path.join(build, "CMakeCache.txt")):
        m = re.match(r"(CMAKE_CXX_COMPILER|CMAKE_BUILD_TYPE):[A-Z]+=(.*)", line)
        if m:
            cache[m.group(1)] = m.group(2)
except OSError:
    pass
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "")
compiler = sh(cache.get("CMAKE_CXX_COMPILER", "c++"), "--version").splitlines()
now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
meta = {
    "date": now,
    "commit": sh("git", "rev-parse", "--short", "HEAD"),
    "code_commit": sh("git", "log", "-1", "--format=%h", "--", ".", *not_code),
    "code_changes": sh("git", "status", "--porcelain", "--untracked-files=no", "--", ".", *not_code).splitlines(),
    "build_type": cache.get("CMAKE_BUILD_TYPE", ""),
    "compiler": compiler[0] if compiler else "",
    "blas": os.path.realpath("/etc/alternatives/libblas.so.3-x86_64-linux-gnu"),
    "cpu": cpu,
    "cores": os.cpu_count(),
    "memory_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
    "os": platform.platform(),
    "sets": sets,
}
if os.path.exists(path):
    old = json.load(open(path))
    if (old.get("code_commit"), old.get("code_changes")) != (meta["code_commit"], meta["code_changes"]):
        sys.exit(f"measure.sh: {path} measured another build ({old.get('code_commit')}); use a new OUTDIR")
    meta["date"] = old["date"]
    meta["sets"] = old["sets"] + [s for s in sets if s not in old["sets"]]
meta["last_date"] = now  # measure.sh's end rewrites it
json.dump(meta, open(path, "w"), indent=2)
PY

# measure NAME COMMAND...: the command under nice and with_load.sh, its load in NAME.load.json.
measure() {
  local name=$1
  shift
  echo "measure.sh: $name: $*" >&2
  WITH_LOAD_JSON="$out/$name.load.json" benchmarks/with_load.sh nice -n 10 "$@" \
    >"$out/$name.log" 2>&1 || {
    echo "measure.sh: $name failed, see $out/$name.log" >&2
    failed+=("$name")
  }
  tail -n 3 "$out/$name.log" >&2
}

# gbench SET PROGRAM ARGS...: a Google Benchmark program, its JSON in SET.json.
gbench() {
  local name=$1 program=$2
  shift 2
  if [ ! -x "$bench/$program" ]; then
    echo "measure.sh: $bench/$program not built, $name skipped" >&2
    return 0
  fi
  measure "$name" "$bench/$program" --benchmark_out="$out/$name.json" \
    --benchmark_out_format=json "$@"
}

# run NAME DECK [ARGS...]: a polydem run into runs/NAME (its summary.json).
run() {
  local name=$1 deck=$2
  shift 2
  rm -rf "$out/runs/$name"
  measure "$name" "$build/polydem" run "$deck" --out "$out/runs/$name" --quiet "$@"
}

failed=()
aggregates=(--benchmark_repetitions="$repetitions" --benchmark_report_aggregates_only=true)
for set in "${sets[@]}"; do
  case $set in
    free_bodies) gbench free_bodies bench_free_bodies "${aggregates[@]}" ;;
    local_contact) gbench local_contact bench_local_contact "${aggregates[@]}" ;;
    pointwise_contact) gbench pointwise_contact bench_pointwise_contact "${aggregates[@]}" ;;
    contact_search)
      gbench contact_search bench_contact_search --benchmark_filter='/(11|23)/1/' ;;
    contact_search_large)
      gbench contact_search_large bench_contact_search --benchmark_filter='/49/1/' ;;
    implicit_vs_explicit) gbench implicit_vs_explicit bench_implicit_vs_explicit ;;
    bullet_peer) gbench bullet_peer bench_bullet_peer ;;
    cubes_45) run cubes_45 examples/box_of_cubes/small.yaml --threads 1 ;;
    tetrapods_60) run tetrapods_60 examples/box_of_tetrapods/small.yaml --threads 1 ;;
    tetrapods_240) run tetrapods_240 benchmarks/decks/tetrapods_240.yaml --threads 1 ;;
    cubes_564) run cubes_564 examples/box_of_cubes/deck.yaml --threads 1 ;;
    tetrapods_1005) run tetrapods_1005 examples/box_of_tetrapods/deck.yaml --threads 2 ;;
    tetrapods_1005_collapse)
      run tetrapods_1005_collapse benchmarks/decks/tetrapods_1005_at_5s.yaml --threads 2 ;;
    *)
      echo "measure.sh: unknown set $set" >&2
      exit 2
      ;;
  esac
done
python3 - "$out/meta.json" <<'PY'
import datetime, json, sys
meta = json.load(open(sys.argv[1]))
meta["last_date"] = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
json.dump(meta, open(sys.argv[1], "w"), indent=2)
PY
if [ ${#failed[@]} -gt 0 ]; then
  echo "measure.sh: failed: ${failed[*]}" >&2
  exit 1
fi
echo "measure.sh: done; python3 benchmarks/report.py $out" >&2

#!/usr/bin/env bash
# Issue 30: one deck run with the default linear solver and with
# `linear_solver: krylov` (GMRES(50), ILU(0) rebuilt at each Newton iteration,
# UMFPACK behind it), side by side in one session, one thread each. Prints, per
# run: CPU seconds (user + system), summary.json's linear-solve wall time,
# accepted and rejected steps, Newton iterations and the Krylov solves that
# fell back on UMFPACK.
#
# usage: benchmarks/krylov_vs_direct.sh OUTDIR [DECK] [SOLVER ...]
#   DECK    default examples/box_of_tetrapods/small.yaml
#   SOLVER  what each extra run sets as every step's linear_solver
#           (default: krylov); the first run keeps the deck's own choice.
#           "SOLVER;KEYS" also puts KEYS first in every step's newton map,
#           e.g. "krylov;forcing: eisenstat_walker" (each step must have one).
# Environment: BUILD (default build), the Release build folder.
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit 2
fi
out=$1
deck=${2:-examples/box_of_tetrapods/small.yaml}
shift $(($# >= 2 ? 2 : 1))
solvers=("$@")
[ ${#solvers[@]} -gt 0 ] || solvers=(krylov)
build=${BUILD:-build}
mkdir -p "$out"

# with_solver SOLVER: the deck with `linear_solver: SOLVER` in each step (the
# lines that open a step in the top-level `steps:` list).
with_solver() {
  local newton_keys=""
  [[ "$1" == *";"* ]] && newton_keys="${1#*;}, "
  awk -v solver="${1%%;*}" -v keys="$newton_keys" '
    /^[a-z_]+:/ { in_steps = ($0 ~ /^steps:/) }
    in_steps && keys != "" { sub(/newton: \{/, "newton: {" keys) }
    { print }
    in_steps && /^  - name:/ { print "    linear_solver: " solver }' "$deck"
}

run() {
  local name=$1 file=$2
  echo "krylov_vs_direct.sh: $name" >&2
  rm -rf "$out/$name"
  WITH_LOAD_JSON="$out/$name.load.json" benchmarks/with_load.sh \
    "$build/polydem" run "$file" --out "$out/$name" --quiet --threads 1 >"$out/$name.log" 2>&1 ||
    # 4: completed with a warning (the energy balance), which the table still compares
    [ $? -eq 4 ] || { echo "krylov_vs_direct.sh: $name failed, see $out/$name.log" >&2; exit 1; }
}

cp "$deck" "$out/default.yaml"
run default "$out/default.yaml"
names=(default)
for solver in "${solvers[@]}"; do
  name=$(echo "$solver" | tr -c 'a-z0-9\n' '_' | sed 's/__*/_/g; s/^_//; s/_$//')
  with_solver "$solver" >"$out/$name.yaml"
  run "$name" "$out/$name.yaml"
  names+=("$name")
done

python3 - "$out" "${names[@]}" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
print(f"{'run':<28}{'CPU s':>8}{'linear s':>10}{'steps':>7}{'rejected':>9}{'Newton':>8}{'fallbacks':>10}")
for name in names:
    load = json.load(open(f"{out}/{name}.load.json"))
    summary = json.load(open(f"{out}/{name}/summary.json"))
    totals, wall = summary["totals"], summary["wall_seconds"]
    cpu = load["cpu_s"]
    print(f"{name:<28}{cpu:>8.1f}{wall['linear_solve']:>10.1f}{totals['accepted_steps']:>7}"
          f"{totals['rejected_steps']:>9}{totals['newton_iterations']:>8}"
          f"{totals.get('linear_solver_fallbacks', 0):>10}")
PY

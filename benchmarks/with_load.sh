#!/usr/bin/env bash
# Runs a command and reports on stderr how busy the machine was meanwhile, so
# that wall times measured on a shared machine can be read with their load:
#   the command's own wall, user and system time;
#   the load average before and after;
#   the share of both cores busy (all processes, from /proc/stat) and the
#   share the command itself had (its user + system time over the wall time).
# With WITH_LOAD_JSON=FILE set it also writes these figures, the command's
# peak resident memory and the command line to FILE as JSON (for
# benchmarks/report.py; benchmarks/measure.sh sets it).
# usage: [WITH_LOAD_JSON=FILE] benchmarks/with_load.sh COMMAND [ARGS...]
set -uo pipefail

busy_and_total() {
  local _ user nice system idle iowait irq softirq steal
  read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
  local busy=$((user + nice + system + irq + softirq + steal))
  echo "$busy $((busy + idle + iowait))"
}

read -r busy_0 total_0 < <(busy_and_total)
load_0=$(cut -d' ' -f1-3 /proc/loadavg)
times_file=$(mktemp)
/usr/bin/time -o "$times_file" -f "%e %U %S %M" "$@"
status=$?
read -r busy_1 total_1 < <(busy_and_total)
load_1=$(cut -d' ' -f1-3 /proc/loadavg)
read -r wall user system max_rss_kb < <(tail -n 1 "$times_file")
rm -f "$times_file"

awk -v wall="$wall" -v user="$user" -v sys_time="$system" -v busy=$((busy_1 - busy_0)) \
  -v total=$((total_1 - total_0)) -v load_0="$load_0" -v load_1="$load_1" 'BEGIN {
  printf "with_load: wall %.2f s, user %.2f s, system %.2f s\n", wall, user, sys_time > "/dev/stderr"
  printf "with_load: load average before %s, after %s\n", load_0, load_1 > "/dev/stderr"
  printf "with_load: machine busy %.0f%% of its cores; the command had %.0f%% of one core\n",
         100 * busy / total, 100 * (user + sys_time) / wall > "/dev/stderr"
}'
if [ -n "${WITH_LOAD_JSON:-}" ]; then
  python3 - "$WITH_LOAD_JSON" "$status" "$wall" "$user" "$system" "$max_rss_kb" \
    "$load_0" "$load_1" $((busy_1 - busy_0)) $((total_1 - total_0)) "$@" <<'PY'
import json, sys
(path, status, wall, user, system, rss, load_0, load_1, busy, total), command = sys.argv[1:11], sys.argv[11:]
wall, user, system = float(wall), float(user), float(system)
json.dump({"command": command, "exit_status": int(status), "wall_s": wall, "user_s": user,
           "system_s": system, "cpu_s": user + system, "max_rss_kb": int(rss),
           "load_avg_before": [float(x) for x in load_0.split()],
           "load_avg_after": [float(x) for x in load_1.split()],
           "machine_busy": int(busy) / max(int(total), 1),
           "command_share_of_one_core": (user + system) / wall if wall > 0 else 0.0},
          open(path, "w"), indent=2)
PY
fi
exit "$status"

#!/usr/bin/env python3
"""The progress record of a run whose stderr is not a terminal.

usage: check_progress.py POLYDEM DECK WORKDIR

- with --progress-every 0.001 and stderr into a file, several progress lines
  appear, with simulated times that increase, percentages of the end time
  that agree with them, and step counts that grow;
- --quiet and --progress-every 0 write none;
- --progress-every that is negative, not a number, infinite or NaN exits 2
  with a message naming the option, and so does a --checkpoint-every that is
  0, infinite or NaN (the same check of a number of seconds).
"""
import os
import re
import shutil
import subprocess
import sys

LINE = re.compile(r"^polydem: progress: t = (\S+) s of (\S+) s \((\S+)%\), step '[^']*', (\d+) steps, "
                  r"(\d+) rejected, (\S+) Newton iterations per step, (\S+) s wall$")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run_with_stderr_in_file(polydem, deck, out, extra):
    log = out + ".stderr"
    with open(log, "w") as stderr:
        code = subprocess.run([polydem, "run", deck, "--out", out, "--threads", "1"] + extra,
                              stdout=subprocess.DEVNULL, stderr=stderr, timeout=600).returncode
    with open(log) as f:
        return code, f.read().splitlines()


def main():
    polydem, deck, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    code, lines = run_with_stderr_in_file(polydem, deck, os.path.join(work, "every"),
                                          ["--progress-every", "0.001"])
    records = [LINE.match(line) for line in lines if line.startswith("polydem: progress:")]
    if code != 0 or len(records) < 3 or not all(records):
        fail(f"exit {code}, {len(records)} progress lines (want >= 3, all well formed): {lines[:5]}")
    times = [float(r.group(1)) for r in records]
    steps = [int(r.group(4)) for r in records]
    end = float(records[0].group(2))
    if any(b <= a for a, b in zip(times, times[1:])) or any(b <= a for a, b in zip(steps, steps[1:])):
        fail(f"simulated times {times[:8]} or steps {steps[:8]} do not increase")
    for r, t in zip(records, times):
        if abs(float(r.group(3)) - 100 * t / end) > 0.051 or not 0 < t <= end:
            fail(f"{r.group(0)!r}: the percentage does not match t / end time")

    for extra in (["--quiet", "--progress-every", "0.001"], ["--progress-every", "0"]):
        code, lines = run_with_stderr_in_file(polydem, deck, os.path.join(work, "silent"), extra)
        if code != 0 or any(line.startswith("polydem: progress:") for line in lines):
            fail(f"{extra}: exit {code}, stderr {lines[:3]}")

    bad = [("--progress-every", value) for value in ("-1", "abc", "inf", "nan")]
    bad += [("--checkpoint-every", value) for value in ("0", "inf", "nan")]  # the same check
    for option, value in bad:
        result = subprocess.run([polydem, "run", deck, "--out", os.path.join(work, "bad"), option, value],
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 2 or option not in result.stderr or os.path.exists(os.path.join(work, "bad")):
            fail(f"{option} {value!r}: exit {result.returncode}, stderr {result.stderr!r}")
    print(f"ok: {len(records)} progress lines from t = {times[0]} to {times[-1]} s of {end} s; "
          f"silent when quiet or off; bad values exit 2")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A run killed after a checkpoint leaves its logs complete up to that checkpoint,
so the restarted run's monitor.csv continues the killed run's monitor.csv.part
without a gap.

usage: check_killed_run.py POLYDEM DECK WORKDIR

- writes a copy of DECK whose first step ends at 2 s (long enough to be killed
  mid-run) and runs it with --checkpoint-every 0.05;
- kills the run (SIGKILL: no destructor runs, nothing is flushed on the way
  out) as soon as a checkpoint appears;
- restarts from that checkpoint; the step the restarted run begins from,
  time - dt of its first monitor row, must be a row of the killed run's
  monitor.csv.part, and every row of the killed log up to it must be there
  (consecutive rows: time - dt equals the previous row's time).
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def rows(path):
    with open(path) as f:
        lines = f.read().splitlines()[1:]
    return [(float(line.split(",")[0]), float(line.split(",")[1])) for line in lines]


def close(a, b):
    return abs(a - b) <= 1e-12 * max(1.0, abs(a))


def kill_after_first_checkpoint(polydem, deck, out):
    checkpoint = os.path.join(out, "checkpoint.bin")
    process = subprocess.Popen([polydem, "run", deck, "--out", out, "--quiet", "--threads", "1",
                                "--checkpoint-every", "0.05"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not os.path.exists(checkpoint):
        if process.poll() is not None:
            fail(f"the run ended (exit {process.returncode}) before a checkpoint appeared: "
                 f"{process.stderr.read().decode()}")
        if time.monotonic() > deadline:
            process.kill()
            fail("no checkpoint within 300 s")
        time.sleep(0.001)
    process.send_signal(signal.SIGKILL)
    process.wait()
    if process.returncode != -signal.SIGKILL:
        fail(f"the run ended by itself (exit {process.returncode}) before it could be killed")
    return checkpoint


def main():
    polydem, deck, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with open(deck) as f:
        text = f.read()
    longer, count = re.subn(r"end_time: [0-9.e+-]+", "end_time: 2.0", text, count=1)
    if count != 1:
        fail(f"{deck}: no end_time to lengthen")
    long_deck = os.path.join(work, "long.yaml")
    with open(long_deck, "w") as f:
        f.write(longer)

    killed = os.path.join(work, "killed")
    checkpoint = os.path.join(work, "checkpoint.bin")
    shutil.copy(kill_after_first_checkpoint(polydem, long_deck, killed), checkpoint)
    log = os.path.join(killed, "monitor.csv.part")
    if not os.path.exists(log):
        fail(f"{log}: the killed run left no partial monitor log")

    resumed = os.path.join(work, "resumed")
    result = subprocess.run([polydem, "run", long_deck, "--out", resumed, "--quiet", "--threads", "1",
                             "--restart", checkpoint], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        fail(f"restarted run exited {result.returncode}: {result.stderr}")
    first_time, first_dt = rows(os.path.join(resumed, "monitor.csv"))[0]
    checkpoint_time = first_time - first_dt

    killed_rows = rows(log)
    previous = 0.0
    for t, dt in killed_rows:
        if not close(t - dt, previous):
            fail(f"{log}: row at t = {t!r} does not follow the row at t = {previous!r}")
        previous = t
        if close(t, checkpoint_time):
            print(f"ok: the killed run's log holds all {killed_rows.index((t, dt)) + 1} rows up to "
                  f"its checkpoint (t = {checkpoint_time!r}, {len(killed_rows)} rows in all)")
            return
        if t > checkpoint_time:
            break
    fail(f"{log}: {len(killed_rows)} rows ending at t = {previous!r}; the checkpoint was "
         f"written at t = {checkpoint_time!r}, whose row is missing")


if __name__ == "__main__":
    main()

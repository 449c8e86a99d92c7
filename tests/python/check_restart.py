#!/usr/bin/env python3
"""Restart equivalence: a run continued from a checkpoint ends bitwise where the
uninterrupted run ends.

usage: check_restart.py POLYDEM DECK WORKDIR CHECKPOINT_EVERY

- runs the deck with --checkpoint-every (the last checkpoint written lies
  before the end when the interval does not divide the end time);
- runs it again from that checkpoint with --restart into another folder;
- the final body states of both summary.json files are identical (shortest
  round-trip JSON numbers: equal text means equal doubles), and so are the
  step counts;
- a checkpoint of another deck is refused with exit code 2.
"""
import json
import os
import shutil
import subprocess
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def check_bitwise_continuation(full, resumed_dir, label):
    """The restarted run in `resumed_dir` ends bitwise where the uninterrupted one (its
    summary `full`) does, with the same counts, having continued mid-run; returns the
    restarted run's monitor rows."""
    with open(os.path.join(resumed_dir, "summary.json")) as f:
        resumed = json.load(f)
    for x, y in zip(full["bodies"], resumed["bodies"]):
        if x != y:
            fail(f"{label}: final states differ: {y} vs {x}")
    for key in ("accepted_steps", "rejected_steps", "newton_iterations"):
        if full["totals"][key] != resumed["totals"][key]:
            fail(f"{label}: totals.{key}: {resumed['totals'][key]} vs {full['totals'][key]}")
    with open(os.path.join(resumed_dir, "monitor.csv")) as f:
        rows = sum(1 for _ in f) - 1
    if not 0 < rows < full["totals"]["accepted_steps"]:
        fail(f"{label} wrote {rows} monitor rows; it should have continued mid-run")
    return rows


def main():
    polydem, deck, work, every = sys.argv[1:5]
    full, resumed = os.path.join(work, "full"), os.path.join(work, "resumed")
    result = run([polydem, "run", deck, "--out", full, "--quiet", "--threads", "2", "--checkpoint-every", every])
    if result.returncode != 0:
        fail(f"uninterrupted run exited {result.returncode}: {result.stderr}")
    checkpoint = os.path.join(work, "checkpoint.bin")
    shutil.copy(os.path.join(full, "checkpoint.bin"), checkpoint)
    result = run([polydem, "run", deck, "--out", resumed, "--quiet", "--threads", "2", "--restart", checkpoint])
    if result.returncode != 0:
        fail(f"restarted run exited {result.returncode}: {result.stderr}")
    with open(os.path.join(full, "summary.json")) as f:
        a = json.load(f)
    resumed_rows = check_bitwise_continuation(a, resumed, "the restarted run")

    other = os.path.join(work, "other.yaml")
    with open(deck) as f:
        text = f.read()
    with open(other, "w") as f:
        f.write(text.replace("gravity: [0, 0, -9.81]", "gravity: [0, 0, -9.80]"))
    result = run([polydem, "run", other, "--out", os.path.join(work, "other"), "--quiet", "--restart", checkpoint])
    if result.returncode != 2 or "another deck" not in result.stderr:
        fail(f"a checkpoint of another deck: exit {result.returncode}, stderr {result.stderr!r}")
    print(f"ok: restarted run ({resumed_rows} of {a['totals']['accepted_steps']} steps) ends bitwise "
          f"where the uninterrupted one does")


if __name__ == "__main__":
    main()

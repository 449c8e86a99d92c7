#!/usr/bin/env python3
"""Checkpoints under domain decomposition: a run on N ranks writes them, and a
restart from one continues the run on N ranks bitwise, and on another number of
ranks (one process included) to the tolerance of a different partition.

usage: check_mpi_restart.py MPIEXEC POLYDEM DECK WORKDIR [--ranks N] [--every T]

- DECK with `linear_solver: petsc` added to every step runs under MPIEXEC -np N
  (default 2) with --checkpoint-every T (default 0.07 s; the last checkpoint
  written lies before the end when T does not divide the end time): the
  uninterrupted run;
- from its checkpoint, on N ranks into another folder: summary.json's final body
  states are the uninterrupted run's bit for bit (shortest round-trip JSON
  numbers: equal text, equal doubles), and so are the step and iteration counts;
- from the same checkpoint on one process and on N + 1 ranks (the bodies
  partitioned afresh, each rank keeping the friction histories of its own
  pairs): summary.json's body states and energies agree within 1e-8 relative to
  max(|value|, 1), the step counts exactly;
- the checkpoint is refused by another deck on N ranks: exit 2 and one message;
- each rank's contact part lies beside the checkpoint, one per rank, of the checkpoint's
  generation alone (the earlier ones removed); a checkpoint copied without its parts, or with
  one part damaged, is refused on N ranks: exit 2, one message naming the part's file.
"""
import argparse
import glob
import json
import os
import shutil
import sys

from check_mpi_run import TOLERANCE, call, differences, fail, with_step_keys
from check_restart import check_bitwise_continuation

TIMEOUT = 240  # s per run


def mpirun(mpiexec, ranks):
    command = [mpiexec, "-np", str(ranks), "--allow-run-as-root", "--oversubscribe"]
    if ranks > (os.cpu_count() or 1):  # busy-waiting ranks would starve the one not running
        command += ["--mca", "mpi_yield_when_idle", "1"]
    return command


def run(command, out, label):
    result = call(command + ["--out", out, "--threads", "1", "--quiet"], TIMEOUT)
    if result.returncode != 0:
        fail(f"{label}: exit {result.returncode}: {result.stdout}{result.stderr}")
    with open(os.path.join(out, "summary.json")) as f:
        return json.load(f)


def compared(summary):
    """What a restart must reproduce: the final states, the energies and the counts."""
    return {"bodies": summary["bodies"], "energy": summary.get("energy"),
            "totals": {k: summary["totals"][k] for k in ("accepted_steps", "rejected_steps")}}


def check_parts(out, n):
    """The contact parts beside a checkpoint written on n ranks: one per rank, one generation."""
    parts = sorted(glob.glob(os.path.join(out, "checkpoint.bin.part*")))
    names = [os.path.basename(p).split(".") for p in parts]  # checkpoint bin partR GEN
    if sorted(name[2] for name in names) != sorted(f"part{r}" for r in range(n)) or len({name[3] for name in names}) != 1:
        fail(f"contact parts beside the checkpoint of {n} ranks: {[os.path.basename(p) for p in parts]}")
    return parts


def check_refused_parts(args, deck, checkpoint, n):
    """Without its parts, or with one damaged, a checkpoint is refused naming the part."""
    part = sorted(glob.glob(checkpoint + ".part*"))[-1]
    for case in ("missing", "damaged"):
        folder = os.path.join(args.work, f"parts_{case}")
        os.makedirs(folder, exist_ok=True)
        shutil.copy(checkpoint, folder)
        for other in glob.glob(checkpoint + ".part*"):
            if other != part or case == "damaged":
                shutil.copy(other, folder)
        if case == "damaged":
            with open(os.path.join(folder, os.path.basename(part)), "r+b") as f:
                f.seek(20)
                byte = f.read(1)
                f.seek(20)
                f.write(bytes([byte[0] ^ 0xFF]))
        result = call(mpirun(args.mpiexec, n) + [args.polydem, "run", deck, "--out", os.path.join(folder, "out"),
                                                 "--quiet", "--restart", os.path.join(folder, "checkpoint.bin")])
        if (result.returncode != 2 or result.stderr.count("polydem: error:") != 1
                or os.path.basename(part) not in result.stderr):
            fail(f"a checkpoint with its part {case}: exit {result.returncode}, stderr {result.stderr!r}")


def main():
    parser = argparse.ArgumentParser()
    for name in ("mpiexec", "polydem", "deck", "work"):
        parser.add_argument(name)
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--every", default="0.07")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    with open(args.deck) as f:
        deck_text = f.read()
    deck = os.path.join(args.work, "petsc.yaml")
    with open(deck, "w") as f:
        f.write(with_step_keys(deck_text, ["linear_solver: petsc"]))
    n = args.ranks
    full_out = os.path.join(args.work, f"mpi{n}_full")
    full = run(mpirun(args.mpiexec, n) + [args.polydem, "run", deck, "--checkpoint-every", args.every],
               full_out, f"{n} ranks with checkpoints")
    checkpoint = os.path.join(args.work, "checkpoint.bin")
    for path in [os.path.join(full_out, "checkpoint.bin")] + check_parts(full_out, n):
        shutil.copy(path, args.work)
    check_refused_parts(args, deck, checkpoint, n)

    resumed_out = os.path.join(args.work, f"mpi{n}_resumed")
    run(mpirun(args.mpiexec, n) + [args.polydem, "run", deck, "--restart", checkpoint],
        resumed_out, f"{n} ranks from the checkpoint")
    rows = check_bitwise_continuation(full, resumed_out, f"restarted on {n} ranks")

    for ranks in (1, n + 1):
        command = ([] if ranks == 1 else mpirun(args.mpiexec, ranks)) + [args.polydem, "run", deck]
        label = f"{ranks} rank(s) from the {n}-rank checkpoint"
        other = run(command + ["--restart", checkpoint], os.path.join(args.work, f"mpi{ranks}_resumed"), label)
        found = differences(compared(other), compared(full))
        if found:
            fail(f"{label} differ from the uninterrupted run: " + "; ".join(found[:5]))

    other_deck = os.path.join(args.work, "other.yaml")
    with open(other_deck, "w") as f:
        f.write(with_step_keys(deck_text.replace("gravity: [0, 0, -9.81]", "gravity: [0, 0, -9.80]"),
                               ["linear_solver: petsc"]))
    result = call(mpirun(args.mpiexec, n) + [args.polydem, "run", other_deck, "--out",
                                             os.path.join(args.work, "other"), "--quiet", "--restart", checkpoint])
    if result.returncode != 2 or result.stderr.count("polydem: error:") != 1 or "another deck" not in result.stderr:
        fail(f"a checkpoint of another deck on {n} ranks: exit {result.returncode}, stderr {result.stderr!r}")
    print(f"ok: a {n}-rank checkpoint continues bitwise on {n} ranks ({rows} of "
          f"{full['totals']['accepted_steps']} steps), within {TOLERANCE} on 1 and {n + 1}")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()

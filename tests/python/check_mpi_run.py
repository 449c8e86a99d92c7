#!/usr/bin/env python3
"""`mpirun -np 2 polydem run` with linear_solver: petsc against the serial run of
the same deck with the embedded SuiteSparse solver.

usage: check_mpi_run.py MPIEXEC POLYDEM DECK WORKDIR

- DECK runs serially as written: the reference;
- with `linear_solver: petsc` added to every step it runs on one process and under
  MPIEXEC -np 2: summary.json agrees with the reference within 1e-8 relative to
  max(|value|, 1) (wall times and the deck path aside), counts exactly;
- DECK as written under MPIEXEC -np 2 (every rank solves with SuiteSparse) gives
  the reference exactly;
- under MPIEXEC, rank 0 alone reports: one final line, one error message;
- options PETSc rejects exit 2 on two ranks, naming the key of the options.
"""
import json
import math
import os
import re
import subprocess
import sys

TOLERANCE = 1e-8


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def call(args, timeout=60):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def with_step_keys(deck_text, lines):
    """Adds `lines` to every step (block style: after each end_time key)."""
    pattern = re.compile(r"^( +)end_time:.*$", re.MULTILINE)
    text, count = pattern.subn(lambda m: m.group(0) + "".join(f"\n{m.group(1)}{line}" for line in lines),
                               deck_text)
    if count == 0:
        fail("the deck has no end_time line to extend")
    return text


def run(command, out, label, timeout=60):
    result = call(command + ["--out", out, "--threads", "1"], timeout)
    if result.returncode != 0:
        fail(f"{label}: exit {result.returncode}: {result.stdout}{result.stderr}")
    reports = result.stdout.count(" done: ")
    if reports != 1:
        fail(f"{label}: {reports} final reports, expected 1 (rank 0 only): {result.stdout}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    summary.pop("wall_seconds")
    summary.pop("deck")
    summary.pop("memory")  # rank 0's own peak and share of the tangent
    summary.pop("contact_search", None)  # rank 0's own Verlet lists
    return summary


def differences(value, reference, path="summary"):
    if isinstance(reference, dict):
        if not isinstance(value, dict) or value.keys() != reference.keys():
            return [f"{path}: keys differ"]
        return [d for key in reference for d in differences(value[key], reference[key], f"{path}.{key}")]
    if isinstance(reference, list):
        if not isinstance(value, list) or len(value) != len(reference):
            return [f"{path}: lengths differ"]
        return [d for k, (v, r) in enumerate(zip(value, reference)) for d in differences(v, r, f"{path}[{k}]")]
    if isinstance(reference, float) and isinstance(value, (int, float)):
        if not math.isfinite(value) or abs(value - reference) > TOLERANCE * max(abs(reference), 1.0):
            return [f"{path}: {value!r} vs {reference!r}"]
        return []
    return [] if value == reference else [f"{path}: {value!r} vs {reference!r}"]


def main():
    mpiexec, polydem, deck, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    mpirun = [mpiexec, "-np", "2", "--allow-run-as-root", "--oversubscribe"]
    with open(deck) as f:
        deck_text = f.read()
    petsc_deck = os.path.join(work, "petsc.yaml")
    with open(petsc_deck, "w") as f:
        f.write(with_step_keys(deck_text, ["linear_solver: petsc"]))

    reference = run([polydem, "run", deck], os.path.join(work, "serial_suitesparse"), "serial SuiteSparse")
    for label, command, out in (
            ("one rank, PETSc", [polydem, "run", petsc_deck], "serial_petsc"),
            ("two ranks, PETSc", mpirun + [polydem, "run", petsc_deck], "mpi2_petsc")):
        found = differences(run(command, os.path.join(work, out), label), reference)
        if found:
            fail(f"{label} differs from the serial SuiteSparse run: " + "; ".join(found[:5]))
    if run(mpirun + [polydem, "run", deck], os.path.join(work, "mpi2_suitesparse"), "two ranks, SuiteSparse") \
            != reference:
        fail("two ranks with SuiteSparse differ from one")

    bad_deck = os.path.join(work, "bad_options.yaml")
    with open(bad_deck, "w") as f:
        f.write(with_step_keys(deck_text, ['linear_solver: {petsc: {options: "-ksp_type no_such_method"}}']))
    result = call(mpirun + [polydem, "run", bad_deck, "--out", os.path.join(work, "bad"), "--quiet"])
    errors = result.stderr.count("polydem: error:")
    if result.returncode != 2 or errors != 1 or "linear_solver.petsc.options': PETSc error" not in result.stderr:
        fail(f"rejected options on two ranks: exit {result.returncode}, {errors} messages: {result.stderr!r}")
    print("ok: PETSc on 1 and 2 ranks matches SuiteSparse; rank 0 alone reports")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Exit codes and messages of the command line.

usage: check_exit_codes.py POLYDEM DECK_DIR WORKDIR [BAD_DECK_DIR ...]

- bad command lines exit 2 with a message, among them a real-valued option
  given NaN or infinity;
- every tests/cli/bad_decks/*.yaml, and every *.yaml in the BAD_DECK_DIRs (bad
  only in some builds), exits 2 from `polydem check` and `polydem run`, and the
  message contains the text given on its first line after "# expect: "
  (file:line:column and key);
- a deck whose steps cannot converge exits 3 and still writes the last state;
- impact_beyond_barrier.yaml (Newmark and convex): gives up (exit 3) naming the contact
  deep in its barrier and what its law stores before it (closed form); with its
  stiffness raised as the message advises, the same deck runs to its end;
- a run whose energy balance drifts beyond checks.energy_drift exits 4, says so
  under --quiet too, and its summary.json says completed_with_warnings.
"""
import glob
import json
import os
import re
import subprocess
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def call(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def check_not_finite(polydem, args):
    result = call([polydem] + args)
    if result.returncode != 2 or "finite number" not in result.stderr:
        fail(f"polydem {' '.join(args)}: exit {result.returncode}, stderr {result.stderr!r}")


def check_barrier_hint(polydem, deck, out):
    """An impact that only the barrier can stop gives up (exit 3) naming the contact, what
    its law stores before the barrier (the closed form ε1 ((1 − f) ḡ)^(n+1) / (n + 1) of the
    deck's law: 1e9 × (5e-4)³ / 3) and the stiffness the impact needs."""
    result = call([polydem, "run", deck, "--out", out, "--quiet"])
    hint = re.search(r"the contact of '(\w+)' with '(\w+)' is .* deep in the barrier .* the law "
                     r"stores ([0-9.e+-]+) J before its barrier.* needs about ([0-9.e+-]+) times",
                     result.stderr)
    if result.returncode != 3 or not hint:
        fail(f"{deck}: exit {result.returncode}, stderr {result.stderr!r}")
    if sorted(hint.group(1, 2)) != ["resting", "thrown"]:
        fail(f"{deck}: the hint names {hint.group(1, 2)}")
    stored, factor = float(hint.group(3)), float(hint.group(4))
    if abs(stored - 1e9 * 5e-4 ** 3 / 3) > 0.01 * stored or not factor > 1:
        fail(f"{deck}: the hint's figures: {hint.group(0)!r}")
    # The advice holds: the law stiffened by the hinted factor (and a fifth) stops the impact.
    stiffer = out + ".stiffer.yaml"
    with open(deck) as f:
        text = f.read()
    with open(stiffer, "w") as f:
        f.write(text.replace("stiffness: 1.0e9,", f"stiffness: {1e9 * factor * 1.2:.3e},"))
    result = call([polydem, "run", stiffer, "--out", out + ".stiffer", "--quiet"])
    if result.returncode != 0:
        fail(f"{deck} with {factor * 1.2:.3g} times the stiffness: exit {result.returncode}, "
             f"stderr {result.stderr!r}")


def main():
    polydem, deck_dir, work = sys.argv[1:4]
    bad_deck_dirs = [os.path.join(deck_dir, "..", "bad_decks")] + sys.argv[4:]
    two_bodies = os.path.join(deck_dir, "two_bodies.yaml")
    for args in (["run"], ["frobnicate"], ["run", "no/such/deck.yaml"],
                 ["run", two_bodies, "--threads", "0"]):
        result = call([polydem] + args)
        if result.returncode != 2 or not result.stderr.strip():
            fail(f"polydem {' '.join(args)}: exit {result.returncode}, stderr {result.stderr!r}")
    # Every real-valued option refuses NaN and infinity (CLI11's range checks let NaN through).
    os.makedirs(work, exist_ok=True)
    mesh = os.path.join(work, "tetrahedron.obj")  # a valid mesh: only the number is wrong
    with open(mesh, "w") as f:
        f.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")
    for args in (["run", two_bodies, "--out", os.path.join(work, "nan"), "--checkpoint-every=" + value]
                 for value in ("nan", "inf", "-inf", "1e999")):
        check_not_finite(polydem, args)
    for option, values in (("--density", ["nan"]), ("--scale", ["inf"]),
                           ("--translate", ["0", "nan", "0"]), ("--rotate", ["0", "0", "infinity"])):
        check_not_finite(polydem, ["mesh", mesh, option, *values])

    bad_decks = sorted(deck for directory in bad_deck_dirs
                       for deck in glob.glob(os.path.join(directory, "*.yaml")))
    if not bad_decks:
        fail("no bad decks found")
    for deck in bad_decks:
        with open(deck) as f:
            first = f.readline()
        if not first.startswith("# expect: "):
            fail(f"{deck}: first line must be '# expect: <text>'")
        expected = first[len("# expect: "):].strip().replace("{file}", deck)
        for command in ("check", "run"):
            result = call([polydem, command, deck, "--out", os.path.join(work, "bad")] if command == "run"
                          else [polydem, command, deck])
            if result.returncode != 2:
                fail(f"{command} {deck}: exit {result.returncode}, expected 2; stderr {result.stderr!r}")
            if expected not in result.stderr:
                fail(f"{command} {deck}: message {result.stderr!r} lacks {expected!r}")

    out = os.path.join(work, "gives_up")
    result = call([polydem, "run", os.path.join(deck_dir, "gives_up.yaml"), "--out", out, "--quiet"])
    if result.returncode != 3 or "below the minimum" not in result.stderr:
        fail(f"gives_up: exit {result.returncode}, stderr {result.stderr!r}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    if summary["status"] != "gave_up":
        fail(f"gives_up: summary status {summary['status']}")

    for deck in ("impact_beyond_barrier.yaml", "convex_impact_beyond_barrier.yaml"):
        check_barrier_hint(polydem, os.path.join(deck_dir, deck), os.path.join(work, deck))

    out = os.path.join(work, "energy_drift")
    result = call([polydem, "run", os.path.join(deck_dir, "energy_drift.yaml"), "--out", out,
                   "--quiet"])
    if result.returncode != 4 or "checks.energy_drift" not in result.stderr:
        fail(f"energy_drift: exit {result.returncode}, stderr {result.stderr!r}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    if summary["status"] != "completed_with_warnings" or len(summary["warnings"]) != 1:
        fail(f"energy_drift: summary status {summary['status']}, warnings {summary['warnings']}")
    print(f"ok: {len(bad_decks)} bad decks, bad command lines, give-up and warning exit codes")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The two step formulations side by side (issue 31): each deck as written (the paper's
Newmark–Newton, `integrator: newmark`) and with `integrator: convex`
(src/analysis/convex/), one after the other on one thread.

usage: benchmarks/convex_vs_newmark.py POLYDEM OUTDIR [DECK ...] [--end-time T]

Default decks: the flagship (examples/box_of_cubes/small.yaml), the pile of ten blocks
(examples/pile_of_blocks/deck.yaml) and the 60 tetrapods (examples/box_of_tetrapods/small.yaml).
The convex variant is the deck with `integrator: convex` added, written beside it for the
run and removed afterwards. `--end-time T` cuts every deck at T s (steps after T dropped).
Printed per deck and formulation (a Markdown table): accepted and rejected steps, Newton
iterations, CPU seconds (process), CPU seconds per simulated second, the kinetic energy at
the end, the ground's vertical reaction over the free bodies' weight − 1, the closest gap of
the run, the dissipated energy (damping, friction and, for the convex step, backward Euler's
own: integrator_dissipation) and the energy-balance error over it.
"""
import argparse
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DECKS = ["examples/box_of_cubes/small.yaml", "examples/pile_of_blocks/deck.yaml",
                 "examples/box_of_tetrapods/small.yaml"]


def cut(text, end_time):
    """The deck with its steps after `end_time` dropped and the last one ending there."""
    if end_time is None:
        return text
    kept, dropping = [], False
    for line in text.splitlines(keepends=True):
        found = re.match(r"(\s*(?:- )?end_time:\s*)([0-9.eE+-]+)", line)
        if dropping and re.match(r"\s*- name:", line):
            continue
        if found and float(found.group(2)) >= end_time and not dropping:
            line = f"{found.group(1)}{end_time}\n"
            dropping = True
        kept.append(line)
    return "".join(kept)


def ledger(out):
    rows = list(csv.DictReader(open(os.path.join(out, "monitor.csv"))))
    last = rows[-1]
    dissipated = sum(float(last.get(k, 0) or 0) for k in
                     ("damping_dissipation", "friction_dissipation", "integrator_dissipation"))
    reaction = sum(float(v) for k, v in last.items() if re.match(r"reaction_.*_z$", k))
    closest = min(float(r["closest_gap"]) for r in rows)
    return (float(last["kinetic_energy"]), reaction, closest, dissipated,
            float(last["energy_balance_error"]), float(last.get("integrator_dissipation", 0) or 0))


def run(polydem, deck, out, text):
    path = os.path.join(os.path.dirname(deck), "." + os.path.basename(deck))
    with timed_runs.variant_deck(path, text):
        os.makedirs(out, exist_ok=True)
        wall, cpu, summary = timed_runs.timed_run(
            [polydem, "run", path, "--out", out, "--threads", "1", "--quiet"], out, deck)
    return cpu, summary


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("polydem")
    parser.add_argument("outdir")
    parser.add_argument("decks", nargs="*")
    parser.add_argument("--end-time", type=float)
    args = parser.parse_args()
    decks = args.decks or [os.path.join(SOURCE, d) for d in DEFAULT_DECKS]
    print("| deck | integrator | steps | rejected | Newton its | CPU s | CPU s per sim. s | "
          "final T (J) | ground reaction (N) | closest gap (mm) | dissipated (J) | "
          "of it by the integrator | balance error / dissipated |")
    print("|" + "---|" * 13)
    for deck in decks:
        text = cut(open(deck).read(), args.end_time)
        for integrator in ("newmark", "convex"):
            variant = text if integrator == "newmark" else "integrator: convex\n" + text
            out = os.path.join(args.outdir, os.path.basename(os.path.dirname(deck)) + "_" +
                               os.path.basename(deck).removesuffix(".yaml") + "_" + integrator)
            cpu, summary = run(args.polydem, deck, out, variant)
            totals = summary["totals"]
            simulated = summary["final_time"]  # the default decks start at t = 0
            kinetic, reaction, closest, dissipated, error, by_integrator = ledger(out)
            print(f"| {os.path.relpath(deck, SOURCE)} | {integrator} | {totals['accepted_steps']} | "
                  f"{totals['rejected_steps']} | {totals['newton_iterations']} | {cpu:.1f} | "
                  f"{cpu / simulated:.2f} | {kinetic:.2e} | {reaction:.6g} | {1e3 * closest:.4f} | "
                  f"{dissipated:.4g} | {by_integrator / dissipated if dissipated else 0:.0%} | "
                  f"{error / dissipated if dissipated else 0:+.2%} |", flush=True)


if __name__ == "__main__":
    main()

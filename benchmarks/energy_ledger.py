#!/usr/bin/env python3
"""How well the energy ledger closes on the examples (issue 31: within 1 % of the largest
mechanical energy on every example, and within 1 % of the dissipated energy on the packs).

usage: benchmarks/energy_ledger.py POLYDEM OUTDIR [DECK ...]

Runs each deck (default: every deck under examples/ but the two full-size packs,
examples/box_of_cubes/deck.yaml and examples/box_of_tetrapods/deck.yaml) on one thread, one
after the other, and prints from its monitor.csv: the energy-balance error at the end, the
largest mechanical energy (the largest T + V over the run less the smallest V: what the
run ever had to move), the energy dissipated by damping and friction, and the error over
each. Decks without contact (no energy_balance_error column) are listed as such.
"""
import csv
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL_SIZE = ("examples/box_of_cubes/deck.yaml", "examples/box_of_tetrapods/deck.yaml")


def example_decks():
    decks = sorted(os.path.relpath(p, SOURCE)
                   for p in glob.glob(os.path.join(SOURCE, "examples", "*", "*.yaml")))
    return [d for d in decks if d not in FULL_SIZE]


def ledger(monitor_csv):
    """(error, largest mechanical energy, dissipated) at the end of a run; None without contact."""
    with open(monitor_csv) as f:
        rows = list(csv.DictReader(f))
    if not rows or "energy_balance_error" not in rows[0]:
        return None
    kinetic = [float(r["kinetic_energy"]) for r in rows]
    potential = [float(r["potential_energy"]) for r in rows]
    mechanical = max(t + v for t, v in zip(kinetic, potential)) - min(potential)
    last = rows[-1]
    dissipated = float(last["damping_dissipation"]) + float(last["friction_dissipation"])
    return float(last["energy_balance_error"]), mechanical, dissipated


def percent(part, whole):
    return f"{100 * abs(part) / whole:.3f}" if whole > 1e-12 else "—"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    polydem, outdir = sys.argv[1], sys.argv[2]
    decks = sys.argv[3:] or example_decks()
    print("| deck | status | error at end (J) | largest mechanical energy (J) | dissipated (J) "
          "| error / mechanical (%) | error / dissipated (%) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for deck in decks:
        out = os.path.join(outdir, deck.replace("/", "_").removesuffix(".yaml"))
        command = [polydem, "run", os.path.join(SOURCE, deck) if not os.path.isabs(deck) else deck,
                   "--out", out, "--threads", "1", "--quiet"]
        _, _, summary = timed_runs.timed_run(command, out, deck)
        account = ledger(os.path.join(out, "monitor.csv"))
        if account is None:
            print(f"| `{deck}` | {summary['status']} | no contact | | | | |", flush=True)
            continue
        error, mechanical, dissipated = account
        print(f"| `{deck}` | {summary['status']} | {error:.3g} | {mechanical:.4g} | "
              f"{dissipated:.4g} | {percent(error, mechanical)} | {percent(error, dissipated)} |",
              flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Where a run's Newton iterations go, per analysis step of its deck.

usage: newton_breakdown.py RUN_DIR

Reads RUN_DIR/deck.echo.yaml (the steps' names and end times) and
RUN_DIR/newton.csv (one row per residual evaluation of the accepted steps,
with its `kind`, see README.md) and prints a Markdown table: per analysis
step, the accepted time steps and, per time step, the Newton corrections
(linear solves), those after which the active set changed, the residual
backtracks and line searches, the switches of the active set at a converged state and the
halvings that kept corrections admissible. Rejected attempts are not in
newton.csv; summary.json counts them.

A second table splits each time step's corrections in three: those before
its residual first fell below BASIN (1e-3; the free iterations of the active
set and the plateau), those after (Newton's quadratic tail) and those after a
switch of the active set at a converged state (the restarts).
"""
import csv
import os
import re
import sys

START, CORRECTION, NEW_SET, BACKTRACK, SWITCH, LINE_SEARCH = range(6)
BASIN = 1e-3


def analysis_steps(echo_path):
    """(name, end_time) of each step, in order, from the deck echo polydem writes."""
    steps, name = [], None
    with open(echo_path) as f:
        for line in f:
            named = re.match(r"^  - name: (.+)$", line)
            if named:
                name = named.group(1).strip()
            ends = re.match(r"^    end_time: (\S+)$", line)
            if ends and name is not None:
                steps.append((name, float(ends.group(1))))
                name = None
    if not steps:
        sys.exit(f"{echo_path}: no steps with an end_time")
    return steps


def step_index(steps, time):
    for k, (_, end) in enumerate(steps):
        if time <= end * (1 + 1e-12):
            return k
    return len(steps) - 1


def tally(newton_path, steps):
    """Per analysis step: its time steps, evaluations by kind, halvings, and the
    corrections [to the basin, in the tail, after switches at convergence]."""
    rows = [dict(time_steps=set(), counts=[0] * 6, halvings=0, basin=[0, 0, 0]) for _ in steps]
    with open(newton_path) as f:
        time, entry, reached, switched = None, None, False, False
        for row in csv.DictReader(f):
            if "kind" not in row:
                sys.exit(f"{newton_path}: no `kind` column (written by an older polydem)")
            if row["time"] != time:
                time, reached, switched = row["time"], False, False
                entry = rows[step_index(steps, float(time))]
                entry["time_steps"].add(time)
            kind = int(float(row["kind"]))
            entry["counts"][kind] += 1
            entry["halvings"] += int(float(row["halvings"]))
            if kind == SWITCH:
                switched = True
            elif kind in (CORRECTION, NEW_SET):
                entry["basin"][2 if switched else 1 if reached else 0] += 1
            reached = reached or float(row["residual_norm"]) < BASIN
    return rows


def basin_row(name, entry):
    n = len(entry["time_steps"])
    if n == 0:
        return f"| {name} | 0 | | | |"
    return f"| {name} | {n} | " + " | ".join(f"{v / n:.2f}" for v in entry["basin"]) + " |"


def table_row(name, entry):
    n = len(entry["time_steps"])
    if n == 0:
        return f"| {name} | 0 | | | | | |"
    c = entry["counts"]
    per = lambda v: f"{v / n:.2f}"
    return (f"| {name} | {n} | {per(c[CORRECTION] + c[NEW_SET])} | {per(c[NEW_SET])} | "
            f"{per(c[BACKTRACK] + c[LINE_SEARCH])} | {per(c[SWITCH])} | {per(entry['halvings'])} |")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    run = sys.argv[1]
    steps = analysis_steps(os.path.join(run, "deck.echo.yaml"))
    rows = tally(os.path.join(run, "newton.csv"), steps)
    print("| step | time steps | corrections | of which the set changed after | "
          "corrections shortened (backtracks, line searches) | switches at convergence | halvings |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (name, _), entry in zip(steps, rows):
        print(table_row(name, entry))
    total = dict(time_steps=set().union(*(e["time_steps"] for e in rows)),
                 counts=[sum(e["counts"][k] for e in rows) for k in range(6)],
                 halvings=sum(e["halvings"] for e in rows),
                 basin=[sum(e["basin"][k] for e in rows) for k in range(3)])
    print(table_row("all", total))
    print()
    print(f"| step | time steps | corrections to {BASIN:g} | tail | after switches at convergence |")
    print("|---|---:|---:|---:|---:|")
    for (name, _), entry in zip(steps, rows):
        print(basin_row(name, entry))
    print(basin_row("all", total))

if __name__ == "__main__":
    main()

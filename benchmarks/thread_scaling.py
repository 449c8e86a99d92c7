#!/usr/bin/env python3
"""Strong scaling over threads: one deck run at each thread count with each linear solver,
one after the other in one session, on an otherwise idle machine (issue 30: two threads
>= 1.7x one thread; where 16 cores are at hand, >= 8x at 16 threads on the 60 tetrapods).

usage: benchmarks/thread_scaling.py POLYDEM DECK OUTDIR [--threads 1,2,4,8,16]
                                    [--solvers umfpack,bicgstab] [--end-time T]

Each solver is set as every step's linear_solver (the deck's own choice when the name is
`deck`); --end-time cuts the deck's steps at T. Prints per run: wall and CPU seconds, the
speed-up in wall time over the same solver's first thread count, summary.json's wall
seconds in contact, assembly and the linear solve, Newton iterations, and whether the
final state is bitwise the first thread count's (it must be).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402


def cut_steps(text, end_time):
    """Drops the steps that start at or after end_time and ends the last kept one there."""
    if end_time is None:
        return text
    lines = text.splitlines()
    result, in_steps, step, start = [], False, [], 0.0
    steps_done = False

    def flush():
        nonlocal start, steps_done
        if not step or steps_done:
            return
        body = "\n".join(step)
        match = re.search(r"end_time:\s*([0-9.eE+-]+)", body)
        end = float(match.group(1)) if match else None
        if start >= end_time:
            steps_done = True
            return
        if end is not None and end >= end_time:
            body = body.replace(f"end_time: {match.group(1)}", f"end_time: {end_time!r}", 1)
            steps_done = True
        result.append(body)
        start = end if end is not None else start

    for line in lines:
        if re.match(r"^[a-z_]+:", line):
            if in_steps:
                flush()
                step = []
            in_steps = line.startswith("steps:")
            result.append(line)
            continue
        if in_steps:
            if line.startswith("  - "):
                flush()
                step = [line]
            elif step:
                step.append(line)
            else:
                result.append(line)
        else:
            result.append(line)
    if in_steps:
        flush()
    return "\n".join(result) + "\n"


def with_solver(text, solver):
    """Every step's linear_solver replaced by `solver` (block style decks); `deck`: as it is."""
    if solver == "deck":
        return text
    out, in_steps = [], False
    for line in text.splitlines():
        if re.match(r"^[a-z_]+:", line):
            in_steps = line.startswith("steps:")
        if in_steps and re.match(r"^ +linear_solver:", line):
            continue
        out.append(line)
        if in_steps and line.startswith("  - name:"):
            out.append(f"    linear_solver: {solver}")
    return "\n".join(out) + "\n"


def timed_run(polydem, deck, out, threads):
    return timed_runs.timed_run([polydem, "run", deck, "--out", out, "--quiet", "--threads", str(threads)],
                                out, f"{deck} on {threads} threads")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("polydem")
    parser.add_argument("deck")
    parser.add_argument("outdir")
    parser.add_argument("--threads", default="1,2,4,8,16")
    parser.add_argument("--solvers", default="umfpack,bicgstab")
    parser.add_argument("--end-time", type=float, default=None)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    deck_folder = os.path.dirname(os.path.abspath(args.deck))
    with open(args.deck) as f:
        text = cut_steps(f.read(), args.end_time)
    print(f"{'solver':<10}{'threads':>8}{'wall s':>9}{'CPU s':>9}{'speed-up':>9}{'contact':>9}"
          f"{'assembly':>9}{'linear':>9}{'Newton':>8}  same bits")
    for solver in args.solvers.split(","):
        # Beside the deck, so that its mesh and body files resolve.
        variant = os.path.join(deck_folder, f".thread_scaling_{solver}.yaml")
        first = None
        with timed_runs.variant_deck(variant, with_solver(text, solver)) as deck:
            for threads in [int(t) for t in args.threads.split(",")]:
                out = os.path.join(args.outdir, f"{solver}_{threads}")
                wall, cpu, summary = timed_run(args.polydem, deck, out, threads)
                first = first or (wall, summary["bodies"])
                seconds = summary["wall_seconds"]
                print(f"{solver:<10}{threads:>8}{wall:>9.1f}{cpu:>9.1f}{first[0] / wall:>9.2f}"
                      f"{seconds['contact']:>9.1f}{seconds['assembly']:>9.1f}"
                      f"{seconds['linear_solve']:>9.1f}{summary['totals']['newton_iterations']:>8}"
                      f"  {'yes' if summary['bodies'] == first[1] else 'NO'}", flush=True)

if __name__ == "__main__":
    main()

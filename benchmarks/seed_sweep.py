#!/usr/bin/env python3
"""Compares decks over several packings, since one run of a pack says little.

usage: seed_sweep.py [--binary PATH] [--runs N] [--jobs J] [--out DIR] DECK [DECK ...]

A pack of bodies is chaotic: the same deck with another packing seed, or a
change that moves one iterate by the last bit, takes another trajectory, and
its Newton iterations differ by several per cent (5 % standard deviation over
twelve packing seeds of examples/box_of_tetrapods/small.yaml). A change to the
solver or the law is only seen against that noise when it is measured over
several packings.

Each DECK runs N times (default 12), the k-th time with every `seed: S` in it
replaced by S + k (k = 0 is the deck as written); the variant decks are
written next to DECK (relative paths keep working) and removed afterwards.
Printed per deck, over its runs: the mean and standard deviation of the
accepted steps, the rejected attempts, the Newton iterations and the wall
seconds (`summary.json`) and how many runs ended with a warning (exit code 4: the
energy balance beyond checks.energy_drift); for each deck after the first, the difference of its
mean iterations from the first deck's and the standard error of that
difference. Runs on one thread each, J at a time (default 2); their wall
seconds are comparable only between sweeps with the same J.
"""
import argparse
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys

SEED = re.compile(r"(\bseed:\s*)(\d+)")


def check_seeded(deck):
    with open(deck) as f:
        if not SEED.search(f.read()):
            sys.exit(f"{deck}: no `seed:` to vary")


def seeded_deck(deck, offset):
    """Writes DECK with its seeds moved by `offset` next to it; returns the path."""
    if offset == 0:
        return deck
    with open(deck) as f:
        text = f.read()
    moved = SEED.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + offset}", text)
    folder, name = os.path.split(os.path.abspath(deck))
    path = os.path.join(folder, f".seed{offset}.{name}")
    with open(path, "w") as f:
        f.write(moved)
    return path


def run(binary, deck, out):
    result = subprocess.run([binary, "run", deck, "--out", out, "--threads", "1", "--quiet"],
                            capture_output=True, text=True)
    # 4: completed with a warning (the energy balance beyond checks.energy_drift): counted.
    if result.returncode not in (0, 4):
        sys.exit(f"{deck}: polydem exited with {result.returncode}\n{result.stderr}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    totals = summary["totals"]
    return (totals["accepted_steps"], totals["rejected_steps"], totals["newton_iterations"],
            summary["wall_seconds"]["total"], int(result.returncode == 4))


def sweep(args):
    if args.runs > 1:
        for deck in args.decks:
            check_seeded(deck)
    jobs = {}
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        for d, deck in enumerate(args.decks):
            for k in range(args.runs):
                path = seeded_deck(deck, k)
                out = os.path.join(args.out, f"deck{d}_seed{k}")
                jobs[(d, k)] = (path, pool.submit(run, args.binary, path, out))
        results = {key: future.result() for key, (_, future) in jobs.items()}
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # a failed run stops the queued ones
        for (_, k), (path, _) in jobs.items():
            if k > 0 and os.path.exists(path):
                os.remove(path)
    return [[results[(d, k)] for k in range(args.runs)] for d in range(len(args.decks))]


def mean_sd(values):
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return statistics.mean(values), sd


def report(decks, runs):
    print("| deck | runs | steps | rejected | iterations | wall (s) | iterations against the first "
          "| runs with a warning |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    first_mean, first_sd = mean_sd([r[2] for r in runs[0]])
    for d, (deck, rows) in enumerate(zip(decks, runs)):
        cells = []
        for column in range(4):
            m, sd = mean_sd([r[column] for r in rows])
            cells.append(f"{m:.1f} ± {sd:.1f}" if column == 3 else f"{m:.0f} ± {sd:.0f}")
        versus = ""
        if d > 0:
            m, sd = mean_sd([r[2] for r in rows])
            error = (first_sd**2 / len(runs[0]) + sd**2 / len(rows)) ** 0.5
            versus = f"{100 * (m / first_mean - 1):+.1f} % ± {100 * error / first_mean:.1f} %"
        warned = sum(r[4] for r in rows)
        print(f"| {deck} | {len(rows)} | " + " | ".join(cells) + f" | {versus} | {warned} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decks", nargs="+", metavar="DECK")
    parser.add_argument("--binary", default="./build/polydem")
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="out/seed_sweep")
    args = parser.parse_args()
    if args.runs < 1 or args.jobs < 1:
        sys.exit("--runs and --jobs must be at least 1")
    report(args.decks, sweep(args))


if __name__ == "__main__":
    main()

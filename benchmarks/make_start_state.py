#!/usr/bin/env python3
"""A reached state of a deck as a starting deck, so that a benchmark of a late phase (the
1005-tetrapod collapse from t = 5 s) starts there on every build instead of paying the
hour that reaches it each time (issue 30).

usage: benchmarks/make_start_state.py POLYDEM DECK TIME OUT_DECK [--threads N]

Runs DECK with its steps cut at TIME (benchmarks/thread_scaling.py's cut), then
`polydem export-state DECK RUN_FOLDER --out OUT_DECK`: OUT_DECK starts at TIME with the
steps of DECK still to run, its bodies in OUT_DECK's `.bodies1.csv` (friction histories
start from zero: an output folder has none). The run's folder is kept beside OUT_DECK as
`<name>.run` for its summary.json.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from thread_scaling import cut_steps  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("polydem")
    parser.add_argument("deck")
    parser.add_argument("time", type=float)
    parser.add_argument("out_deck")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    folder = os.path.dirname(os.path.abspath(args.deck))
    cut = os.path.join(folder, f".start_state_{os.getpid()}.yaml")  # beside it: meshes resolve
    run_folder = os.path.splitext(args.out_deck)[0] + ".run"
    with open(args.deck) as f:
        text = cut_steps(f.read(), args.time)
    with open(cut, "w") as f:
        f.write(text)
    try:
        result = subprocess.run([args.polydem, "run", cut, "--out", run_folder, "--threads",
                                 str(args.threads), "--progress-every", "60"])
    finally:
        os.remove(cut)
    if result.returncode not in (0, 4):
        sys.exit(f"make_start_state.py: the run to t = {args.time} exited {result.returncode}")
    result = subprocess.run([args.polydem, "export-state", args.deck, run_folder, "--out",
                             args.out_deck])
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()

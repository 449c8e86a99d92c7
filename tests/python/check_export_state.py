#!/usr/bin/env python3
"""`polydem export-state`: a reached state as a new deck that continues the run.

usage: check_export_state.py POLYDEM DECK WORKDIR CHECKPOINT_EVERY

- runs the deck with --checkpoint-every;
- exports the checkpoint with --friction-history and runs the exported deck: it starts at
  the checkpoint's time and ends where the uninterrupted run ends, to POSITION_TOLERANCE
  and VELOCITY_TOLERANCE (not bitwise: the accelerations start consistent with the forces,
  as at any start);
- exports the run's output folder from the deck with one more step: the new deck starts at
  the run's end with only that step, and places every body exactly where summary.json has it;
- refuses, with exit code 2: an output folder whose deck has nothing left to run, a friction
  history from an output folder, a checkpoint of another deck.
"""
import json
import os
import subprocess
import sys

POSITION_TOLERANCE = 1e-4  # m, over the rest of the run
VELOCITY_TOLERANCE = 5e-3  # m/s


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def summary(folder):
    with open(os.path.join(folder, "summary.json")) as f:
        return json.load(f)


def largest_difference(a, b, key):
    return max(abs(p - q) for x, y in zip(a["bodies"], b["bodies"]) for p, q in zip(x[key], y[key]))


def refused(args, words):
    result = run(args)
    if result.returncode != 2 or words not in result.stderr:
        fail(f"{' '.join(args[1:3])}: expected exit code 2 and '{words}', got "
             f"{result.returncode}: {result.stderr}")


def main():
    polydem, deck, work, every = sys.argv[1:5]
    full = os.path.join(work, "full")
    result = run([polydem, "run", deck, "--out", full, "--quiet", "--checkpoint-every", every])
    if result.returncode != 0:
        fail(f"the uninterrupted run exited {result.returncode}: {result.stderr}")
    end = summary(full)

    exported = os.path.join(work, "from_checkpoint", "continued.yaml")
    result = run([polydem, "export-state", deck, os.path.join(full, "checkpoint.bin"),
                  "--out", exported, "--friction-history"])
    if result.returncode != 0:
        fail(f"export-state exited {result.returncode}: {result.stderr}")
    for name in ("continued.yaml", "continued.history.csv"):
        if not os.path.exists(os.path.join(work, "from_checkpoint", name)):
            fail(f"export-state did not write {name}")
    continued = os.path.join(work, "from_checkpoint", "run")
    result = run([polydem, "run", exported, "--out", continued, "--quiet"])
    if result.returncode != 0:
        fail(f"the exported deck's run exited {result.returncode}: {result.stderr}")
    again = summary(continued)
    if again["final_time"] != end["final_time"]:
        fail(f"the exported deck ends at {again['final_time']}, the run at {end['final_time']}")
    if not 0 < again["totals"]["accepted_steps"] < end["totals"]["accepted_steps"]:
        fail("the exported deck should start mid-run")
    moved = largest_difference(end, again, "position")
    if moved > POSITION_TOLERANCE:
        fail(f"the continued run ends {moved} m from the uninterrupted one")
    sped = largest_difference(end, again, "velocity")
    if sped > VELOCITY_TOLERANCE:
        fail(f"the continued run's velocities differ by {sped} m/s")
    print(f"continued from the checkpoint: positions within {moved:.2e} m, "
          f"velocities within {sped:.2e} m/s")

    # The output folder of a finished run, for a deck that has gained a step since.
    with open(deck) as f:
        text = f.read()
    longer = os.path.join(work, "longer.yaml")
    later = end["final_time"] + 0.5
    # Append the step at the end of the steps list: the decks used here list steps first.
    lines = text.splitlines(keepends=True)
    after_steps = next(i for i, line in enumerate(lines) if line.startswith(("shapes:", "bodies:")))
    lines.insert(after_steps, f"  - {{name: later, end_time: {later}, dt: {{initial: 1.0e-3}}}}\n")
    with open(longer, "w") as f:
        f.write("".join(lines))
    from_folder = os.path.join(work, "from_folder", "later.yaml")
    result = run([polydem, "export-state", longer, full, "--out", from_folder])
    if result.returncode != 0:
        fail(f"export-state of the output folder exited {result.returncode}: {result.stderr}")
    result = run([polydem, "pack", from_folder, "--out", os.path.join(work, "placed.csv")])
    if result.returncode != 0:
        fail(f"the deck exported from the folder does not read: {result.stderr}")
    with open(from_folder) as f:
        start = [float(line.split(":")[1]) for line in f if line.startswith("start_time:")]
    if start != [end["final_time"]]:
        fail(f"the deck exported from the folder starts at {start}, not {end['final_time']}")
    with open(os.path.join(work, "placed.csv")) as f:
        rows = [line.strip().split(",") for line in f][1:]
    for row, body in zip(rows, end["bodies"]):
        if row[0] != body["name"] or [float(v) for v in row[2:5]] != body["position"]:
            fail(f"{row[0]} is placed at {row[2:5]}, the run left it at {body['position']}")
    result = run([polydem, "run", from_folder, "--out", os.path.join(work, "later_run"), "--quiet"])
    if result.returncode != 0:
        fail(f"the deck exported from the folder exited {result.returncode}: {result.stderr}")
    later_run = summary(os.path.join(work, "later_run"))
    if abs(later_run["final_time"] - later) > 1e-12:
        fail(f"the deck exported from the folder ends at {later_run['final_time']}, not {later}")

    refused([polydem, "export-state", deck, full, "--out", os.path.join(work, "x.yaml")],
            "nothing is left to run")
    refused([polydem, "export-state", longer, full, "--out", os.path.join(work, "x.yaml"),
             "--friction-history"], "needs a checkpoint")
    refused([polydem, "export-state", longer, os.path.join(full, "checkpoint.bin"), "--out",
             os.path.join(work, "x.yaml")], "another deck")
    print("ok")


if __name__ == "__main__":
    main()

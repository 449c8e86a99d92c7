#!/usr/bin/env python3
"""End-to-end checks of `polydem plot DIR`.

usage: check_plot.py POLYDEM DECK WORKDIR   (run with a Python that has matplotlib)

- runs DECK, then `polydem plot` on its output: kinetic_energy, dt and
  newton_iterations PNGs exist, are PNG files that matplotlib reads back, and no
  temporary file is left in plots/; no contacts_/reaction_ figure without such
  columns, and the default interpreter search finds matplotlib;
- a copy of the run whose monitor.csv has contacts_* and reaction_* columns
  gets one more figure for each of them;
- a bad DIR, a DIR without monitor.csv and a malformed monitor.csv exit 2
  with a message; so does an interpreter that does not exist (no matplotlib).
"""
import csv
import os
import shutil
import subprocess
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FIXED = ["kinetic_energy", "dt", "newton_iterations"]


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def call(args, use_default_search=False):
    env = dict(os.environ)
    if use_default_search:
        env.pop("POLYDEM_PYTHON", None)
    else:
        env["POLYDEM_PYTHON"] = sys.executable  # the interpreter CMake found with matplotlib
    return subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)


def check_pngs(plots, stems):
    for stem in stems:
        path = os.path.join(plots, stem + ".png")
        if not os.path.isfile(path):
            fail(f"{path} was not written")
        with open(path, "rb") as f:
            if f.read(8) != PNG_SIGNATURE:
                fail(f"{path} is not a PNG file")
        image = matplotlib.image.imread(path)
        if image.ndim != 3 or image.shape[0] < 100 or image.shape[1] < 100:
            fail(f"{path}: unexpected image shape {image.shape}")
    leftovers = [name for name in os.listdir(plots) if name.startswith(".") or name.endswith(".part")]
    if leftovers:
        fail(f"temporary files left in {plots}: {leftovers}")


def add_columns(source_dir, target_dir, extra):
    os.makedirs(target_dir, exist_ok=True)
    with open(os.path.join(source_dir, "monitor.csv"), newline="") as f:
        rows = list(csv.reader(f))
    rows[0] += list(extra)
    for k, row in enumerate(rows[1:]):
        row += [str(k * (j + 1)) for j in range(len(extra))]
    with open(os.path.join(target_dir, "monitor.csv"), "w", newline="") as f:
        csv.writer(f).writerows(rows)


def expect_bad(polydem, directory, words, code=2, extra_args=()):
    result = call([polydem, "plot", directory, *extra_args])
    if result.returncode != code or words not in result.stderr:
        fail(f"plot {directory}: exit {result.returncode}, expected {code} with {words!r}; "
             f"stderr {result.stderr!r}")


def main():
    polydem, deck, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    run_dir = os.path.join(work, "run")
    result = call([polydem, "run", deck, "--out", run_dir, "--quiet"])
    if result.returncode != 0:
        fail(f"run exited {result.returncode}: {result.stderr}")

    result = call([polydem, "plot", run_dir], use_default_search=True)
    if result.returncode != 0:
        fail(f"plot exited {result.returncode}: {result.stderr}")
    plots = os.path.join(run_dir, "plots")
    check_pngs(plots, FIXED)
    if sorted(os.listdir(plots)) != sorted(stem + ".png" for stem in FIXED):
        fail(f"unexpected figures {sorted(os.listdir(plots))}")

    extra = ["contacts_active", "reaction_force_z"]
    extra_dir = os.path.join(work, "with_contacts")
    add_columns(run_dir, extra_dir, extra)
    for attempt in range(2):  # the second one replaces the figures of the first
        result = call([polydem, "plot", extra_dir])
        if result.returncode != 0:
            fail(f"plot (attempt {attempt + 1}) exited {result.returncode}: {result.stderr}")
    check_pngs(os.path.join(extra_dir, "plots"), FIXED + extra)

    expect_bad(polydem, os.path.join(work, "no_such_dir"), "not a directory")
    empty_dir = os.path.join(work, "empty")
    os.makedirs(empty_dir, exist_ok=True)
    expect_bad(polydem, empty_dir, "monitor.csv: no such file")
    malformed_dir = os.path.join(work, "malformed")
    add_columns(run_dir, malformed_dir, [])
    monitor = os.path.join(malformed_dir, "monitor.csv")
    with open(monitor) as f:
        lines = f.readlines()
    with open(monitor, "a") as f:
        f.write(",".join(["0.6", "oops"] + ["0"] * (len(lines[0].split(",")) - 2)) + "\n")
    expect_bad(polydem, malformed_dir,
               f"monitor.csv:{len(lines) + 1}: column 'dt': 'oops' is not a number")
    expect_bad(polydem, run_dir, "no Python interpreter with the module matplotlib", code=2,
               extra_args=("--python", os.path.join(work, "no", "python3")))
    print(f"ok: {len(FIXED)} figures, {len(extra)} extra figures, bad inputs rejected")


if __name__ == "__main__":
    main()

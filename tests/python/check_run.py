#!/usr/bin/env python3
"""End-to-end checks of `polydem run` on a small deck.

usage: check_run.py POLYDEM DECK WORKDIR [OUTPUT_INTERVAL]

- runs the deck with --threads 1 and --threads 2: summary.json must be identical
  apart from wall-clock fields, and monitor.csv identical byte for byte;
- monitor.csv has the documented columns and one row per accepted step;
- newton.csv starts each step's solve at evaluation 0 with kind 0 (the
  predicted state), has kinds 0–5 only, and one correction (kind 1 or 2) per
  Newton iteration that monitor.csv counts for the step (under `integrator:
  convex`, whose minimisation logs no residuals, the header alone);
- results.pvd lists the samples at the deck's fixed output times (every
  OUTPUT_INTERVAL, 0.1 s unless given, to the final time), and the last
  sample read with VTK's reader holds the final positions of summary.json;
- deck.echo.yaml re-runs to the same summary.
"""
import csv
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import vtk
from vtk.util.numpy_support import vtk_to_numpy

REQUIRED_COLUMNS = ["time", "dt", "newton_iterations", "rejected_steps", "kinetic_energy",
                    "potential_energy", "external_work", "linear_momentum_x",
                    "linear_momentum_y", "linear_momentum_z", "angular_momentum_x",
                    "angular_momentum_y", "angular_momentum_z"]


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run_with_stderr(polydem, deck, out, threads):
    result = subprocess.run([polydem, "run", deck, "--out", out, "--threads", str(threads), "--quiet"],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        fail(f"run exited {result.returncode}: {result.stderr}")
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    summary.pop("wall_seconds")
    summary.pop("deck")
    drop_search_timings(summary)
    check_memory(summary.pop("memory"), len(summary["bodies"]))  # peak memory: this process's
    return summary, result.stderr


def drop_search_timings(summary):
    """contact_search's seconds are wall clock; its counts must not depend on the threads."""
    search = summary.get("contact_search", {})
    for key in [key for key in search if key.endswith("_seconds")]:
        if not search[key] >= 0:
            fail(f"summary.json contact_search.{key} = {search[key]}")
        del search[key]


def check_memory(memory, bodies):
    """summary.json's memory: a peak resident size a process has, and the tangent of
    `bodies` bodies (each a 6x6 block on the diagonal at least)."""
    if not 1e6 < memory["peak_resident_bytes"] < 1e11:
        fail(f"memory.peak_resident_bytes = {memory['peak_resident_bytes']}")
    if abs(memory["peak_resident_bytes_per_body"] * bodies - memory["peak_resident_bytes"]) > 1:
        fail("memory.peak_resident_bytes_per_body is not the peak over the bodies")
    if not 0 < memory["largest_tangent_entries"] <= (6 * bodies) ** 2 * 4:
        fail(f"memory.largest_tangent_entries = {memory['largest_tangent_entries']} for {bodies} bodies")
    if memory["largest_tangent_bytes"] < 12 * memory["largest_tangent_entries"]:
        fail("memory.largest_tangent_bytes is less than a value and an index per entry")
    structures = memory["largest_structures_bytes"]
    if not all(size >= 0 for size in structures.values()) or structures["assembly"] <= 0:
        fail(f"memory.largest_structures_bytes = {structures}")
    # A history holds at least its key, normal, gap and tangential gap.
    if structures["contact_histories"] < 100 * memory["contact_histories_at_end"]:
        fail("memory.largest_structures_bytes.contact_histories is less than the histories hold")
    # Each structure at its largest was held with that step's tangent, no larger than the
    # largest: the two were resident together.
    if max(structures.values()) + memory["largest_tangent_bytes"] > memory["peak_resident_bytes"]:
        fail("memory.largest_structures_bytes exceed the peak resident memory")


def run(polydem, deck, out, threads):
    return run_with_stderr(polydem, deck, out, threads)[0]


def run_on_1_and_2_threads(polydem, deck, work):
    """The summary and stderr of the 1-thread run, after checking the 2-thread run's files are the same."""
    one, stderr = run_with_stderr(polydem, deck, os.path.join(work, "threads1"), 1)
    two = run(polydem, deck, os.path.join(work, "threads2"), 2)
    if one != two:
        fail("summary.json differs between 1 and 2 threads")
    with open(os.path.join(work, "threads1", "monitor.csv"), "rb") as a, \
            open(os.path.join(work, "threads2", "monitor.csv"), "rb") as b:
        if a.read() != b.read():
            fail("monitor.csv differs between 1 and 2 threads")
    return one, stderr


def read_monitor(out):
    with open(os.path.join(out, "monitor.csv")) as f:
        rows = list(csv.DictReader(f))
    if os.path.exists(os.path.join(out, "monitor.csv.part")):
        fail("monitor.csv.part left behind")
    return rows


def check_newton_log(out, monitor_rows):
    with open(os.path.join(out, "newton.csv")) as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(out, "deck.echo.yaml")) as f:
        if "integrator: convex" in f.read():  # its minimisation logs no residuals
            if rows:
                fail("newton.csv has rows under integrator: convex")
            return
    corrections = {}
    previous_time = None
    for row in rows:
        kind = int(float(row["kind"]))
        if kind not in range(6):
            fail(f"newton.csv: kind {kind} at t = {row['time']}")
        if row["time"] != previous_time and (int(float(row["evaluation"])) != 0 or kind != 0):
            fail(f"newton.csv: the solve at t = {row['time']} does not start at the predicted state")
        previous_time = row["time"]
        corrections[row["time"]] = corrections.get(row["time"], 0) + (kind in (1, 2))
    for row in monitor_rows:
        if corrections.get(row["time"], 0) != int(float(row["newton_iterations"])):
            fail(f"newton.csv has {corrections.get(row['time'], 0)} corrections at t = {row['time']}, "
                 f"monitor.csv {row['newton_iterations']} iterations")


def read_last_sample(out):
    root = ElementTree.parse(os.path.join(out, "results.pvd")).getroot()
    datasets = root.findall("./Collection/DataSet")
    times = [float(d.get("timestep")) for d in datasets]
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(os.path.join(out, datasets[-1].get("file")))
    reader.Update()
    points = vtk_to_numpy(reader.GetOutput().GetPoints().GetData())
    return times, points


def main():
    polydem, deck, work = sys.argv[1:4]
    interval = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1
    one, _ = run_on_1_and_2_threads(polydem, deck, work)

    rows = read_monitor(os.path.join(work, "threads1"))
    missing = [c for c in REQUIRED_COLUMNS if c not in rows[0]]
    if missing:
        fail(f"monitor.csv lacks columns {missing}")
    if len(rows) != one["totals"]["accepted_steps"]:
        fail(f"{len(rows)} monitor rows for {one['totals']['accepted_steps']} accepted steps")
    check_newton_log(os.path.join(work, "threads1"), rows)

    times, points = read_last_sample(os.path.join(work, "threads1"))
    samples = round(one["final_time"] / interval)
    expected_times = [k * interval for k in range(samples + 1)]
    if len(times) != len(expected_times) or any(abs(a - b) > 1e-12 for a, b in zip(times, expected_times)):
        fail(f"sample times {times}, expected {expected_times}")
    for body, point in zip(one["bodies"], points):
        if any(abs(a - b) > 1e-12 for a, b in zip(body["position"], point)):
            fail(f"last sample {list(point)} differs from summary {body['position']}")

    echo = run(polydem, os.path.join(work, "threads1", "deck.echo.yaml"), os.path.join(work, "echo"), 1)
    if echo != one:
        fail("the echoed deck does not reproduce the run")
    print(f"ok: {len(rows)} steps, {len(times)} samples, threads 1 and 2 identical")


if __name__ == "__main__":
    main()

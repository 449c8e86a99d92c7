#!/usr/bin/env python3
"""End-to-end checks of contact output.

usage: check_contact_run.py POLYDEM DECK WORKDIR

- runs the deck with --threads 1 and 2: monitor.csv identical byte for byte;
- contacts.pvd lists one contacts VTU per sample; each, read with VTK's reader,
  has the normal_force and friction_force vectors, and the last one has as many
  points as monitor.csv's last row has active contacts;
- the forces of the boundary contacts in the last sample sum to the reaction
  columns of monitor.csv;
- energy_balance_error stays below 1 % of the energy dissipated;
- the closest_gap column is the smallest gap of the last sample's contacts, and
  summary.json's explicit_comparison is what the closest_gap, explicit_critical_step
  and dt columns give over the run;
- surfaces.pvd holds every body's triangles, and `polydem plot` draws the last
  sample into a PNG.
"""
import csv
import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import vtk
from vtk.util.numpy_support import vtk_to_numpy


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(polydem, deck, out, threads):
    result = subprocess.run([polydem, "run", deck, "--out", out, "--threads", str(threads), "--quiet"],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        fail(f"run exited {result.returncode}: {result.stderr}")


def read_contacts(path):
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(path)
    reader.Update()
    grid = reader.GetOutput()
    data = grid.GetPointData()
    arrays = {}
    for name in ("normal_force", "friction_force", "boundary", "gap"):
        array = data.GetArray(name)
        if array is None:
            fail(f"{path}: no point array {name}")
        arrays[name] = vtk_to_numpy(array)
    return grid.GetNumberOfPoints(), arrays


def check_explicit_comparison(rows, summary_path):
    with open(summary_path) as f:
        reported = json.load(f)["explicit_comparison"]
    steps = [float(r["explicit_critical_step"]) for r in rows]
    dts = [float(r["dt"]) for r in rows]
    in_contact = [(dt, step) for dt, step in zip(dts, steps) if math.isfinite(step)]
    expected = {
        "smallest_critical_step": min(steps),
        "closest_gap": min(float(r["closest_gap"]) for r in rows),
        "mean_step": sum(dts) / len(dts),
        "mean_step_over_smallest_critical_step": sum(dts) / len(dts) / min(steps),
        "steps_with_contact": len(in_contact),
        "explicit_steps_with_contact": sum(dt / step for dt, step in in_contact),
    }
    for key, value in expected.items():
        if not math.isclose(reported[key], value, rel_tol=1e-9):
            fail(f"summary.json explicit_comparison.{key} = {reported[key]}, monitor.csv gives {value}")


def main():
    polydem, deck, work = sys.argv[1:4]
    one, two = os.path.join(work, "threads1"), os.path.join(work, "threads2")
    run(polydem, deck, one, 1)
    run(polydem, deck, two, 2)
    with open(os.path.join(one, "monitor.csv"), "rb") as a, open(os.path.join(two, "monitor.csv"), "rb") as b:
        if a.read() != b.read():
            fail("monitor.csv differs between 1 and 2 threads")
    with open(os.path.join(one, "monitor.csv")) as f:
        rows = list(csv.DictReader(f))
    last = rows[-1]

    collection = ElementTree.parse(os.path.join(one, "contacts.pvd")).getroot()
    datasets = collection.findall("./Collection/DataSet")
    bodies = ElementTree.parse(os.path.join(one, "results.pvd")).getroot().findall("./Collection/DataSet")
    if len(datasets) != len(bodies):
        fail(f"{len(datasets)} contact samples for {len(bodies)} body samples")
    count, arrays = read_contacts(os.path.join(one, datasets[-1].get("file")))
    active = int(float(last["contacts_body_body"])) + int(float(last["contacts_body_boundary"]))
    if count != active or active == 0:
        fail(f"last contact sample has {count} points, monitor.csv {active} active contacts")
    if (arrays["gap"] <= 0).any():
        fail("a contact with a non-positive gap was written")
    on_ground = arrays["boundary"] >= 0
    total = (arrays["normal_force"][on_ground] + arrays["friction_force"][on_ground]).sum(axis=0)
    reaction = [float(last[f"reaction_ground_{axis}"]) for axis in "xyz"]
    for got, want in zip(total, reaction):
        if abs(got - want) > 1e-9 * max(1.0, abs(want)):
            fail(f"contact forces sum to {list(total)}, reaction columns say {reaction}")
    if float(last["closest_gap"]) != arrays["gap"].min():
        fail(f"closest_gap {last['closest_gap']}, the last sample's smallest gap {arrays['gap'].min()}")
    check_explicit_comparison(rows, os.path.join(one, "summary.json"))
    dissipated = float(last["damping_dissipation"]) + float(last["friction_dissipation"])
    worst = max(abs(float(r["energy_balance_error"])) for r in rows)
    if not dissipated > 0 or worst > 1e-2 * dissipated:
        fail(f"energy balance error {worst} J against {dissipated} J dissipated")
    surfaces = ElementTree.parse(os.path.join(one, "surfaces.pvd")).getroot().findall("./Collection/DataSet")
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(os.path.join(one, surfaces[-1].get("file")))
    reader.Update()
    owners = vtk_to_numpy(reader.GetOutput().GetCellData().GetArray("body"))
    if len(surfaces) != len(bodies) or sorted(set(owners[owners >= 0])) != [0, 1, 2]:
        fail(f"surfaces: {len(surfaces)} samples, bodies {sorted(set(owners))}")
    result = subprocess.run([polydem, "plot", one], capture_output=True, text=True, timeout=300)
    picture = os.path.join(one, "plots", "configuration.png")
    if result.returncode != 0 or not os.path.exists(picture):
        fail(f"polydem plot: exit {result.returncode}, {result.stderr}")
    with open(picture, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail("configuration.png is not a PNG file")
    print(f"ok: {len(rows)} steps, {len(datasets)} contact samples, {active} contacts at the end, "
          f"balance error {worst:.3g} J of {dissipated:.3g} J dissipated")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""bodies.csv (output.bodies): the chosen bodies' state and contact resultant per step.

usage: check_bodies_table.py POLYDEM WORKDIR

Two cubes of 2 kg, one resting on the ground, one dropped from 0.5 m:
- the columns are time, then 18 per body in output.bodies' model order;
- before it lands, the falling cube follows z = z0 - g t^2/2 and v = -g t (Newmark
  is exact under a constant force) with no contact force;
- at the end both rest: each one's contact force is its weight, m g, and its
  moment about its own centre of mass is zero;
- an unknown name in output.bodies exits 2 naming the key.
"""
import csv
import os
import subprocess
import sys

DECK = """gravity: [0, 0, -9.81]
output: {interval: 0.1, vtk: false, bodies: "BODIES"}
steps:
  - name: drop
    end_time: 1.0
    dt: {initial: 1.0e-3, max: 5.0e-3}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
bodies:
  - {name: resting, shape: cube, density: 2000, position: [0, 0, 0.0505]}
  - {name: falling, shape: cube, density: 2000, position: [0.5, 0, 0.5]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 4, length_v: 4}}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.001, stiffness: 1.0e8, exponent: 2}
      damping_ratio: 0.5
      friction: {static: 0.5, stiffness: 1.0e5}
    - {group_a: default, normal: {skin: 0.001, stiffness: 1.0e8, exponent: 2}}
"""
G, MASS = 9.81, 2000 * 0.1 ** 3
SUFFIXES = ["x", "y", "z", "rx", "ry", "rz", "vx", "vy", "vz", "wx", "wy", "wz",
            "fx", "fy", "fz", "mx", "my", "mz"]


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(polydem, work, bodies):
    deck = os.path.join(work, "deck.yaml")
    with open(deck, "w") as f:
        f.write(DECK.replace("BODIES", bodies))
    out = os.path.join(work, "out")
    return subprocess.run([polydem, "run", deck, "--out", out, "--quiet"], capture_output=True,
                          text=True, timeout=300), out


def main():
    polydem, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    result, out = run(polydem, work, "falling, resting")
    if result.returncode != 0:
        fail(f"run exited {result.returncode}: {result.stderr}")
    with open(os.path.join(out, "bodies.csv")) as f:
        rows = list(csv.DictReader(f))
    expected = ["time"] + [f"{b}_{s}" for b in ("resting", "falling") for s in SUFFIXES]
    if list(rows[0].keys()) != expected:
        fail(f"columns {list(rows[0].keys())[:5]}..., expected {expected[:5]}...")
    airborne = [r for r in rows if 0.5 - G * float(r["time"]) ** 2 / 2 > 0.06]
    if len(airborne) < 10:
        fail(f"only {len(airborne)} rows before the landing")
    for r in airborne:
        t = float(r["time"])
        for name, value in (("falling_z", 0.5 - G * t * t / 2), ("falling_vz", -G * t),
                            ("falling_fz", 0.0)):
            if abs(float(r[name]) - value) > 1e-9:
                fail(f"t = {t}: {name} {r[name]}, expected {value}")
    last = rows[-1]
    for body in ("resting", "falling"):
        if abs(float(last[body + "_fz"]) - MASS * G) > 1e-6 * MASS * G:
            fail(f"{body} at rest carries {last[body + '_fz']} N, expected m g = {MASS * G}")
        for axis in ("mx", "my", "mz"):
            if abs(float(last[f"{body}_{axis}"])) > 1e-6 * MASS * G * 0.05:
                fail(f"{body}_{axis} = {last[body + '_' + axis]} about its centre at rest")

    result, _ = run(polydem, work, "resting, nobody")
    if result.returncode != 2 or "output.bodies" not in result.stderr or "nobody" not in result.stderr:
        fail(f"an unknown body: exit {result.returncode}, stderr {result.stderr!r}")
    print(f"ok: bodies.csv, {len(rows)} rows")


if __name__ == "__main__":
    main()

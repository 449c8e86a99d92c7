#!/usr/bin/env python3
"""Weak scaling under domain decomposition: a bed of touching cubes with the same number
of cubes per rank at each rank count (issue 29: CPU time per body and step, and memory).

usage: benchmarks/weak_scaling.py MPIEXEC POLYDEM OUTDIR [--per-rank 2000] [--ranks 1,2,4]
                                  [--steps 5] [--layers 5] [--bodies N]

With --bodies N every rank count runs the same bed of N cubes (strong scaling, and the
memory per rank of one model split among more ranks) instead of per-rank cubes per rank.

The bed: 0.1 m cubes in `layers` layers, 20 cubes deep and P·per-rank/(20·layers) long,
3 mm apart side by side, every other layer shifted by (30, 20) mm, each layer 1.5 mm above
the one below and the lowest 1.5 mm above the ground, the contact skin 2 mm (its barrier
zone 1 mm): every cube presses on the cubes below it, and the lowest layer on the ground,
from the first step, as in a settled bed (a lattice with faces flush side by side and
vertices above vertices is a degenerate start Newton does not converge from). `steps` time steps of 1 ms with
`linear_solver: petsc` (GMRES with block Jacobi/ILU(0)), friction on, no VTK output.
Ranks beyond the cores yield when idle (`--mca mpi_yield_when_idle 1`), so that on a
machine with fewer cores than ranks the CPU time, not the wall time, is the measure.

Prints per rank count: bodies, steps, Newton iterations, wall and CPU seconds (all ranks'
user + system), CPU per body and step and per body and Newton iteration, the weak-scaling
efficiency (CPU per body and step at one rank over that at P ranks), rank 0's peak
resident memory (summary.json) and the largest of the ranks' peaks (decomposition.json).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402
from timed_runs import mpirun  # noqa: E402

EDGE = 0.1
SPACING = 0.103  # side by side: 3 mm apart, beyond the skin
LAYER = 0.1015  # one above the other: 1.5 mm apart, inside the skin, outside its barrier zone
SHIFT = (0.03, 0.02)  # of every other layer, so no vertex or edge lies on one below
DEPTH = 20  # cubes along y

DECK = """# A bed of {count} touching cubes (benchmarks/weak_scaling.py)
gravity: [0, 0, -9.81]
output: {{interval: {end}, vtk: false, surfaces: false}}
steps:
  - name: bed
    end_time: {end}
    dt: {{initial: 1.0e-3, min: 1.0e-8, max: 1.0e-3}}
    linear_solver: petsc
shapes:
  - name: cube
    geometry: {{box: {{size: [{edge}, {edge}, {edge}]}}}}
body_files:
  - {{file: bed.csv, density: 2000}}
boundaries:
  - {{name: ground, surface: {{plane: {{center: [{cx}, {cy}, 0], normal: [0, 0, 1], length_u: {lu}, length_v: {lv}}}}}}}
contact:
  interactions:
    - group_a: default
      normal: {{skin: 0.002, stiffness: 1.0e8, exponent: 2}}
      damping_ratio: 0.5
      friction: {{static: 0.5, dynamic: 0.4, stiffness: 1.0e5, damping: 50}}
    - group_a: default
      group_b: boundary
      normal: {{skin: 0.002, stiffness: 1.0e8, exponent: 2}}
      damping_ratio: 0.5
      friction: {{static: 0.5, dynamic: 0.4, stiffness: 1.0e5, damping: 50}}
"""


def write_bed(folder, length, layers, steps):
    """The deck and its bodies file for a bed `length` cubes long; returns the deck's path."""
    os.makedirs(folder, exist_ok=True)
    count = 0
    with open(os.path.join(folder, "bed.csv"), "w") as f:
        f.write("name,shape,x,y,z,rx,ry,rz\n")
        for i in range(length):
            for j in range(DEPTH):
                for k in range(layers):
                    count += 1
                    x, y = i * SPACING + SHIFT[0] * (k % 2), j * SPACING + SHIFT[1] * (k % 2)
                    z = EDGE / 2 + 0.0015 + k * LAYER
                    f.write(f"cube_{count},cube,{x!r},{y!r},{z!r},0,0,0\n")
    deck = os.path.join(folder, "bed.yaml")
    with open(deck, "w") as f:
        f.write(DECK.format(count=count, end=f"{steps * 1e-3:.6g}", edge=EDGE,
                            cx=length * SPACING / 2, cy=DEPTH * SPACING / 2,
                            lu=length * SPACING + 1, lv=DEPTH * SPACING + 1))
    return deck


def largest_rank_peak(run):
    """The largest peak resident memory (bytes) of the ranks of a decomposed run, or None."""
    path = os.path.join(run, "decomposition.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return max(rank["peak_resident_bytes"] for rank in json.load(f)["per_rank"])


def timed_run(mpiexec, ranks, polydem, deck, out):
    command = mpirun(mpiexec, ranks) + [polydem, "run", deck, "--out", out, "--quiet", "--threads", "1"]
    return timed_runs.timed_run(command, out, f"{deck} on {ranks} ranks")


def main():
    parser = argparse.ArgumentParser()
    for name in ("mpiexec", "polydem", "outdir"):
        parser.add_argument(name)
    parser.add_argument("--per-rank", type=int, default=2000)
    parser.add_argument("--ranks", default="1,2,4")
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--layers", type=int, default=5)
    parser.add_argument("--bodies", type=int, default=0)
    args = parser.parse_args()
    per_slab = DEPTH * args.layers
    if (args.bodies or args.per_rank) % per_slab:
        sys.exit(f"weak_scaling.py: --per-rank and --bodies must be multiples of {per_slab} (20 × layers)")
    print("| ranks | bodies | steps | Newton its | wall (s) | CPU (s) | CPU per body and step (ms) | "
          "CPU per body and iteration (µs) | efficiency | rank 0 peak resident (MB) | "
          "largest rank's peak resident (MB) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    first = None
    for ranks in [int(r) for r in args.ranks.split(",")]:
        folder = os.path.join(args.outdir, f"ranks_{ranks}")
        bodies = args.bodies or ranks * args.per_rank
        deck = write_bed(folder, bodies // per_slab, args.layers, args.steps)
        wall, cpu, summary = timed_run(args.mpiexec, ranks, args.polydem, deck, os.path.join(folder, "run"))
        bodies, totals = len(summary["bodies"]), summary["totals"]
        per_step = 1e3 * cpu / (bodies * max(totals["accepted_steps"], 1))
        per_iteration = 1e6 * cpu / (bodies * max(totals["newton_iterations"], 1))
        first = first or per_step
        memory = summary["memory"]["peak_resident_bytes"] / 2**20
        rank_peak = largest_rank_peak(os.path.join(folder, "run"))
        largest = rank_peak / 2**20 if rank_peak else memory
        print(f"| {ranks} | {bodies} | {totals['accepted_steps']} | {totals['newton_iterations']} | "
              f"{wall:.1f} | {cpu:.1f} | {per_step:.3f} | {per_iteration:.1f} | {first / per_step:.2f} | "
              f"{memory:.0f} | {largest:.0f} |", flush=True)


if __name__ == "__main__":
    main()

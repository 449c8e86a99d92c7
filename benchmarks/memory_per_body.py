#!/usr/bin/env python3
"""Memory per body and per contact in a settled pack (issue 29: at most 2 KiB per body and
1 KiB per active contact, the process's and its libraries' one-off cost aside).

usage: benchmarks/memory_per_body.py POLYDEM OUTDIR [--lengths 10,40] [--steps 3] [--vtk]

Runs weak_scaling.py's bed of touching cubes (5 layers, 20 cubes deep, every cube pressing
on those below from the first step: about 13 pointwise contacts per cube) at two lengths,
one thread, the serial default solver, one after the other. Each run goes under heaptrack
where it is installed (its peak heap), and summary.json gives the peak resident memory and
the contacts at the end. The difference between the two beds, over the difference in
bodies, is the cost of a body with its share of the contacts (one-off costs cancel);
the last column sets it against the target for the bed's contacts per body. `--vtk` adds
the bodies' and contacts' VTK output at the last step (a sample keeps each contact's record).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402
import weak_scaling  # noqa: E402

LAYERS = 5


def bed_deck(folder, length, steps, vtk):
    """weak_scaling.py's bed with the serial default solver (and VTK output when asked)."""
    deck = weak_scaling.write_bed(folder, length, LAYERS, steps)
    with open(deck) as f:
        text = f.read().replace("    linear_solver: petsc\n", "")
    if vtk:
        text = text.replace("vtk: false, surfaces: false", "vtk: true, surfaces: true")
    with open(deck, "w") as f:
        f.write(text)
    return deck


def peak_heap_bytes(heaptrack_file):
    """heaptrack_print's 'peak heap memory consumption', in bytes."""
    text = subprocess.run(["heaptrack_print", heaptrack_file], capture_output=True,
                          text=True).stdout
    match = re.search(r"peak heap memory consumption: ([0-9.]+)([KMG]?)", text)
    if not match:
        sys.exit(f"memory_per_body.py: no peak heap in heaptrack_print {heaptrack_file}")
    scale = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[match.group(2)]
    return float(match.group(1)) * scale


def measure(polydem, outdir, length, steps, vtk, heaptrack):
    """(bodies, contacts, peak heap or None, peak resident, summary.json's memory) of the bed
    `length` cubes long."""
    folder = os.path.join(outdir, f"bed_{length}")
    deck = bed_deck(folder, length, steps, vtk)
    out = os.path.join(folder, "run")
    command = [polydem, "run", deck, "--out", out, "--quiet", "--threads", "1"]
    profile = os.path.join(folder, "heaptrack")
    if heaptrack:
        # polydem re-executes itself to set its thread wait unless the policy is set.
        os.environ.setdefault("OMP_WAIT_POLICY", "passive")
        command = ["heaptrack", "-o", profile] + command
    _, _, summary = timed_runs.timed_run(command, out, deck)
    heap = peak_heap_bytes(profile + ".zst") if heaptrack else None
    memory = summary["memory"]
    bodies = len(summary["bodies"])
    return bodies, memory["contact_histories_at_end"], heap, memory["peak_resident_bytes"], memory


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("polydem")
    parser.add_argument("outdir")
    parser.add_argument("--lengths", default="10,40")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--vtk", action="store_true")
    args = parser.parse_args()
    heaptrack = shutil.which("heaptrack") is not None and shutil.which("heaptrack_print")
    small, large = (int(n) for n in args.lengths.split(","))
    rows = [measure(args.polydem, args.outdir, n, args.steps, args.vtk, heaptrack)
            for n in (small, large)]
    print("| bodies | contacts | peak heap (MB) | peak resident (MB) |")
    print("| ---: | ---: | ---: | ---: |")
    for bodies, contacts, heap, resident, _ in rows:
        heap_text = f"{heap / 1e6:.1f}" if heap is not None else "—"
        print(f"| {bodies} | {contacts} | {heap_text} | {resident / 1e6:.1f} |")
    (b0, c0, h0, r0, _), (b1, c1, h1, r1, memory) = rows
    bodies, contacts = b1 - b0, c1 - c0
    target = 2048 + 1024 * contacts / bodies
    print()
    print(f"per body, with its {contacts / bodies:.1f} contacts: target {target / 1e3:.1f} kB")
    if h0 is not None:
        print(f"  peak heap: {(h1 - h0) / bodies / 1e3:.1f} kB "
              f"({(h1 - h0) / bodies / target:.1f} x the target)")
    print(f"  peak resident: {(r1 - r0) / bodies / 1e3:.1f} kB "
          f"({(r1 - r0) / bodies / target:.1f} x the target)")
    print_structures(memory, c1)


def print_structures(memory, contacts):
    """The larger bed's structures at their largest (summary.json), per active contact."""
    structures = dict(memory["largest_structures_bytes"])
    structures["tangent"] = memory["largest_tangent_bytes"]
    print()
    print("the larger bed's structures at their largest (summary.json):")
    for name, size in sorted(structures.items(), key=lambda item: -item[1]):
        print(f"  {name:18} {size / 1e6:7.1f} MB  {size / max(contacts, 1):6.0f} B per contact")


if __name__ == "__main__":
    main()

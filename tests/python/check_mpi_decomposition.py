#!/usr/bin/env python3
"""Domain decomposition: `mpirun -np 2 polydem run` of a contact deck with
linear_solver: petsc against the serial run of the same deck with SuiteSparse.

usage: check_mpi_decomposition.py MPIEXEC POLYDEM DECK WORKDIR [--end-time T1,T2,..] [--ranks N]
                                  [--solver YAML] [--min-partitions 2] [--energy-tests]
                                  [--without-vtk]

- DECK runs serially as written (--end-time, when given, replaces the steps'
  end_time values, one per step): the reference;
- with `linear_solver: petsc` (or --solver's value) added to every step it runs
  under MPIEXEC -np N (default 2), which splits the bodies among the ranks;
- summary.json agrees with the reference within 1e-8 relative to
  max(|value|, 1) (wall times and the deck path aside), counts exactly;
- every row of monitor.csv (energies, momenta, contact counts, reactions at
  every accepted step) agrees alike, and the output samples listed in
  results.pvd and contacts.pvd are the reference's;
- with --without-vtk, the deck with `vtk: false` in its `output: {...}`: no process then
  gathers every contact's record at the samples (no output reads them), and neither run
  writes results.pvd;
- decomposition.json shows the split really happened: N ranks, each owning
  bodies and seeing ghosts, and the owners repartitioned as the bodies moved
  (at least --min-partitions partitions, the first included).
- with --energy-tests, the deck again with the energy tests at their defaults
  (energy_gain_tolerance 1e-3, relative_energy_tolerance 5e-5 where the deck turns
  them off), serially and on N ranks: both complete, and their energy ledgers end
  within 1e-6 of the energy moved (the steps themselves may differ: the tests set
  Δt from a small difference of large energies).
Checkpoints on N ranks: check_mpi_restart.py.
"""
import argparse
import csv
import json
import os
import re
import sys

from check_mpi_run import TOLERANCE, differences, fail, run, with_step_keys

TIMEOUT = 240  # s per run


def with_end_times(deck_text, end_times):
    """Replaces the steps' end_time values in order by `end_times` (comma-separated)."""
    values = end_times.split(",")
    text, count = re.subn(r"^( +)end_time:.*$",
                          lambda m: f"{m.group(1)}end_time: {values.pop(0) if values else 'x'}",
                          deck_text, flags=re.MULTILINE)
    if count != len(end_times.split(",")):
        fail(f"the deck has {count} end_time lines, --end-time gives {end_times}")
    return text


def read_monitor(out):
    with open(os.path.join(out, "monitor.csv")) as f:
        rows = list(csv.reader(f))
    return rows[0], [[float(v) for v in row] for row in rows[1:]]


def monitor_differences(out, reference_out):
    header, rows = read_monitor(out)
    reference_header, reference = read_monitor(reference_out)
    if header != reference_header:
        return ["monitor.csv: columns differ"]
    if len(rows) != len(reference):
        return [f"monitor.csv: {len(rows)} rows vs {len(reference)}"]
    found = []
    for column, name in enumerate(header):
        scale = max([abs(r[column]) for r in reference] + [1.0])
        for k, (row, expected) in enumerate(zip(rows, reference)):
            if abs(row[column] - expected[column]) > TOLERANCE * scale:
                found.append(f"monitor.csv row {k + 1} {name}: {row[column]!r} vs {expected[column]!r}")
                break
    return found


def without_vtk(deck_text):
    """The deck with output.vtk off (its output mapping written `output: {...}`)."""
    text, count = re.subn(r"^output:\s*\{", "output: {vtk: false, ", deck_text, flags=re.MULTILINE)
    if count != 1:
        fail("--without-vtk needs the deck's output mapping as `output: {...}` on one line")
    return text


def samples(out, name):
    if not os.path.exists(os.path.join(out, name)):
        return None
    with open(os.path.join(out, name)) as f:
        return re.findall(r'timestep="([^"]*)"', f.read())


def check_decomposition(out, count, min_partitions):
    with open(os.path.join(out, "decomposition.json")) as f:
        report = json.load(f)
    ranks = report["per_rank"]
    if report["ranks"] != count or len(ranks) != count:
        fail(f"decomposition.json: {report['ranks']} ranks, expected {count}")
    for k, rank in enumerate(ranks):
        if rank["owned_bodies"] < 1 or rank["ghost_bodies_per_step"] <= 0:
            fail(f"decomposition.json: rank {k} owns {rank['owned_bodies']} bodies and sees "
                 f"{rank['ghost_bodies_per_step']} ghosts per step")
        # Each rank's own peak: at least the executable and its libraries, less than the
        # machine (a value in KiB or in pages taken for bytes would fall outside).
        if not 2**24 < rank["peak_resident_bytes"] < os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"):
            fail(f"decomposition.json: rank {k}'s peak resident memory {rank['peak_resident_bytes']} B")
    if report["repartitions"] < min_partitions:
        fail(f"decomposition.json: {report['repartitions']} partitions, expected at least {min_partitions}")
    return report


def with_energy_tests(deck_text):
    """The deck with the energy tests it turns off at their defaults."""
    text = re.sub(r"(energy_gain_tolerance:\s*)0\b(?![.e])", r"\g<1>1.0e-3", deck_text)
    return re.sub(r"(relative_energy_tolerance:\s*)0\b(?![.e])", r"\g<1>5.0e-5", text)


def check_energy_tests(args, deck_text, mpirun, label):
    text = with_energy_tests(deck_text)
    serial_deck = os.path.join(args.work, "serial_energy.yaml")
    petsc_deck = os.path.join(args.work, "petsc_energy.yaml")
    with open(serial_deck, "w") as f:
        f.write(text)
    with open(petsc_deck, "w") as f:
        f.write(with_step_keys(text, [f"linear_solver: {args.solver}"]))
    serial = run([args.polydem, "run", serial_deck], os.path.join(args.work, "serial_energy"),
                 "serial, energy tests on", TIMEOUT)
    ranks = run(mpirun + [args.polydem, "run", petsc_deck], os.path.join(args.work, "mpi_energy"),
                f"{label}, energy tests on", TIMEOUT)
    a, b = serial["energy"], ranks["energy"]
    if abs(a["balance_error"] - b["balance_error"]) > 1e-6 * max(a["moved"], 1.0):
        fail(f"{label}, energy tests on: balance error {b['balance_error']!r} against the serial "
             f"{a['balance_error']!r} (moved {a['moved']!r})")


def main():
    parser = argparse.ArgumentParser()
    for name in ("mpiexec", "polydem", "deck", "work"):
        parser.add_argument(name)
    parser.add_argument("--end-time")
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--solver", default="petsc")
    parser.add_argument("--min-partitions", type=int, default=2)
    parser.add_argument("--energy-tests", action="store_true")
    parser.add_argument("--without-vtk", action="store_true")
    args = parser.parse_args()
    polydem, work = args.polydem, args.work
    os.makedirs(work, exist_ok=True)
    with open(args.deck) as f:
        deck_text = f.read()
    if args.end_time:
        deck_text = with_end_times(deck_text, args.end_time)
    if args.without_vtk:
        deck_text = without_vtk(deck_text)
    serial_deck = os.path.join(work, "serial.yaml")
    petsc_deck = os.path.join(work, "petsc.yaml")
    with open(serial_deck, "w") as f:
        f.write(deck_text)
    with open(petsc_deck, "w") as f:
        f.write(with_step_keys(deck_text, [f"linear_solver: {args.solver}"]))

    serial_out = os.path.join(work, "serial_suitesparse")
    mpi_out = os.path.join(work, f"mpi{args.ranks}_petsc")
    reference = run([polydem, "run", serial_deck], serial_out, "serial SuiteSparse", TIMEOUT)
    mpirun = [args.mpiexec, "-np", str(args.ranks), "--allow-run-as-root", "--oversubscribe"]
    if args.ranks > (os.cpu_count() or 1):  # busy-waiting ranks would starve the one not running
        mpirun += ["--mca", "mpi_yield_when_idle", "1"]
    label = f"{args.ranks} ranks"
    found = differences(run(mpirun + [polydem, "run", petsc_deck], mpi_out, label, TIMEOUT), reference)
    found += monitor_differences(mpi_out, serial_out)
    for name in ("results.pvd", "contacts.pvd"):
        if samples(mpi_out, name) != samples(serial_out, name):
            found.append(f"{name}: the samples differ")
        if args.without_vtk and samples(mpi_out, name) is not None:
            found.append(f"{name} written with vtk: false")
    if found:
        fail(f"{label} differ from the serial run: " + "; ".join(found[:5]))
    report = check_decomposition(mpi_out, args.ranks, args.min_partitions)
    if args.energy_tests:
        check_energy_tests(args, deck_text, mpirun, label)
    owned = [int(r["owned_bodies"]) for r in report["per_rank"]]
    print(f"ok: {label} (owning {owned} bodies at the end, {report['repartitions']} partitions) "
          f"match the serial run within {TOLERANCE}")


if __name__ == "__main__":
    main()

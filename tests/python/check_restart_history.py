#!/usr/bin/env python3
"""A run restarted into its own folder keeps the whole run's history; restarted
into another folder, it says where the history before the checkpoint is.

usage: check_restart_history.py POLYDEM DECK WORKDIR CHECKPOINT_EVERY

The reference is the uninterrupted run ("full", with --checkpoint-every).
- killed: the same run, killed (SIGKILL) once its first checkpoint is written
  and its monitor log has grown past it, restarted from that checkpoint into
  the same folder;
- finished: a copy of the full folder, restarted from its last checkpoint into
  itself (the rows and samples after the checkpoint are there, to be dropped);
both must end with monitor.csv, newton.csv, every .pvd and every .vtu equal to
the full run's byte for byte, no *.part left and no note on stderr.
- new folder: restarted from a copy of the full run's checkpoint into an empty
  folder, and once more into the same folder (now another run's): one note on
  stderr naming the full run's folder; monitor.csv and newton.csv are the
  header and the full run's rows after the checkpoint, the .pvd files list the
  full run's samples after it, with the same .vtu bytes;
- changed: the killed run's folder, whose monitor.csv lost rows, is refused
  with exit 2 and left as it was;
- a checkpoint of a previous format ("polydem checkpoint 4") is refused with
  exit 2.
"""
import filecmp
import os
import shutil
import signal
import struct
import subprocess
import sys
import time

LOGS = ("monitor.csv", "newton.csv")


def logs(folder):
    """The logs of a run: bodies.csv too when its deck sets output.bodies."""
    return LOGS + (("bodies.csv",) if os.path.exists(os.path.join(folder, "bodies.csv")) else ())


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def pvds(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".pvd"))


def vtus(folder):
    return sorted(name for name in os.listdir(os.path.join(folder, "vtk")) if name.endswith(".vtu"))


def same_bytes(reference, folder, label):
    """monitor.csv, newton.csv, the .pvd and .vtu files of `folder` equal `reference`'s."""
    if pvds(folder) != pvds(reference) or not pvds(reference):
        fail(f"{label}: .pvd files {pvds(folder)}, the full run has {pvds(reference)}")
    for name in logs(reference) + tuple(pvds(reference)):
        if read(os.path.join(folder, name)) != read(os.path.join(reference, name)):
            fail(f"{label}: {name} differs from the full run's")
    if vtus(folder) != vtus(reference):
        fail(f"{label}: vtk/ holds {len(vtus(folder))} .vtu files, the full run {len(vtus(reference))}")
    match, mismatch, errors = filecmp.cmpfiles(os.path.join(reference, "vtk"), os.path.join(folder, "vtk"),
                                               vtus(reference), shallow=False)
    if mismatch or errors:
        fail(f"{label}: .vtu files differ from the full run's: {(mismatch + errors)[:5]}")
    parts = [name for name in os.listdir(folder) if name.endswith(".part")]
    if parts:
        fail(f"{label}: {parts} left behind")
    return len(match)


def size_of(path):
    try:
        return os.path.getsize(path)
    except FileNotFoundError:  # renamed by a run that finished
        return -1


def kill_after_first_checkpoint(polydem, deck, out, every):
    """Starts the run and SIGKILLs it once its first checkpoint exists and its monitor log has
    grown past it (rows the restart must drop); False if it ended first."""
    checkpoint, log = os.path.join(out, "checkpoint.bin"), os.path.join(out, "monitor.csv.part")
    process = subprocess.Popen([polydem, "run", deck, "--out", out, "--quiet", "--threads", "1",
                                "--checkpoint-every", every], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not os.path.exists(checkpoint) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    size = size_of(log)
    while process.poll() is None and time.monotonic() < deadline and size_of(log) == size:
        time.sleep(0.001)
    process.send_signal(signal.SIGKILL)
    process.wait()
    if not os.path.exists(checkpoint):
        fail(f"no checkpoint appeared (exit {process.returncode}): {process.stderr.read().decode()}")
    return process.returncode == -signal.SIGKILL


def restart(polydem, deck, checkpoint, out, every):
    return run([polydem, "run", deck, "--out", out, "--quiet", "--threads", "1",
                "--checkpoint-every", every, "--restart", checkpoint])


def check_same_folder(polydem, deck, work, full, every):
    killed = os.path.join(work, "killed")
    was_killed = kill_after_first_checkpoint(polydem, deck, killed, every)
    left = [os.path.join(killed, name) for name in ("monitor.csv.part", "monitor.csv")]
    rows_left = sum(len(read(path).splitlines()) - 1 for path in left if os.path.exists(path))
    samples_left = len(pvd_entries(os.path.join(killed, "results.pvd")))
    result = restart(polydem, deck, os.path.join(killed, "checkpoint.bin"), killed, every)
    if result.returncode != 0 or "note:" in result.stderr:
        fail(f"restart into the killed run's folder: exit {result.returncode}, stderr {result.stderr!r}")
    count = same_bytes(full, killed, "killed and restarted")
    print(f"ok: {'killed' if was_killed else 'finished (too fast to kill)'} run ({rows_left} monitor rows, "
          f"{samples_left} samples left) restarted into its folder equals the full run ({count} .vtu files)")

    finished = os.path.join(work, "finished")
    shutil.copytree(full, finished)
    result = restart(polydem, deck, os.path.join(finished, "checkpoint.bin"), finished, every)
    if result.returncode != 0 or "note:" in result.stderr:
        fail(f"restart into a finished run's folder: exit {result.returncode}, stderr {result.stderr!r}")
    same_bytes(full, finished, "finished and restarted")
    print("ok: a finished run restarted from its last checkpoint into its folder equals the full run")


def pvd_entries(path):
    return [line for line in read(path).decode().splitlines() if "<DataSet" in line]


def check_new_folder(polydem, deck, work, full, every):
    checkpoint = os.path.join(work, "copied_checkpoint.bin")
    shutil.copy(os.path.join(full, "checkpoint.bin"), checkpoint)
    fresh = os.path.join(work, "fresh")
    for attempt in ("first", "second"):
        check_restart_into_new_folder(polydem, deck, checkpoint, fresh, full, every, attempt)


def check_restart_into_new_folder(polydem, deck, checkpoint, fresh, full, every, attempt):
    result = restart(polydem, deck, checkpoint, fresh, every)
    notes = [line for line in result.stderr.splitlines() if line.startswith("polydem: note:")]
    if result.returncode != 0 or len(notes) != 1 or os.path.abspath(full) not in notes[0]:
        fail(f"restart into a new folder: exit {result.returncode}, stderr {result.stderr!r}; "
             f"expected one note naming {os.path.abspath(full)}")
    for name in logs(full):
        reference = read(os.path.join(full, name)).decode().splitlines(keepends=True)
        lines = read(os.path.join(fresh, name)).decode().splitlines(keepends=True)
        tail = len(lines) - 1
        if len(reference) == 1:  # a log the run writes no rows to (newton.csv of the convex step)
            if lines != reference:
                fail(f"new folder: {name} is not the full run's header alone")
            continue
        if lines[0] != reference[0] or not 0 < tail < len(reference) - 1 or lines[1:] != reference[-tail:]:
            fail(f"new folder: {name} is not the header and the full run's last rows")
    for name in pvds(full):
        entries, reference = pvd_entries(os.path.join(fresh, name)), pvd_entries(os.path.join(full, name))
        if not 0 < len(entries) < len(reference) or entries != reference[-len(entries):]:
            fail(f"new folder: {name} does not list the full run's samples after the checkpoint")
    for name in vtus(fresh):
        if read(os.path.join(fresh, "vtk", name)) != read(os.path.join(full, "vtk", name)):
            fail(f"new folder: vtk/{name} differs from the full run's")
    print(f"ok: restarted into a new folder ({attempt} time): {notes[0]}")


def check_refusals(polydem, deck, work):
    changed = os.path.join(work, "killed")  # its checkpoint.bin is its own run's
    monitor = os.path.join(changed, "monitor.csv")
    lines = read(monitor).splitlines(keepends=True)
    with open(monitor, "wb") as f:
        f.write(b"".join(lines[:2]))
    before = {name: read(os.path.join(changed, name)) for name in os.listdir(changed)
              if os.path.isfile(os.path.join(changed, name))}
    result = run([polydem, "run", deck, "--out", changed, "--quiet",
                  "--restart", os.path.join(changed, "checkpoint.bin")])
    if result.returncode != 2 or "cannot continue" not in result.stderr or "monitor.csv" not in result.stderr:
        fail(f"a changed monitor.csv: exit {result.returncode}, stderr {result.stderr!r}")
    after = {name: read(os.path.join(changed, name)) for name in os.listdir(changed)
             if os.path.isfile(os.path.join(changed, name))}
    if after != before:
        fail(f"a refused restart changed its folder: {sorted(set(after) ^ set(before))} "
             f"{[n for n in before if after.get(n) != before[n]]}")

    # The previous format, sealed as polydem seals (FNV-1a 64 of the bytes, little-endian).
    magic = b"polydem checkpoint 4"
    body = struct.pack("<q", len(magic)) + magic + struct.pack("<q", 0)
    seal = 14695981039346656037
    for byte in body:
        seal = ((seal ^ byte) * 1099511628211) % (1 << 64)
    old = os.path.join(work, "old.bin")
    with open(old, "wb") as f:
        f.write(body + struct.pack("<Q", seal))
    result = run([polydem, "run", deck, "--out", os.path.join(work, "old"), "--quiet", "--restart", old])
    if result.returncode != 2 or "not a checkpoint of this polydem version" not in result.stderr:
        fail(f"a version 4 checkpoint: exit {result.returncode}, stderr {result.stderr!r}")
    if os.path.exists(os.path.join(work, "old")):
        fail("a refused restart created its output folder")
    print("ok: a changed history and a checkpoint of the previous format are refused (exit 2)")


def main():
    polydem, deck, work, every = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    full = os.path.join(work, "full")
    result = run([polydem, "run", deck, "--out", full, "--quiet", "--threads", "1", "--checkpoint-every", every])
    if result.returncode != 0:
        fail(f"uninterrupted run exited {result.returncode}: {result.stderr}")
    check_same_folder(polydem, deck, work, full, every)
    check_new_folder(polydem, deck, work, full, every)
    check_refusals(polydem, deck, work)


if __name__ == "__main__":
    main()

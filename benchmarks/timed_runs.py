"""Runs of polydem timed for the benchmark scripts: wall seconds, the CPU seconds of the
process and its children (every MPI rank under mpirun), and the run's summary.json."""
import contextlib
import json
import os
import resource
import subprocess
import sys
import time


def mpirun(mpiexec, ranks):
    """The launcher's command for `ranks` ranks; ranks beyond the cores yield when idle,
    or the busy-waiting ones would starve those not running."""
    command = [mpiexec, "-np", str(ranks), "--allow-run-as-root", "--oversubscribe"]
    if ranks > (os.cpu_count() or 1):
        command += ["--mca", "mpi_yield_when_idle", "1"]
    return command


def timed_run(command, out, what):
    """Runs `command` (a polydem run writing to `out`); exits naming `what` unless the run
    completed (exit code 0 or 4)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode not in (0, 4):
        sys.exit(f"{os.path.basename(sys.argv[0])}: {what} exited {result.returncode}: {result.stderr}")
    with open(os.path.join(out, "summary.json")) as f:
        return wall, cpu, json.load(f)


@contextlib.contextmanager
def variant_deck(path, text):
    """`text` written as the deck `path` (beside the original, so that its relative paths
    keep working) for the duration of the block, removed afterwards."""
    with open(path, "w") as f:
        f.write(text)
    try:
        yield path
    finally:
        os.remove(path)

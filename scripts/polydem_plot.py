#!/usr/bin/env python3
"""Figures against time from a polydem run's monitor.csv.

usage: polydem_plot.py DIR        (or: polydem plot DIR, which runs this script)

Writes DIR/plots/<name>.png with matplotlib's Agg backend (no display):
  kinetic_energy.png     kinetic energy
  dt.png                 the accepted time steps (log scale)
  newton_iterations.png  Newton iterations per accepted step
  <column>.png           every further column whose name starts with
                         `contacts_` or `reaction_`, when monitor.csv has it
Each PNG is written under a temporary name in DIR/plots and renamed, so a
reader never sees half a file and an old figure stays whole until replaced.

Exit codes: 0 done; 2 DIR is not a directory, or monitor.csv is missing or
malformed; 4 this interpreter has no matplotlib (`polydem plot` then tries the
next interpreter); 1 anything else.
"""
import csv
import os
import sys
import tempfile

EXIT_BAD_INPUT = 2
EXIT_NO_MATPLOTLIB = 4
EXTRA_PREFIXES = ("contacts_", "reaction_")
# (column, file stem, y label, logarithmic y axis)
FIXED_FIGURES = [
    ("kinetic_energy", "kinetic_energy", "kinetic energy (J)", False),
    ("dt", "dt", "Δt (s)", True),
    ("newton_iterations", "newton_iterations", "Newton iterations per step", False),
]


class BadInput(Exception):
    pass


def read_monitor(path):
    """The columns of monitor.csv as {name: [float, ...]}, in file order."""
    with open(path, newline="") as f:
        rows = csv.reader(f)
        header = next(rows, None)
        if not header:
            raise BadInput(f"{path}: empty file, expected a header line")
        required = ["time"] + [column for column, _, _, _ in FIXED_FIGURES]
        missing = [name for name in required if name not in header]
        if missing:
            raise BadInput(f"{path}:1: missing column(s) {', '.join(missing)}")
        columns = {name: [] for name in header}
        for line, row in enumerate(rows, start=2):
            if len(row) != len(header):
                raise BadInput(f"{path}:{line}: {len(row)} values for {len(header)} columns")
            for name, text in zip(header, row):
                try:
                    columns[name].append(float(text))
                except ValueError:
                    raise BadInput(f"{path}:{line}: column '{name}': '{text}' is not a number")
    return columns


def figures_to_draw(columns):
    figures = list(FIXED_FIGURES)
    for name in columns:
        if name.startswith(EXTRA_PREFIXES):
            figures.append((name, name, name.replace("_", " "), False))
    return figures


def save_atomically(figure, path):
    directory = os.path.dirname(path)
    descriptor, temporary = tempfile.mkstemp(
        prefix="." + os.path.basename(path) + ".", suffix=".part", dir=directory)
    try:
        with os.fdopen(descriptor, "wb") as f:
            figure.savefig(f, format="png", dpi=100)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def draw(pyplot, columns, figures, plots_dir, title):
    written = []
    for column, stem, label, logarithmic in figures:
        figure, axes = pyplot.subplots(figsize=(7, 4))
        style = {"drawstyle": "steps-post"} if column == "newton_iterations" else {}
        axes.plot(columns["time"], columns[column], linewidth=1.2, **style)
        if logarithmic and any(v > 0 for v in columns[column]):
            axes.set_yscale("log")
        axes.set_xlabel("time (s)")
        axes.set_ylabel(label)
        axes.set_title(title)
        axes.grid(True, alpha=0.3)
        figure.tight_layout()
        path = os.path.join(plots_dir, stem + ".png")
        save_atomically(figure, path)
        pyplot.close(figure)
        written.append(path)
    return written


def main(argv):
    if len(argv) != 2:
        print("usage: polydem_plot.py DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    directory = argv[1]
    if not os.path.isdir(directory):
        print(f"polydem plot: error: {directory}: not a directory", file=sys.stderr)
        return EXIT_BAD_INPUT
    monitor = os.path.join(directory, "monitor.csv")
    if not os.path.isfile(monitor):
        hint = " (the run is still going: only monitor.csv.part exists)" \
            if os.path.exists(monitor + ".part") else " (is it the output directory of a run?)"
        print(f"polydem plot: error: {monitor}: no such file{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        columns = read_monitor(monitor)
    except BadInput as error:
        print(f"polydem plot: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as pyplot
    except ImportError:
        if sys.argv[0] != "-c":  # `polydem plot` runs us with -c and reports it after all tries
            print(f"polydem plot: {sys.executable} has no matplotlib "
                  "(Debian: apt-get install python3-matplotlib)", file=sys.stderr)
        return EXIT_NO_MATPLOTLIB

    plots_dir = os.path.join(directory, "plots")
    os.makedirs(plots_dir, exist_ok=True)
    title = os.path.basename(os.path.normpath(os.path.abspath(directory)))
    for path in draw(pyplot, columns, figures_to_draw(columns), plots_dir, title):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Figures of a polydem run: its monitor.csv against time, and one sample's configuration.

usage: polydem_plot.py DIR [SAMPLE]   (or: polydem plot DIR [--sample K], which runs this script)

Writes DIR/plots/<name>.png with matplotlib's Agg backend (no display):
  energy.png            the energy ledger (J): kinetic energy, potential energy
                        since the start, stored contact energy, external work,
                        dissipation by damping, friction and contact switching,
                        and the balance error; below it the balance error over
                        the energy the run moved, with checks.energy_drift
  kinetic_energy.png    kinetic energy (J) on a log scale: is the run at rest?
  steps.png             Δt (s, log scale), Newton iterations per step and
                        rejected steps so far
  contacts.png          active contacts, body-body and body-boundary
  reaction_<name>.png   one per boundary: its force on the bodies (N), with
                        the weight of the bodies (Σ m g) on a boundary that
                        carries it, and its moment about the origin (N·m);
                        one per fixed body: what its supports exert on it
  configuration.png     bodies and boundaries of one sample (the last one, or
                        SAMPLE), from surfaces.pvd when the run wrote it
contacts.png and the reaction figures need the contacts_* and reaction_* columns
(boundaries: a run with contact; fixed bodies: any run); every such column is
drawn. A run still going, or killed, has only monitor.csv.part: it is plotted
up to its last whole row, the output says so and so do the figures' titles.

The weight line: Σ m |g| over the bodies whose translation is neither fixed nor
prescribed, with the masses and gravity of summary.json (a finished run), else
the masses of the last results.pvd sample and the gravity of deck.echo.yaml. It
is drawn on a boundary whose force against gravity reaches a quarter of it.

Each PNG is written under a temporary name in DIR/plots and renamed, so a
reader never sees half a file and an old figure stays whole until replaced.

Exit codes: 0 done; 2 DIR is not a directory, or has neither monitor.csv nor
monitor.csv.part, or it is malformed; 4 this interpreter has no matplotlib
(`polydem plot` then tries the next interpreter); 1 anything else.
"""
import base64
import csv
import json
import math
import os
import re
import struct
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

EXIT_BAD_INPUT = 2
EXIT_NO_MATPLOTLIB = 4
REQUIRED_COLUMNS = ["time", "dt", "newton_iterations", "kinetic_energy"]
REACTION_COLUMN = re.compile(r"^reaction_(.+)_(x|y|z|mx|my|mz)$")
FORCE_AXES = ("x", "y", "z")
MOMENT_AXES = ("mx", "my", "mz")
# A boundary carries the weight when its force against gravity reaches this share of it.
CARRIES_WEIGHT = 0.25


class BadInput(Exception):
    pass


class Run:
    """What the figures are drawn from: the monitor's columns and the run's other files."""

    def __init__(self, directory):
        self.directory = directory
        self.name = os.path.basename(os.path.normpath(os.path.abspath(directory)))
        final = os.path.join(directory, "monitor.csv")
        self.partial = not os.path.isfile(final)
        self.monitor = final + ".part" if self.partial else final
        if self.partial and not os.path.isfile(self.monitor):
            raise BadInput(f"{final}: no such file, nor monitor.csv.part "
                           "(is it the output directory of a run?)")
        self.columns, self.dropped_row = read_monitor(self.monitor, self.partial)
        # An old summary.json may sit beside the .part of a new run: only a finished run's counts.
        self.summary = None if self.partial else read_json(os.path.join(directory, "summary.json"))
        self.echo = read_text(os.path.join(directory, "deck.echo.yaml"))
        self.title = self.name
        if self.partial:
            self.title += f" (unfinished: monitor.csv.part, t ≤ {self.columns['time'][-1]:.4g} s)"

    def column(self, name):
        return self.columns.get(name)


def read_text(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_monitor(path, partial):
    """The columns of monitor.csv as {name: [float, ...]}, in file order, and whether the last
    row was left out: a run still writing monitor.csv.part may have written half of it."""
    with open(path, newline="") as f:
        text = f.read()
    dropped = False
    if partial and text and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
        dropped = True
    rows = csv.reader(text.splitlines())
    header = next(rows, None)
    if not header:
        raise BadInput(f"{path}: empty file, expected a header line"
                       + (" (the run writes it in batches of rows)" if partial else ""))
    missing = [name for name in REQUIRED_COLUMNS if name not in header]
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
    if not columns["time"]:
        raise BadInput(f"{path}: no rows yet, only the header")
    return columns, dropped


# --- what the deck echo and the other files say ---------------------------------------------

def echo_vector(echo, key):
    """A top-level `key: [a, b, c]` of deck.echo.yaml, or None."""
    match = re.search(r"^" + re.escape(key) + r":\s*\[([^\]]*)\]", echo, re.MULTILINE)
    try:
        return [float(x) for x in match.group(1).split(",")] if match else None
    except ValueError:
        return None


def echo_block(echo, key):
    """The lines of a top-level block `key:` of deck.echo.yaml."""
    match = re.search(r"^" + re.escape(key) + r":[ \t]*\n((?:[ \t-].*\n?)*)", echo, re.MULTILINE)
    return match.group(1) if match else ""


def energy_drift_limit(echo):
    match = re.search(r"^\s+energy_drift:\s*(\S+)", echo_block(echo, "checks"), re.MULTILINE)
    try:
        return float(match.group(1)) if match else 0.0
    except ValueError:
        return 0.0


def phases(echo):
    """(name, end_time) of the deck's steps, in order."""
    found, name = [], None
    for line in echo_block(echo, "steps").splitlines():
        named = re.match(r"^  - name:\s*(.*?)\s*$", line)
        if named:
            name = named.group(1)
        ends = re.match(r"^    end_time:\s*(\S+)", line)
        if ends and name is not None:
            try:
                found.append((name, float(ends.group(1))))
            except ValueError:
                pass
            name = None
    return found


def last_dataset(directory, collection):
    """The file of the last DataSet of a PVD collection in DIR, or None."""
    try:
        root = ElementTree.parse(os.path.join(directory, collection)).getroot()
    except (OSError, ElementTree.ParseError):
        return None
    datasets = root.findall("./Collection/DataSet")
    return os.path.join(directory, datasets[-1].get("file")) if datasets else None


def fixed_body_names(run):
    """The bodies whose reactions monitor.csv has (their supports'): those of summary.json
    whose translation is held, when it says."""
    bodies = (run.summary or {}).get("bodies") or []
    return {b["name"] for b in bodies if b.get("translation_held", False)}


def weight(run):
    """(Σ m |g| over the bodies whose translation is free, gravity, their count, where the
    masses come from), or None when the run's files do not say."""
    gravity, masses = None, None
    bodies = (run.summary or {}).get("bodies")
    if run.summary and "gravity" in run.summary and bodies and all("mass" in b for b in bodies):
        gravity = run.summary["gravity"]
        masses = [b["mass"] for b in bodies if not b.get("translation_held", False)]
        source = "summary.json"
    else:
        gravity = echo_vector(run.echo, "gravity")
        path = last_dataset(run.directory, "results.pvd")
        try:
            arrays = read_point_arrays(path) if path and gravity else {}
        except (OSError, ElementTree.ParseError, KeyError, ValueError, struct.error):
            arrays = {}
        if "mass" in arrays and "point_kind" in arrays:
            held = arrays.get("translation_held", [0.0] * len(arrays["mass"]))
            masses = [m for m, kind, h in zip(arrays["mass"], arrays["point_kind"], held)
                      if kind == 0 and h == 0]
            source = os.path.relpath(path, run.directory)
    if masses is None or not gravity:
        return None
    g = math.sqrt(sum(x * x for x in gravity))
    if g == 0 or not masses:
        return None
    return sum(masses) * g, gravity, len(masses), source


# --- figures against time ---------------------------------------------------------------------

def finite(values):
    return [v if math.isfinite(v) else math.nan for v in values]


def positive(values):
    """For a log axis: values that are not positive are left out (drawn as gaps)."""
    return [v if v > 0 and math.isfinite(v) else math.nan for v in values]


def mark_phases(axes, run):
    """Dotted lines where one of the deck's steps ends and the next begins."""
    time = run.columns["time"]
    marks = phases(run.echo)[:-1]
    for name, end in marks:
        if time[0] <= end <= time[-1]:
            axes.axvline(end, color="0.5", linestyle=":", linewidth=0.9)
            axes.annotate(f"end of {name}", (end, 1.0), xycoords=("data", "axes fraction"),
                          xytext=(2, -2), textcoords="offset points", fontsize=7,
                          color="0.35", rotation=90, ha="left", va="top")


def finish_axes(axes, run, ylabel, legend=True):
    axes.set_ylabel(ylabel)
    axes.grid(True, alpha=0.3)
    mark_phases(axes, run)
    if legend and axes.get_legend_handles_labels()[0]:
        # "best" looks at every point drawn: seconds per legend for a long run.
        axes.legend(fontsize=8, loc="best" if len(run.columns["time"]) < 20000 else "upper right")


def new_figure(pyplot, run, rows, what, height=None):
    figure, axes = pyplot.subplots(rows, 1, sharex=True, squeeze=False,
                                   figsize=(9, height or 3.2 + 2.6 * rows))
    axes = [row[0] for row in axes]
    figure.suptitle(f"{run.title}: {what}", fontsize=11)
    axes[-1].set_xlabel("time (s)")
    return figure, axes


LEDGER = [  # column, label
    ("kinetic_energy", "kinetic energy T"),
    ("potential_energy", "potential energy V − V(start)"),
    ("contact_energy", "stored in contacts"),
    ("external_work", "external work W"),
    ("damping_dissipation", "dissipated by contact damping"),
    ("friction_dissipation", "dissipated by friction"),
    ("contact_switching_energy", "contact switching energy"),
    ("integrator_dissipation", "dissipated by the integrator (convex step)"),
]


def energy_figure(pyplot, run):
    time, c = run.columns["time"], run.columns
    figure, (ledger, relative) = new_figure(pyplot, run, 2, "energy ledger", height=8.5)
    for column, label in LEDGER:
        if column not in c:
            continue
        values = c[column]
        if column == "potential_energy":
            values = [v - values[0] for v in values]
        ledger.plot(time, values, linewidth=1.2, label=label, gid=column)
    if "energy_balance_error" in c:
        error = c["energy_balance_error"]
        label = "balance error Δ(T + V + stored) − W + dissipated"
    elif "total_energy" in c:
        error = [v - c["total_energy"][0] for v in c["total_energy"]]
        label = "balance error Δ(T + V) − W"
    else:
        error = None
    if error is not None:
        ledger.plot(time, error, color="black", linewidth=1.4, linestyle="--", label=label,
                    gid="energy_balance_error")
    finish_axes(ledger, run, "energy (J)")

    moved = ((run.summary or {}).get("energy") or {}).get("moved")
    if error is not None:
        if moved:
            denominators = [moved] * len(time)
            what = f"the energy the run moved ({moved:.4g} J, summary.json)"
        else:  # the largest T + stored + |ΔV| + |W| so far
            zeros = [0.0] * len(time)
            stored = c.get("contact_energy", zeros)
            potential = c.get("potential_energy", zeros)
            work = c.get("external_work", zeros)
            denominators, largest = [], 0.0
            for k in range(len(time)):
                largest = max(largest, c["kinetic_energy"][k] + abs(stored[k])
                              + abs(potential[k] - potential[0]) + abs(work[k]))
                denominators.append(largest)
            what = "the energy moved so far (largest T + stored + |ΔV| + |W|)"
        ratio = [abs(e) / d if d > 0 else math.nan for e, d in zip(error, denominators)]
        relative.plot(time, positive(ratio), color="black", linewidth=1.2,
                      label=f"|balance error| / {what}", gid="relative_balance_error")
        limit = energy_drift_limit(run.echo)
        if limit > 0:
            relative.axhline(limit, color="tab:red", linestyle="--", linewidth=1.0,
                             label=f"checks.energy_drift = {limit:g} (the run warns above it)")
        if any(v > 0 for v in ratio if math.isfinite(v)):
            relative.set_yscale("log")
    finish_axes(relative, run, "relative balance error (–)")
    return figure


def kinetic_energy_figure(pyplot, run):
    time, kinetic = run.columns["time"], run.columns["kinetic_energy"]
    figure, (axes,) = new_figure(pyplot, run, 1, "kinetic energy", height=4.6)
    zeros = sum(1 for v in kinetic if not v > 0)
    label = f"kinetic energy T (last: {kinetic[-1]:.3g} J)"
    if zeros:
        label += f"; {zeros} row(s) with T = 0 left out"
    axes.plot(time, positive(kinetic), linewidth=1.2, label=label, gid="kinetic_energy")
    if any(v > 0 for v in kinetic):
        axes.set_yscale("log")
    finish_axes(axes, run, "kinetic energy (J)")
    return figure


def steps_figure(pyplot, run):
    time, c = run.columns["time"], run.columns
    rows = 3 if "rejected_steps" in c else 2
    figure, axes = new_figure(pyplot, run, rows, "time steps and Newton iterations", height=8.5)
    axes[0].plot(time, positive(c["dt"]), drawstyle="steps-pre", linewidth=1.1,
                 label="accepted Δt", gid="dt")
    if "explicit_critical_step" in c and any(math.isfinite(v) for v in c["explicit_critical_step"]):
        axes[0].plot(time, positive(c["explicit_critical_step"]), linewidth=0.9,
                     linestyle="--", color="tab:gray",
                     label="critical step of central differences at the active contacts")
    if any(v > 0 for v in c["dt"]):
        axes[0].set_yscale("log")
    finish_axes(axes[0], run, "Δt (s)")
    iterations = c["newton_iterations"]
    mean = sum(iterations) / len(iterations)
    axes[1].plot(time, iterations, drawstyle="steps-pre", linewidth=1.0,
                 label=f"Newton iterations of the step (mean {mean:.2f})", gid="newton_iterations")
    finish_axes(axes[1], run, "iterations per step")
    if rows == 3:
        rejected = c["rejected_steps"]
        axes[2].plot(time, rejected, drawstyle="steps-pre", linewidth=1.1, color="tab:red",
                     label=f"rejected attempts so far ({rejected[-1]:g})", gid="rejected_steps")
        finish_axes(axes[2], run, "rejected steps")
    return figure


def contacts_figure(pyplot, run):
    names = [n for n in run.columns if n.startswith("contacts_")]
    if not names:
        return None
    figure, (axes,) = new_figure(pyplot, run, 1, "active contacts", height=4.6)
    for name in names:
        axes.plot(run.columns["time"], run.columns[name], drawstyle="steps-pre", linewidth=1.1,
                  label=name[len("contacts_"):].replace("_", "–"), gid=name)
    finish_axes(axes, run, "active contacts")
    return figure


def reaction_groups(columns):
    """{boundary: {component: column}} in column order; a reaction_ column that does not end in
    _x, _y, _z, _mx, _my or _mz is a group of its own, its component the whole name."""
    groups = {}
    for name in columns:
        if not name.startswith("reaction_"):
            continue
        match = REACTION_COLUMN.match(name)
        boundary, component = match.groups() if match else (name[len("reaction_"):], name)
        groups.setdefault(boundary, {})[component] = name
    return groups


def file_stem(name):
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def carries_weight(run, components, load):
    """Whether the boundary's force against gravity reaches CARRIES_WEIGHT of the weight."""
    total, gravity = load[0], load[1]
    g = math.sqrt(sum(x * x for x in gravity))
    up = [-x / g for x in gravity]
    rows = len(run.columns["time"])
    against = [0.0] * rows
    for k, axis in enumerate(FORCE_AXES):
        if axis in components:
            values = run.columns[components[axis]]
            against = [a + up[k] * v for a, v in zip(against, values)]
    return against, max(against) >= CARRIES_WEIGHT * total


def time_weighted_quantile(values, steps, share):
    """The value below which the series stays for `share` of the time (each row weighs its Δt)."""
    import numpy
    values, steps = numpy.asarray(values, dtype=float), numpy.asarray(steps, dtype=float)
    keep = numpy.isfinite(values)
    values, steps = values[keep], steps[keep]
    if not len(values):
        return 0.0
    order = numpy.argsort(values, kind="stable")
    reached = numpy.cumsum(steps[order])
    k = min(int(numpy.searchsorted(reached, share * reached[-1])), len(values) - 1)
    return float(values[order][k])


def limit_to_most_of_the_time(axes, run, series, unit, keep=()):
    """Impacts last a few short steps but can be a hundred times the forces in between: when
    they would squash the rest, the y axis shows what the series do 98 % of the time (and the
    values in `keep`), and a note says how far the peaks go."""
    import numpy
    steps = run.columns["dt"]
    values = numpy.concatenate([numpy.asarray(s, dtype=float) for s in series])
    values = values[numpy.isfinite(values)]
    if not len(values):
        return
    low = min(time_weighted_quantile(s, steps, 0.01) for s in series)
    high = max(time_weighted_quantile(s, steps, 0.99) for s in series)
    low, high = min([low, 0.0, *keep]), max([high, 0.0, *keep])
    margin = 0.15 * (high - low) or 1.0
    low, high = low - margin, high + margin
    smallest, largest = float(values.min()), float(values.max())
    if largest - smallest <= 3 * (high - low):
        return
    axes.set_ylim(low, high)
    cut = [f"{v:.3g} {unit}" for v, out in ((smallest, smallest < low), (largest, largest > high))
           if out]
    axes.text(0.01, 0.02, "peaks cut off (impacts): " + " and ".join(cut), fontsize=7,
              color="0.3", transform=axes.transAxes, ha="left", va="bottom",
              bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none", "pad": 1})


def reaction_figure(pyplot, run, boundary, components, load):
    forces = [(c, n) for c, n in components.items() if c not in MOMENT_AXES]
    moments = [(c, n) for c, n in components.items() if c in MOMENT_AXES]
    rows = (1 if forces else 0) + (1 if moments else 0)
    title = (f"reaction of the supports of fixed body '{boundary}'" if load is None and
             boundary in fixed_body_names(run) else f"reaction of boundary '{boundary}' on the bodies")
    figure, axes = new_figure(pyplot, run, rows, title, height=7.5)
    time = run.columns["time"]
    if forces:
        panel = axes[0]
        for component, name in forces:
            label = f"F{component}" if component in FORCE_AXES else name
            panel.plot(time, finite(run.columns[name]), linewidth=1.1, label=label, gid=name)
        series = [run.columns[name] for _, name in forces]
        keep = []
        if load is not None:
            total, gravity, count, source = load
            against, carries = carries_weight(run, components, load)
            if carries:
                if sum(1 for x in gravity if x != 0) > 1:  # not along an axis: show F·(−ĝ)
                    panel.plot(time, against, linewidth=1.1, linestyle="-.",
                               label="F against gravity, F·(−g/|g|)", gid="against_gravity")
                    series.append(against)
                panel.axhline(total, color="black", linestyle="--", linewidth=1.0, gid="weight",
                              label=f"weight of the {count} free bodies, Σ m g = {total:.4g} N "
                                    f"({source})")
                keep.append(total)
        limit_to_most_of_the_time(panel, run, series, "N", keep)
        finish_axes(panel, run, "force (N)")
    if moments:
        panel = axes[-1]
        for component, name in moments:
            panel.plot(time, finite(run.columns[name]), linewidth=1.1,
                       label=f"M{component[1]}", gid=name)
        limit_to_most_of_the_time(panel, run, [run.columns[name] for _, name in moments], "N·m")
        finish_axes(panel, run, "moment about the origin (N·m)")
    return figure


def time_figures(pyplot, run):
    """[(file stem, figure)] of everything plotted against time."""
    figures = [("energy", energy_figure(pyplot, run)),
               ("kinetic_energy", kinetic_energy_figure(pyplot, run)),
               ("steps", steps_figure(pyplot, run))]
    contacts = contacts_figure(pyplot, run)
    if contacts is not None:
        figures.append(("contacts", contacts))
    groups = reaction_groups(run.columns)
    load = weight(run) if groups else None
    fixed = fixed_body_names(run)
    for boundary, components in groups.items():
        # A fixed body's supports carry its own weight too: no line of the free bodies' weight.
        figures.append(("reaction_" + file_stem(boundary),
                        reaction_figure(pyplot, run, boundary, components,
                                        None if boundary in fixed else load)))
    for _, figure in figures:
        figure.tight_layout()
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


# --- the configuration picture ----------------------------------------------------------------

def decode_array(element):
    """A binary DataArray of polydem's VTU files: base64 of a UInt64 byte count and the values."""
    raw = base64.b64decode("".join(element.text.split()))
    (size,) = struct.unpack_from("<Q", raw, 0)
    kind = {"Float64": "d", "Int64": "q", "UInt8": "B"}[element.get("type")]
    count = size // struct.calcsize(kind)
    return struct.unpack_from("<%d%s" % (count, kind), raw, 8)


def read_point_arrays(path):
    """The one-component point arrays of a VTU file, by name."""
    piece = ElementTree.parse(path).getroot().find("./UnstructuredGrid/Piece")
    point_data = piece.find("./PointData")
    return {a.get("Name"): decode_array(a) for a in point_data.findall("DataArray")
            if a.get("NumberOfComponents", "1") == "1"} if point_data is not None else {}


def read_surfaces(path):
    """Points, triangles and the owning body of each triangle of a surfaces VTU
    (a boundary k owns its triangles as body -1 - k)."""
    root = ElementTree.parse(path).getroot()
    piece = root.find("./UnstructuredGrid/Piece")
    flat = decode_array(piece.find("./Points/DataArray"))
    points = [flat[i:i + 3] for i in range(0, len(flat), 3)]
    cells = {a.get("Name"): a for a in piece.find("./Cells").findall("DataArray")}
    connectivity = decode_array(cells["connectivity"])
    triangles = [connectivity[i:i + 3] for i in range(0, len(connectivity), 3)]
    owners = decode_array(piece.find("./CellData/DataArray[@Name='body']"))
    return points, triangles, owners


def clip_to_box(polygon, low, high):
    """Sutherland–Hodgman clipping of a 3D polygon to an axis-aligned box, so that a
    boundary much larger than the bodies (a ground plane) is drawn only where they are."""
    for axis in range(3):
        for bound, inside in ((low[axis], lambda p, b, a=axis: p[a] >= b), (high[axis], lambda p, b, a=axis: p[a] <= b)):
            clipped = []
            for i, current in enumerate(polygon):
                previous = polygon[i - 1]
                if inside(current, bound) != inside(previous, bound):
                    t = (bound - previous[axis]) / (current[axis] - previous[axis])
                    clipped.append(tuple(previous[k] + t * (current[k] - previous[k]) for k in range(3)))
                if inside(current, bound):
                    clipped.append(current)
            polygon = clipped
            if not polygon:
                return polygon
    return polygon


def shaded(colour, triangle, light=(0.4, -0.5, 0.77)):
    a, b, c = triangle
    u = [b[k] - a[k] for k in range(3)]
    v = [c[k] - a[k] for k in range(3)]
    n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    length = sum(x * x for x in n) ** 0.5 or 1.0
    shade = 0.45 + 0.55 * abs(sum(n[k] * light[k] for k in range(3))) / length
    return tuple(shade * x for x in colour)


def configuration_figure(pyplot, run, sample=None):
    """The sample's surfaces, shaded by a fixed light: bodies coloured by body, the boundaries
    translucent grey behind them and named in the legend. None without surfaces.pvd samples;
    IndexError when there is no such sample."""
    try:
        collection = ElementTree.parse(os.path.join(run.directory, "surfaces.pvd")).getroot()
    except OSError:
        return None
    datasets = collection.findall("./Collection/DataSet")
    if not datasets:
        return None
    dataset = datasets[sample if sample is not None else -1]
    points, triangles, owners = read_surfaces(os.path.join(run.directory, dataset.get("file")))
    from matplotlib.patches import Patch
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    colormap = pyplot.get_cmap("tab20")
    bodies = [t for t, o in zip(triangles, owners) if o >= 0]
    used = [points[i] for t in (bodies or triangles) for i in t]
    low = [min(p[k] for p in used) for k in range(3)]
    high = [max(p[k] for p in used) for k in range(3)]
    # Boundaries are drawn within a quarter of the bodies' span around them: a wall beside
    # the bodies is in the picture, a ground plane a hundred times their size is cut to it.
    margin = 0.25 * (max(h - l for l, h in zip(low, high)) or 1.0)
    near_low, near_high = [x - margin for x in low], [x + margin for x in high]
    body_faces, body_colours, boundary_faces, boundary_colours = [], [], [], []
    shown_boundaries = set()
    for triangle, owner in zip(triangles, owners):
        corners = [points[i] for i in triangle]
        if owner >= 0:
            body_faces.append(corners)
            body_colours.append(shaded(colormap(int(owner) % 20)[:3], corners))
            continue
        polygon = clip_to_box(corners, near_low, near_high)
        if len(polygon) < 3:
            continue
        boundary_faces.append(polygon)
        boundary_colours.append(shaded((0.72, 0.72, 0.76), corners) + (0.35,))
        shown_boundaries.add(int(-1 - owner))
        used.extend(polygon)
    low = [min(p[k] for p in used) for k in range(3)]
    high = [max(p[k] for p in used) for k in range(3)]
    span = max(h - l for l, h in zip(low, high)) or 1.0
    view_low = [0.5 * (l + h) - 0.55 * span for l, h in zip(low, high)]
    view_high = [0.5 * (l + h) + 0.55 * span for l, h in zip(low, high)]
    figure = pyplot.figure(figsize=(8, 7))
    # Boundaries first and behind: a ground plane, sorted as one big polygon, would else be
    # drawn over the bodies standing on it.
    axes = figure.add_subplot(projection="3d", computed_zorder=False)
    boundaries = Poly3DCollection(boundary_faces, facecolors=boundary_colours,
                                  edgecolors=(0.4, 0.4, 0.45, 0.5), linewidths=0.3, zorder=1)
    boundaries.set_gid("boundaries")
    axes.add_collection3d(boundaries)
    solids = Poly3DCollection(body_faces, facecolors=body_colours, linewidths=0, zorder=2)
    solids.set_gid("bodies")
    axes.add_collection3d(solids)
    for k, setter in enumerate((axes.set_xlim, axes.set_ylim, axes.set_zlim)):
        setter(view_low[k], view_high[k])
    axes.set_box_aspect((1, 1, 1))
    axes.view_init(elev=22, azim=-60)
    axes.set_xlabel("x (m)")
    axes.set_ylabel("y (m)")
    axes.set_zlabel("z (m)")
    names = list(reaction_groups(run.columns))  # the boundaries, in the order surfaces numbers them
    if shown_boundaries:
        listed = [names[k] if k < len(names) else f"#{k}" for k in sorted(shown_boundaries)]
        axes.legend(handles=[Patch(facecolor=(0.72, 0.72, 0.76, 0.6), edgecolor="0.4",
                                   label="boundaries: " + ", ".join(listed))],
                    loc="upper left", fontsize=8)
    count = len({o for o in owners if o >= 0})
    axes.set_title(f"{run.title}\n{count} bodies, t = {float(dataset.get('timestep')):.4g} s "
                   f"(sample {datasets.index(dataset)} of {len(datasets)})", fontsize=10)
    return figure


# --- the command ------------------------------------------------------------------------------

# Figures an earlier `polydem plot` may have left (one per column) that this one does not write.
REPLACED_FIGURES = re.compile(r"^(dt|newton_iterations|contacts|contacts_.+|reaction_.+)\.png$")


def remove_replaced_figures(plots_dir, written):
    removed = []
    for name in sorted(os.listdir(plots_dir)):
        if REPLACED_FIGURES.match(name) and os.path.join(plots_dir, name) not in written:
            os.unlink(os.path.join(plots_dir, name))
            removed.append(name)
    return removed


def main(argv):
    if len(argv) not in (2, 3):
        print("usage: polydem_plot.py DIR [SAMPLE]", file=sys.stderr)
        return EXIT_BAD_INPUT
    sample = None
    if len(argv) == 3:
        try:
            sample = int(argv[2])
        except ValueError:
            print(f"polydem plot: error: sample '{argv[2]}' is not an integer", file=sys.stderr)
            return EXIT_BAD_INPUT
    directory = argv[1]
    if not os.path.isdir(directory):
        print(f"polydem plot: error: {directory}: not a directory", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        run = Run(directory)
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

    if run.partial:
        rows = len(run.columns["time"])
        cut = ", leaving out its last row, written only in part" if run.dropped_row else ""
        print(f"polydem plot: {run.monitor}: the run has not finished (it is still going, or "
              f"was stopped); plotting its {rows} rows up to t = {run.columns['time'][-1]:.6g} s"
              f"{cut}")
    if sample is not None:  # before anything is drawn
        try:
            samples = ElementTree.parse(os.path.join(directory, "surfaces.pvd")).getroot()
            count = len(samples.findall("./Collection/DataSet"))
        except (OSError, ElementTree.ParseError):
            count = None
        if count is not None and sample >= count:
            print(f"polydem plot: error: no sample {sample} in surfaces.pvd (it has {count})",
                  file=sys.stderr)
            return EXIT_BAD_INPUT
    plots_dir = os.path.join(directory, "plots")
    os.makedirs(plots_dir, exist_ok=True)
    written = []
    for stem, figure in time_figures(pyplot, run):
        path = os.path.join(plots_dir, stem + ".png")
        save_atomically(figure, path)
        pyplot.close(figure)
        print(path)
        written.append(path)
    removed = remove_replaced_figures(plots_dir, written)
    if removed:
        print(f"polydem plot: removed {len(removed)} figure(s) of an earlier plot that this one "
              f"does not draw: {', '.join(removed)}")
    try:
        figure = configuration_figure(pyplot, run, sample)
    except IndexError:
        print(f"polydem plot: error: no sample {sample} in surfaces.pvd", file=sys.stderr)
        return EXIT_BAD_INPUT
    if figure is not None:
        path = os.path.join(plots_dir, "configuration.png")
        save_atomically(figure, path)
        pyplot.close(figure)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

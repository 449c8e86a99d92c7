#!/usr/bin/env python3
"""Figures against time from a polydem run's monitor.csv.

usage: polydem_plot.py DIR [SAMPLE]   (or: polydem plot DIR [--sample K], which runs this script)

Writes DIR/plots/<name>.png with matplotlib's Agg backend (no display):
  kinetic_energy.png     kinetic energy
  dt.png                 the accepted time steps (log scale)
  newton_iterations.png  Newton iterations per accepted step
  <column>.png           every further column whose name starts with
                         `contacts_` or `reaction_`, when monitor.csv has it
  configuration.png      the bodies and boundaries of one sample (the last one,
                         or SAMPLE), drawn from surfaces.pvd when the run wrote it
Each PNG is written under a temporary name in DIR/plots and renamed, so a
reader never sees half a file and an old figure stays whole until replaced.

Exit codes: 0 done; 2 DIR is not a directory, or monitor.csv is missing or
malformed; 4 this interpreter has no matplotlib (`polydem plot` then tries the
next interpreter); 1 anything else.
"""
import base64
import csv
import os
import struct
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

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


def decode_array(element):
    """A binary DataArray of polydem's VTU files: base64 of a UInt64 byte count and the values."""
    raw = base64.b64decode("".join(element.text.split()))
    (size,) = struct.unpack_from("<Q", raw, 0)
    kind = {"Float64": "d", "Int64": "q", "UInt8": "B"}[element.get("type")]
    count = size // struct.calcsize(kind)
    return struct.unpack_from("<%d%s" % (count, kind), raw, 8)


def read_surfaces(path):
    """Points, triangles and the owning body of each triangle of a surfaces VTU."""
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


def render(pyplot, directory, plots_dir, sample, title):
    """configuration.png: the sample's surfaces, shaded by a fixed light, coloured by body."""
    collection = ElementTree.parse(os.path.join(directory, "surfaces.pvd")).getroot()
    datasets = collection.findall("./Collection/DataSet")
    if not datasets:
        return None
    dataset = datasets[sample if sample is not None else -1]
    points, triangles, owners = read_surfaces(os.path.join(directory, dataset.get("file")))
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    colormap = pyplot.get_cmap("tab20")
    light = (0.4, -0.5, 0.77)
    bodies = [t for t, o in zip(triangles, owners) if o >= 0]
    used = [points[i] for t in (bodies or triangles) for i in t]
    low = [min(p[k] for p in used) for k in range(3)]
    high = [max(p[k] for p in used) for k in range(3)]
    span = max(h - l for l, h in zip(low, high)) or 1.0
    view_low = [0.5 * (l + h) - 0.55 * span for l, h in zip(low, high)]
    view_high = [0.5 * (l + h) + 0.55 * span for l, h in zip(low, high)]
    faces, colours = [], []
    for triangle, owner in zip(triangles, owners):
        a, b, c = (points[i] for i in triangle)
        polygon = [a, b, c] if owner >= 0 else clip_to_box([a, b, c], view_low, view_high)
        if len(polygon) < 3:
            continue
        u = [b[k] - a[k] for k in range(3)]
        v = [c[k] - a[k] for k in range(3)]
        n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        length = sum(x * x for x in n) ** 0.5 or 1.0
        shade = 0.45 + 0.55 * abs(sum(n[k] * light[k] for k in range(3))) / length
        base = (0.75, 0.75, 0.75) if owner < 0 else colormap(int(owner) % 20)[:3]
        faces.append(polygon)
        colours.append(tuple(shade * x for x in base))
    figure = pyplot.figure(figsize=(8, 7))
    axes = figure.add_subplot(projection="3d")
    axes.add_collection3d(Poly3DCollection(faces, facecolors=colours, linewidths=0))
    for k, setter in enumerate((axes.set_xlim, axes.set_ylim, axes.set_zlim)):
        setter(view_low[k], view_high[k])
    axes.set_box_aspect((1, 1, 1))
    axes.view_init(elev=22, azim=-60)
    axes.set_xlabel("x (m)")
    axes.set_ylabel("y (m)")
    axes.set_zlabel("z (m)")
    axes.set_title(f"{title}, t = {float(dataset.get('timestep')):.4g} s")
    path = os.path.join(plots_dir, "configuration.png")
    save_atomically(figure, path)
    pyplot.close(figure)
    return path


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
    if os.path.exists(os.path.join(directory, "surfaces.pvd")):
        try:
            path = render(pyplot, directory, plots_dir, sample, title)
        except IndexError:
            print(f"polydem plot: error: no sample {sample} in surfaces.pvd", file=sys.stderr)
            return EXIT_BAD_INPUT
        if path:
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""End-to-end checks of `polydem plot DIR`.

usage: check_plot.py POLYDEM DECK WORKDIR   (run with a Python that has matplotlib)

- runs DECK (no contact), then `polydem plot` on its output with the default
  interpreter search: energy, kinetic_energy and steps PNGs, nothing else, are
  PNG files that matplotlib reads back, no temporary file is left in plots/;
- runs a deck of its own (two bodies settling on a ground, a fixed body, an
  untouched wall) and plots it: the figures above, contacts, one reaction
  figure per boundary and configuration; then, importing scripts/polydem_plot.py
  as a module (Agg backend), the figures' data against references computed
  here: the ground's weight line is Σ m g of the free bodies from the deck's
  sizes and densities (the wall has none, the fixed body is left out) and the
  ground's final force is that weight; the kinetic energy axis is logarithmic
  and a zero kinetic energy is left out; the energy ledger's curves are the
  monitor's columns (the potential energy relative to its start), its relative
  balance error ends at summary.json's balance_error / moved; Δt is on a log
  axis; the configuration draws both boundaries and names them, --sample 0
  shows t = 0 and --sample 9 (of 9) is refused;
- a copy whose monitor.csv has extra contacts_* and reaction_* columns draws
  them (contacts, reaction_<name>), and a second plot replaces the figures;
  figures of an earlier version (one PNG per column) are removed, others kept;
- a run killed mid-way (SIGKILL) has only monitor.csv.part: it is plotted, the
  output and the titles say so, and its weight line (masses of the last
  results.pvd sample) is the same Σ m g; with half a row appended, that row is
  left out and said so;
- `polydem plot --help` names every file the script's help names;
- a bad DIR, a DIR without monitor.csv(.part), a .part with no rows and a
  malformed monitor.csv exit 2 with a message; so does an interpreter that does
  not exist (no matplotlib).
"""
import csv
import importlib.util
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import matplotlib
matplotlib.use("Agg")
import matplotlib.image
import matplotlib.pyplot as pyplot

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                      "polydem_plot.py")
BASIC = ["energy", "kinetic_energy", "steps"]
WITH_CONTACT = BASIC + ["contacts", "reaction_ground", "reaction_wall", "reaction_anchor",
                        "configuration"]

GRAVITY = 9.81
# The free bodies of SETTLE_DECK: a 0.1 m cube at 2000 kg/m³ (with a massless rigid node, a
# second point of the body in the VTU samples), a 0.2 × 0.1 × 0.05 m slab at 1000 kg/m³; the
# fixed 0.1 m cube at 3000 kg/m³ does not count.
WEIGHT = (0.1 ** 3 * 2000 + 0.2 * 0.1 * 0.05 * 1000) * GRAVITY
SETTLE_DECK = """\
gravity: [0, 0, -9.81]
output: {interval: 0.05}
steps:
  - name: drop
    end_time: 0.15
    dt: {initial: 1.0e-4, min: 1.0e-8, max: 5.0e-3}
  - name: settle
    end_time: END
    dt: {initial: 1.0e-4, min: 1.0e-8, max: 5.0e-3}
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
  - {name: slab, geometry: {box: {size: [0.2, 0.1, 0.05]}}}
bodies:
  - {name: low, shape: cube, density: 2000, position: [0, 0, 0.052],
     rigid_nodes: [{name: mark, point: [0.05, 0, 0]}]}
  - {name: high, shape: slab, density: 1000, position: [0, 0, 0.13], rotation: [0, 0, 0.3]}
  - {name: anchor, shape: cube, density: 3000, position: [0.2, 0.2, 0.3], fixed: true}
boundaries:
  - {name: ground, surface: {plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 1, length_v: 1}}}
  - name: wall
    surface: {plane: {center: [-0.2, 0, 0.2], normal: [1, 0, 0], u_direction: [0, 1, 0],
                      length_u: 0.6, length_v: 0.4}}
contact:
  interactions:
    - group_a: default
      group_b: boundary
      normal: {skin: 0.001, stiffness: 1.0e9, exponent: 2}
      damping_ratio: 0.5
      friction: {static: 0.5, dynamic: 0.4, stiffness: 1.0e5, damping: 50}
    - group_a: default
      normal: {skin: 0.001, stiffness: 1.0e9, exponent: 2}
      damping_ratio: 0.5
      friction: {static: 0.5, dynamic: 0.4, stiffness: 1.0e5, damping: 50}
"""


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def close(a, b, tolerance=1e-12):
    return abs(a - b) <= tolerance * max(1.0, abs(a), abs(b))


def call(args, use_default_search=False):
    env = dict(os.environ)
    if use_default_search:
        env.pop("POLYDEM_PYTHON", None)
    else:
        env["POLYDEM_PYTHON"] = sys.executable  # the interpreter CMake found with matplotlib
    return subprocess.run(args, capture_output=True, text=True, timeout=240, env=env)


def plot(polydem, directory, use_default_search=False):
    result = call([polydem, "plot", directory], use_default_search)
    if result.returncode != 0:
        fail(f"plot {directory} exited {result.returncode}: {result.stderr}")
    return result


def check_pngs(plots, stems):
    """Exactly these figures, each a PNG that reads back with a sensible size."""
    found = sorted(name for name in os.listdir(plots) if name.endswith(".png"))
    if found != sorted(stem + ".png" for stem in stems):
        fail(f"{plots}: figures {found}, expected {sorted(s + '.png' for s in stems)}")
    for stem in stems:
        path = os.path.join(plots, stem + ".png")
        with open(path, "rb") as f:
            if f.read(8) != PNG_SIGNATURE:
                fail(f"{path} is not a PNG file")
        image = matplotlib.image.imread(path)
        if image.ndim != 3 or image.shape[0] < 300 or image.shape[1] < 300:
            fail(f"{path}: unexpected image shape {image.shape}")
        if image[..., :3].std() < 0.01:
            fail(f"{path}: the image is blank")
    leftovers = [name for name in os.listdir(plots) if name.startswith(".") or name.endswith(".part")]
    if leftovers:
        fail(f"temporary files left in {plots}: {leftovers}")


def read_monitor(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return {name: [float(row[k]) for row in rows[1:]] for k, name in enumerate(rows[0])}


def add_columns(source_dir, target_dir, extra):
    os.makedirs(target_dir, exist_ok=True)
    with open(os.path.join(source_dir, "monitor.csv"), newline="") as f:
        rows = list(csv.reader(f))
    rows[0] += list(extra)
    for k, row in enumerate(rows[1:]):
        row += [str(k * (j + 1)) for j in range(len(extra))]
    with open(os.path.join(target_dir, "monitor.csv"), "w", newline="") as f:
        csv.writer(f).writerows(rows)


def expect_bad(polydem, directory, words, code=2, extra_args=()):
    result = call([polydem, "plot", directory, *extra_args])
    if result.returncode != code or words not in result.stderr:
        fail(f"plot {directory}: exit {result.returncode}, expected {code} with {words!r}; "
             f"stderr {result.stderr!r}")


def load_script():
    spec = importlib.util.spec_from_file_location("polydem_plot", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def figures_of(script, directory):
    run = script.Run(directory)
    return run, dict(script.time_figures(pyplot, run))


def line(figure, gid, where):
    for axes in figure.axes:
        for candidate in axes.get_lines():
            if candidate.get_gid() == gid:
                return axes, candidate
    fail(f"{where}: no line '{gid}'")


def has_line(figure, gid):
    return any(c.get_gid() == gid for axes in figure.axes for c in axes.get_lines())


def same_series(drawn, expected, where):
    drawn = list(drawn)
    if len(drawn) != len(expected) or not all(close(a, b) for a, b in zip(drawn, expected)):
        fail(f"{where}: the drawn values are not the monitor's")


def check_weight(figures, where):
    """The ground's weight line is the reference Σ m g; the wall carries none."""
    _, weight = line(figures["reaction_ground"], "weight", f"{where}: reaction_ground")
    levels = set(weight.get_ydata())
    if len(levels) != 1 or not close(levels.pop(), WEIGHT, 1e-9):
        fail(f"{where}: the ground's weight line is at {weight.get_ydata()}, expected Σ m g = "
             f"{WEIGHT} N")
    if has_line(figures["reaction_wall"], "weight"):
        fail(f"{where}: the wall, which carries nothing, has a weight line")


def check_settled_run(script, run_dir):
    run, figures = figures_of(script, run_dir)
    monitor = read_monitor(os.path.join(run_dir, "monitor.csv"))
    with open(os.path.join(run_dir, "summary.json")) as f:
        summary = json.load(f)

    check_weight(figures, run_dir)
    final = monitor["reaction_ground_z"][-1]
    if not close(final, WEIGHT, 1e-4):
        fail(f"the ground carries {final} N at the end, not the bodies' weight {WEIGHT} N")
    axes, _ = line(figures["reaction_ground"], "reaction_ground_mx", "reaction_ground")
    if "N·m" not in axes.get_ylabel() or "(N)" not in figures["reaction_ground"].axes[0].get_ylabel():
        fail("reaction_ground: the axes are not labelled in N and N·m")

    axes, kinetic = line(figures["kinetic_energy"], "kinetic_energy", "kinetic_energy")
    if axes.get_yscale() != "log" or "(J)" not in axes.get_ylabel():
        fail(f"kinetic_energy: y axis {axes.get_yscale()!r} {axes.get_ylabel()!r}, expected log, J")
    same_series(kinetic.get_ydata(), monitor["kinetic_energy"], "kinetic_energy")

    ledger = figures["energy"]
    for column in ["kinetic_energy", "contact_energy", "external_work", "damping_dissipation",
                   "friction_dissipation", "contact_switching_energy", "integrator_dissipation",
                   "energy_balance_error"]:
        axes, drawn = line(ledger, column, "energy")
        same_series(drawn.get_ydata(), monitor[column], f"energy/{column}")
        if "(J)" not in axes.get_ylabel():
            fail(f"energy: y label {axes.get_ylabel()!r} has no unit J")
    potential = monitor["potential_energy"]
    _, drawn = line(ledger, "potential_energy", "energy")
    same_series(drawn.get_ydata(), [v - potential[0] for v in potential], "energy/potential_energy")
    _, relative = line(ledger, "relative_balance_error", "energy")
    expected = abs(summary["energy"]["balance_error"]) / summary["energy"]["moved"]
    if not close(relative.get_ydata()[-1], expected, 1e-9):
        fail(f"energy: relative balance error ends at {relative.get_ydata()[-1]}, summary.json "
             f"says {expected}")

    steps = figures["steps"]
    if len(steps.axes) != 3:
        fail(f"steps: {len(steps.axes)} panels, expected Δt, iterations and rejected steps")
    for column in ["dt", "newton_iterations", "rejected_steps"]:
        axes, drawn = line(steps, column, "steps")
        same_series(drawn.get_ydata(), monitor[column], f"steps/{column}")
    if line(steps, "dt", "steps")[0].get_yscale() != "log":
        fail("steps: Δt is not on a log axis")

    configuration = script.configuration_figure(pyplot, run)
    configuration.canvas.draw()  # projects the 3D polygons
    axes = configuration.axes[0]
    boundaries = [c for c in axes.collections if c.get_gid() == "boundaries"]
    if not boundaries or len(boundaries[0].get_paths()) < 4:
        fail("configuration: the ground and the wall (two triangles each) are not drawn")
    legend = axes.get_legend()
    text = " ".join(t.get_text() for t in legend.get_texts()) if legend else ""
    if "ground" not in text or "wall" not in text:
        fail(f"configuration: the legend {text!r} does not name both boundaries")
    pyplot.close("all")


def check_fixed_body(script, run_dir):
    """The fixed anchor touches nothing: its supports carry its weight, 0.1³ m³ · 3000 kg/m³
    · 9.81 m/s², at every step, with the moment −x_G × m g about the origin; and its figure
    draws no line of the free bodies' weight (it carries its own)."""
    run = script.Run(run_dir)
    weight = 0.1 ** 3 * 3000 * 9.81
    for name, expected in (("reaction_anchor_z", weight), ("reaction_anchor_mx", 0.2 * weight),
                           ("reaction_anchor_my", -0.2 * weight), ("reaction_anchor_x", 0.0)):
        if not all(close(v, expected, 1e-12) for v in run.columns[name]):
            fail(f"{name}: {run.columns[name][:3]}..., expected {expected}")
    figures = dict(script.time_figures(pyplot, run))
    lines = [l for a in figures["reaction_anchor"].axes for l in a.get_lines()]
    if any(l.get_gid() == "weight" for l in lines):
        fail("reaction_anchor: a fixed body's figure draws the free bodies' weight line")
    pyplot.close("all")


def check_contact_run(polydem, script, work):
    run_dir = os.path.join(work, "settle")
    deck = os.path.join(work, "settle.yaml")
    with open(deck, "w") as f:
        f.write(SETTLE_DECK.replace("END", "0.4"))
    result = call([polydem, "run", deck, "--out", run_dir, "--quiet"])
    if result.returncode != 0:
        fail(f"run {deck} exited {result.returncode}: {result.stderr}")
    plot(polydem, run_dir)
    check_pngs(os.path.join(run_dir, "plots"), WITH_CONTACT)
    check_settled_run(script, run_dir)
    check_fixed_body(script, run_dir)
    first = script.configuration_figure(pyplot, script.Run(run_dir), 0)
    if "t = 0 s (sample 0 of 9)" not in first.axes[0].get_title():
        fail(f"configuration of sample 0: title {first.axes[0].get_title()!r}")
    pyplot.close("all")
    expect_bad(polydem, run_dir, "no sample 9 in surfaces.pvd (it has 9)",
               extra_args=("--sample", "9"))


def kill_mid_run(polydem, work):
    """A run of SETTLE_DECK that would take minutes, killed once it wrote three samples and
    rows of monitor.csv.part (written in batches of rows)."""
    deck = os.path.join(work, "settle_long.yaml")
    with open(deck, "w") as f:
        f.write(SETTLE_DECK.replace("END", "100"))
    out = os.path.join(work, "killed")
    process = subprocess.Popen([polydem, "run", deck, "--out", out, "--quiet", "--threads", "1"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    results = os.path.join(out, "results.pvd")
    part = os.path.join(out, "monitor.csv.part")
    deadline = time.monotonic() + 200
    while True:
        if process.poll() is not None:
            fail(f"the long run ended (exit {process.returncode}) before it could be killed")
        if time.monotonic() > deadline:
            process.kill()
            fail("the long run wrote no third sample and rows within 200 s")
        try:
            with open(results) as f, open(part) as g:
                if f.read().count("<DataSet") >= 3 and g.read().count("\n") >= 3:
                    break
        except OSError:
            pass
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    return out


def check_killed_run(polydem, script, work):
    out = kill_mid_run(polydem, work)
    part = os.path.join(out, "monitor.csv.part")
    if os.path.exists(os.path.join(out, "monitor.csv")) or not os.path.isfile(part):
        fail(f"{out}: the killed run did not leave monitor.csv.part alone")
    result = plot(polydem, out)
    if "monitor.csv.part" not in result.stdout or "has not finished" not in result.stdout:
        fail(f"plot of a killed run: the output does not say it plots monitor.csv.part: "
             f"{result.stdout!r}")
    check_pngs(os.path.join(out, "plots"), WITH_CONTACT)
    _, figures = figures_of(script, out)
    for stem, figure in figures.items():
        title = figure._suptitle.get_text() if figure._suptitle else ""
        if "unfinished: monitor.csv.part" not in title:
            fail(f"killed run: the title of {stem} is {title!r}")
    check_weight(figures, out)
    pyplot.close("all")

    # The kill may land after the run wrote part of a row: only rows ended by
    # a newline are whole (the header is one line).
    with open(part) as f:
        whole_rows = f.read().count("\n") - 1
    torn = os.path.join(work, "torn")
    shutil.copytree(out, torn)
    shutil.rmtree(os.path.join(torn, "plots"))
    with open(os.path.join(torn, "monitor.csv.part"), "a") as f:
        f.write("0.5,0.001,3,")  # a row the run was writing when read
    result = plot(polydem, torn)
    if "leaving out its last row" not in result.stdout:
        fail(f"plot of a torn monitor.csv.part does not say it left a row out: {result.stdout!r}")
    run = script.Run(torn)
    if len(run.columns["time"]) != whole_rows:
        fail(f"torn monitor.csv.part: {len(run.columns['time'])} rows read, expected {whole_rows}")

    header_only = os.path.join(work, "header_only")
    os.makedirs(header_only, exist_ok=True)
    with open(part) as f, open(os.path.join(header_only, "monitor.csv.part"), "w") as g:
        g.write(f.readline())
    expect_bad(polydem, header_only, "no rows yet")


def check_extra_columns(polydem, script, run_dir, work):
    extra = ["contacts_active", "reaction_force_z"]
    extra_dir = os.path.join(work, "with_contacts")
    add_columns(run_dir, extra_dir, extra)
    plots = os.path.join(extra_dir, "plots")
    os.makedirs(plots)
    old = ["dt.png", "newton_iterations.png", "contacts_active.png", "reaction_force_z.png"]
    for name in old + ["mine.png"]:
        shutil.copy(os.path.join(run_dir, "plots", "steps.png"), os.path.join(plots, name))
    for attempt in range(2):  # the second one replaces the figures of the first
        result = plot(polydem, extra_dir)
        if attempt == 0 and not all(name in result.stdout for name in old):
            fail(f"the figures of an earlier version are not reported removed: {result.stdout!r}")
    if not os.path.isfile(os.path.join(plots, "mine.png")):
        fail("plot removed mine.png, a file it did not write")
    os.unlink(os.path.join(plots, "mine.png"))
    check_pngs(plots, BASIC + ["contacts", "reaction_force", "reaction_frame"])
    _, figures = figures_of(script, extra_dir)
    _, drawn = line(figures["contacts"], "contacts_active", "contacts")
    same_series(drawn.get_ydata(), [float(k) for k in range(len(drawn.get_ydata()))], "contacts")
    _, drawn = line(figures["reaction_force"], "reaction_force_z", "reaction_force")
    same_series(drawn.get_ydata(), [2.0 * k for k in range(len(drawn.get_ydata()))],
                "reaction_force")
    pyplot.close("all")

    zero_dir = os.path.join(work, "zero_kinetic_energy")
    add_columns(run_dir, zero_dir, [])
    monitor = os.path.join(zero_dir, "monitor.csv")
    with open(monitor) as f:
        lines = f.read().splitlines(True)
    header = lines[0].strip().split(",")
    first = lines[1].strip().split(",")
    first[header.index("kinetic_energy")] = "0"
    lines[1] = ",".join(first) + "\n"
    with open(monitor, "w") as f:
        f.writelines(lines)
    _, figures = figures_of(script, zero_dir)
    axes, kinetic = line(figures["kinetic_energy"], "kinetic_energy", "kinetic_energy")
    values = list(kinetic.get_ydata())
    if axes.get_yscale() != "log" or not math.isnan(values[0]) or not all(v > 0 for v in values[1:]):
        fail(f"kinetic_energy with T = 0 in the first row: {axes.get_yscale()} axis, "
             f"values {values[:3]}...")
    pyplot.close("all")


def check_help(polydem):
    result = call([polydem, "plot", "--help"])
    with open(SCRIPT) as f:
        named = set(re.findall(r"^  (\S+\.png)", f.read(), re.MULTILINE))
    missing = [name for name in sorted(named) if name not in result.stdout]
    if result.returncode != 0 or len(named) < 6 or missing:
        fail(f"polydem plot --help (exit {result.returncode}) does not name {missing} of the "
             f"script's figures {sorted(named)}")


def main():
    polydem, deck, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    script = load_script()
    run_dir = os.path.join(work, "run")
    result = call([polydem, "run", deck, "--out", run_dir, "--quiet"])
    if result.returncode != 0:
        fail(f"run exited {result.returncode}: {result.stderr}")
    plot(polydem, run_dir, use_default_search=True)
    check_pngs(os.path.join(run_dir, "plots"), BASIC + ["reaction_frame"])  # the fixed frame

    check_contact_run(polydem, script, work)
    check_killed_run(polydem, script, work)
    check_extra_columns(polydem, script, run_dir, work)
    check_help(polydem)

    expect_bad(polydem, os.path.join(work, "no_such_dir"), "not a directory")
    empty_dir = os.path.join(work, "empty")
    os.makedirs(empty_dir, exist_ok=True)
    expect_bad(polydem, empty_dir, "monitor.csv: no such file, nor monitor.csv.part")
    malformed_dir = os.path.join(work, "malformed")
    add_columns(run_dir, malformed_dir, [])
    monitor = os.path.join(malformed_dir, "monitor.csv")
    with open(monitor) as f:
        lines = f.readlines()
    with open(monitor, "a") as f:
        f.write(",".join(["0.6", "oops"] + ["0"] * (len(lines[0].split(",")) - 2)) + "\n")
    expect_bad(polydem, malformed_dir,
               f"monitor.csv:{len(lines) + 1}: column 'dt': 'oops' is not a number")
    expect_bad(polydem, run_dir, "no Python interpreter with the module matplotlib", code=2,
               extra_args=("--python", os.path.join(work, "no", "python3")))
    print(f"ok: figures of runs without and with contact, a killed run, extra columns, "
          f"help, bad inputs rejected; weight line {WEIGHT:.6g} N")


if __name__ == "__main__":
    main()

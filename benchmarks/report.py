#!/usr/bin/env python3
"""The tables of docs/performance.md, from the JSON of a benchmarks/measure.sh folder.

usage: report.py OUTDIR                       print every table (Markdown)
       report.py OUTDIR --table NAME ...      print the named tables
       report.py OUTDIR --update DOC          rewrite DOC's tables in place
       report.py OUTDIR --check DOC           exit 1 if DOC's tables differ
       report.py --list                       the tables' names and sources

OUTDIR is what `benchmarks/measure.sh OUTDIR` wrote: Google Benchmark's JSON
(`--benchmark_out_format=json`) per benchmark set, polydem's `summary.json`
per run under runs/, and with_load.sh's JSON (CPU, wall, peak memory, load)
per set. In DOC a table sits between the lines

    <!-- report.py TABLE -->
    <!-- /report.py -->

and --update replaces what is between them by the table as printed here, so
that no figure in a table is typed by hand. Every figure is a counter of a
run, its CPU or wall time or a ratio of them, converted and rounded, never
edited. A table whose JSON is missing from OUTDIR prints as a note saying so
(--update then leaves DOC's table alone).
"""
import contextlib
import io
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tables  # noqa: E402  (the implicit/explicit/Bullet tables)

TIME_UNITS = tables.TIME_UNITS
row, header = tables.row, tables.header


def fmt(value, digits=3):
    """Three significant digits, but whole numbers from 1000 up (no exponent)."""
    return f"{value:.0f}" if abs(value) >= 10 ** digits else tables.fmt(value, digits)


class Missing(Exception):
    """A table's source is not in OUTDIR."""


# --- sources -----------------------------------------------------------------


def read_json(out, name):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        raise Missing(name)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def gbench(out, name):
    """{run name: run} of a Google Benchmark JSON; with repetitions, the median's."""
    data = read_json(out, f"{name}.json")
    runs = {}
    for run in data["benchmarks"]:
        if run.get("run_type") == "aggregate" and run.get("aggregate_name") != "median":
            continue
        key = run.get("run_name", run["name"])
        if "error_message" in run:
            continue
        scale = TIME_UNITS[run["time_unit"]]
        run["cpu_s"] = run["cpu_time"] * scale
        run["real_s"] = run["real_time"] * scale
        runs[key] = run
    return data["context"], runs


def repetitions(context, runs):
    counts = {run.get("repetitions", 1) for run in runs.values()}
    n = max(counts) if counts else 1
    return f"median of {n} repetitions" if n > 1 else "one repetition"


def source_line(out, name, what):
    """The italic line under a table: the file, the date, the machine's load."""
    load = read_json_or_none(out, f"{name}.load.json")
    parts = [f"`{name}.json` ({what})"]
    if load:
        parts.append(f"load average {load['load_avg_before'][0]:.1f} at the start, "
                     f"{load['load_avg_after'][0]:.1f} at the end; the process had "
                     f"{100 * load['command_share_of_one_core']:.0f} % of one core")
    return "*Source: " + "; ".join(parts) + ".*"


def read_json_or_none(out, name):
    try:
        return read_json(out, name)
    except Missing:
        return None


RUNS = {  # set: (label, deck, threads)
    "cubes_45": ("45 cubes, §3.5 scaled (the flagship)", "examples/box_of_cubes/small.yaml", 1),
    "tetrapods_60": ("60 tetrapods, §3.6 scaled", "examples/box_of_tetrapods/small.yaml", 1),
    "tetrapods_240": ("240 tetrapods, §3.6 at a quarter", "benchmarks/decks/tetrapods_240.yaml", 1),
    "cubes_564": ("564 cubes, §3.5", "examples/box_of_cubes/deck.yaml", 1),
    "tetrapods_1005": ("1005 tetrapods, §3.6, two threads", "examples/box_of_tetrapods/deck.yaml", 2),
    "tetrapods_1005_collapse": ("1005 tetrapods, §3.6 collapse from t = 5 s, two threads",
                                "benchmarks/decks/tetrapods_1005_at_5s.yaml", 2),
}


def polydem_runs(out):
    """[(name, label, summary, load)] of the runs present in OUTDIR, in RUNS' order."""
    found = []
    for name, (label, _, _) in RUNS.items():
        summary = read_json_or_none(out, os.path.join("runs", name, "summary.json"))
        if summary is not None:
            found.append((name, label, summary, read_json_or_none(out, f"{name}.load.json")))
    if not found:
        raise Missing("runs/*/summary.json")
    return found


# --- tables ------------------------------------------------------------------


def table_machine(out):
    meta = read_json(out, "meta.json")
    header(["", ""], right_from=2)
    changes = " with uncommitted changes to the code" if meta.get("code_changes") else ""
    last = meta.get("last_date", meta["date"])
    row(["measured", f"{meta['date']} to {last}"])
    row(["build", f"the code of `{meta['code_commit']}`{changes}, CMake `{meta['build_type']}`, "
                  f"{meta['compiler']}"])
    row(["BLAS under UMFPACK", f"`{meta['blas']}`"])
    row(["machine", f"{meta['cpu']}, {meta['cores']} cores, {meta['memory_gib']} GiB, "
                    f"{meta['os']}"])


def table_measurements(out):
    """What each set cost and how loaded the machine was meanwhile."""
    meta = read_json(out, "meta.json")
    header(["set", "CPU (s)", "wall (s)", "share of one core", "load average start → end",
            "peak memory (MB)"])
    total_cpu = total_wall = 0.0
    for name in meta["sets"]:
        load = read_json_or_none(out, f"{name}.load.json")
        if load is None:
            continue
        total_cpu += load["cpu_s"]
        total_wall += load["wall_s"]
        row([f"`{name}`", f"{load['cpu_s']:.0f}", f"{load['wall_s']:.0f}",
             f"{100 * load['command_share_of_one_core']:.0f} %",
             f"{load['load_avg_before'][0]:.1f} → {load['load_avg_after'][0]:.1f}",
             f"{load['max_rss_kb'] / 1024:.0f}"])
    row(["all", f"{total_cpu:.0f}", f"{total_wall:.0f}", "", "", ""])


def table_free_bodies(out):
    context, runs = gbench(out, "free_bodies")
    phases = [("evaluate + assemble", "BM_Assembly"),
              ("numeric factorisation (UMFPACK)", "BM_Factorisation"),
              ("solve", "BM_Solve"),
              ("whole Newton iteration", "BM_NewtonIteration")]
    header(["phase", "N = 10^4: µs per body", "N = 10^5: µs per body", "10^5 / 10^4",
            "N = 10^4: ms per iteration"])
    for label, bench in phases:
        small, large = runs[f"{bench}/10000"], runs[f"{bench}/100000"]
        per_small, per_large = small["cpu_s"] / 1e4 * 1e6, large["cpu_s"] / 1e5 * 1e6
        row([label, fmt(per_small), fmt(per_large), f"{per_large / per_small:.2f}",
             fmt(small["cpu_s"] * 1e3)])
    print()
    print(source_line(out, "free_bodies", f"bench_free_bodies, CPU time, "
                                          f"{repetitions(context, runs)}"))


def table_linear_solvers(out):
    context, runs = gbench(out, "free_bodies")
    header(["back end", "ranks", "ms per factorisation + solve", "µs per body",
            "over UMFPACK's"])
    umfpack = runs.get("BM_FactoriseAndSolve/umfpack/10000")
    petsc = next((run for name, run in runs.items()
                  if name.startswith("BM_FactoriseAndSolve/petsc/10000")), None)
    for label, run in (("UMFPACK (embedded)", umfpack), ("PETSc, LU with MUMPS", petsc)):
        if run is None:
            continue
        row([label, "1", fmt(run["cpu_s"] * 1e3), fmt(run["cpu_s"] / 1e4 * 1e6),
             fmt(run["cpu_s"] / umfpack["cpu_s"]) if umfpack else "–"])
    print()
    print(source_line(out, "free_bodies", f"bench_free_bodies `BM_FactoriseAndSolve`, "
                                          f"10^4 bodies, CPU time, {repetitions(context, runs)}"))


LOCAL_CONTACT = [
    ("pair test (ns)", "BM_PairTest"),
    ("first derivatives (ns)", "BM_Linearise<polydem::DerivativeOrder::First>"),
    ("second derivatives (ns)", "BM_Linearise<polydem::DerivativeOrder::Second>"),
    ("operator D (ns)", "BM_LcpOperators"),
    ("contracted Hessian (ns)", "BM_ContractedHessian"),
]
DEGENERATIONS = ["vertex–face", "edge–edge", "vertex–edge", "vertex–vertex"]


def table_local_contact(out):
    context, runs = gbench(out, "local_contact")
    header(["degeneration"] + [label for label, _ in LOCAL_CONTACT])
    for k, degeneration in enumerate(DEGENERATIONS):
        row([degeneration] + [f"{runs[f'{bench}/{k}']['cpu_s'] * 1e9:.0f}"
                              for _, bench in LOCAL_CONTACT])
    cubes = runs["BM_PairQueryCubes"]
    print(f"\nBrute-force pair query of two touching cubes (all sub-region pairs of A × B): "
          f"{fmt(cubes['cpu_s'] * 1e6)} µs, {fmt(cubes['ns_per_pair'] * 1e9)} ns per sub-region "
          f"pair.")
    print()
    print(source_line(out, "local_contact", f"bench_local_contact, CPU time, "
                                            f"{repetitions(context, runs)}"))


def table_pointwise_contact(out):
    context, runs = gbench(out, "pointwise_contact")
    header(["law", "residual (ns per contact)", "residual and tangent (ns per contact)",
            "tangent against residual"])
    for k, law in enumerate(["frictionless", "with Coulomb friction"]):
        plain = runs[f"BM_Residual/{k}"]["per_contact"]
        full = runs[f"BM_ResidualAndTangent/{k}"]["per_contact"]
        row([law, f"{plain * 1e9:.0f}", f"{full * 1e9:.0f}", f"{full / plain:.1f}×"])
    print()
    print(source_line(out, "pointwise_contact", f"bench_pointwise_contact, CPU time, "
                                                f"{repetitions(context, runs)}"))


def table_contact_search(out):
    rows = {}
    sources = []
    for name in ("contact_search", "contact_search_large"):
        try:
            _, runs = gbench(out, name)
        except Missing:
            continue
        sources.append(name)
        for key, run in runs.items():
            m = re.match(r"BM_(\w+)/(\d+)/1/", key + "/")
            if m:
                rows.setdefault(int(m.group(2)), {})[m.group(1)] = run
    if not rows:
        raise Missing("contact_search.json")
    header(["bodies", "list build: broad (µs/body)", "list build: narrow (µs/body)",
            "list build (µs/body)", "search with lists (µs/body)", "begin_step (µs/body)",
            "per step (µs/body)", "search memory (bytes/body)", "candidates/body",
            "list leaf pairs/body"])
    for sites in sorted(rows):
        r = rows[sites]
        build, search, begin = r["BuildLists"], r["SearchWithLists"], r["BeginStep"]
        n = build["bodies"]
        per_body = {k: v["cpu_s"] / n * 1e6 for k, v in r.items()}
        # the build's CPU split in proportion to its phases' wall clocks
        cpu_over_wall = build["cpu_s"] / build["real_s"]
        per_step = per_body["BeginStep"] + per_body["SearchWithLists"] + per_body["BuildLists"] / 25
        row([f"{n:,.0f}".replace(",", " "), fmt(build["broad_us_per_body"] * cpu_over_wall, 2),
             fmt(build["narrow_us_per_body"] * cpu_over_wall), fmt(per_body["BuildLists"]),
             fmt(per_body["SearchWithLists"]), fmt(per_body["BeginStep"]), fmt(per_step),
             f"{search['bytes_per_body']:.0f}", fmt(begin["candidates_per_body"], 2),
             fmt(search["list_leaf_pairs_per_body"])])
    print()
    print("\n\n".join(source_line(out, name, "bench_contact_search, one thread, CPU time")
                       for name in sources))


def captured(function, *args):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        function(*args)
    return buffer.getvalue().strip("\n")


def ive_runs(out):
    path = os.path.join(out, "implicit_vs_explicit.json")
    if not os.path.exists(path):
        raise Missing("implicit_vs_explicit.json")
    return tables.load(path)[1]


def peer_runs(out):
    path = os.path.join(out, "bullet_peer.json")
    if not os.path.exists(path):
        raise Missing("bullet_peer.json")
    return tables.load(path)[1]


def table_implicit_vs_explicit(scene):
    def table(out):
        runs = ive_runs(out)
        if not any(name.split("/")[1] == scene for name in runs):
            raise Missing(f"{scene} in implicit_vs_explicit.json")
        print(captured(tables.implicit_vs_explicit, runs, scene))
        print()
        print(source_line(out, "implicit_vs_explicit",
                          "bench_implicit_vs_explicit, one run each, one thread"))
    return table


def table_peer(function):
    def table(out):
        print(captured(function, peer_runs(out)))
        print()
        print(source_line(out, "bullet_peer", "bench_bullet_peer, one run each, one thread"))
    return table


def mean_dt(summary):
    return summary["final_time"] / max(summary["totals"]["accepted_steps"], 1)


def causes(totals):
    """'25 no admissible Newton step, 10 no convergence in 25 iterations'."""
    by_cause = sorted((totals.get("rejections_by_cause") or {}).items(), key=lambda c: -c[1])
    return ", ".join(f"{count} {cause.split(' (')[0]}" for cause, count in by_cause) or "–"


def table_packs(out):
    titles = ["run", "deck", "bodies", "simulated (s)", "CPU (s)", "wall (s)", "steps",
              "mean Δt (ms)", "Newton its/step", "night owls", "mean Δt / smallest Δt_c",
              "peak memory (MB)", "status", "rejected attempts", "by cause"]
    row(titles)
    row(["---"] * 2 + ["---:"] * 10 + ["---"] + ["---:"] + ["---"])
    for name, label, summary, load in polydem_runs(out):
        t = summary["totals"]
        comparison = summary.get("explicit_comparison", {})
        ratio = comparison.get("mean_step_over_smallest_critical_step")
        row([label, f"`{RUNS[name][1]}`", str(len(summary["bodies"])), fmt(summary["final_time"]),
             f"{load['cpu_s']:.1f}" if load else "–", f"{summary['wall_seconds']['total']:.1f}",
             str(t["accepted_steps"]), fmt(mean_dt(summary) * 1e3),
             f"{t['newton_iterations_per_step']:.2f}", str(t["night_owl_resolves"]),
             fmt(ratio) if ratio is not None else "–",
             f"{load['max_rss_kb'] / 1024:.0f}" if load else "–", summary["status"],
             str(t["rejected_steps"]), causes(t)])
    print()
    print("*Source: each run's `runs/NAME/summary.json` (`totals` with `rejections_by_cause`, "
          "`final_time`, `explicit_comparison`, `wall_seconds.total`) and `NAME.load.json` "
          "(CPU = user + system, peak resident memory).*")


PHASES = ["assembly", "linear_solve", "contact", "output", "decomposition", "rest"]


def table_pack_phases(out):
    runs = polydem_runs(out)
    # decomposition: only runs on several ranks have one
    phases = [p for p in PHASES
              if p != "decomposition" or any(s["wall_seconds"][p] > 0 for _, _, s, _ in runs)]
    header(["run"] + [p.replace("_", " ") + " (s)" for p in phases] + ["total (s)"])
    for name, label, summary, _ in runs:
        wall = summary["wall_seconds"]
        total = wall["total"]
        row([label] + [f"{wall[p]:.1f} ({100 * wall[p] / total:.0f} %)" for p in phases] +
            [f"{total:.1f}"])
    print()
    print("*Source: `wall_seconds` of each run's `summary.json`: wall clock by phase, its share "
          "of the run's in brackets.*")


def table_pack_unit_costs(out):
    header(["run", "CPU per body per simulated s (s)", "CPU per Newton iteration (ms)",
            "assembly per body and iteration (µs)", "linear solve per body and iteration (µs)",
            "contact per body and step (µs)"])
    for name, label, summary, load in polydem_runs(out):
        if load is None:
            continue
        t, wall = summary["totals"], summary["wall_seconds"]
        bodies = len(summary["bodies"])
        its = max(t["newton_iterations"], 1)
        steps = t["accepted_steps"] + t["rejected_steps"]
        # the run's CPU time apportioned to its phases by their wall seconds
        cpu = {phase: load["cpu_s"] * wall[phase] / wall["total"] for phase in PHASES}
        row([label,
             fmt(load["cpu_s"] / bodies / summary["final_time"]),
             fmt(load["cpu_s"] / its * 1e3),
             fmt(cpu["assembly"] / its / bodies * 1e6),
             fmt(cpu["linear_solve"] / its / bodies * 1e6),
             fmt(cpu["contact"] / steps / bodies * 1e6)])
    print()
    print("*From the same files: the run's CPU time (`NAME.load.json`), apportioned to the "
          "phases in proportion to their wall seconds (`summary.json`), over the run's Newton "
          "iterations (rejected attempts' included) or its attempted steps (accepted + "
          "rejected), and over its bodies.*")


TABLES = {
    "machine": (table_machine, "meta.json"),
    "measurements": (table_measurements, "meta.json, *.load.json"),
    "free_bodies": (table_free_bodies, "free_bodies.json"),
    "linear_solvers": (table_linear_solvers, "free_bodies.json"),
    "local_contact": (table_local_contact, "local_contact.json"),
    "pointwise_contact": (table_pointwise_contact, "pointwise_contact.json"),
    "contact_search": (table_contact_search, "contact_search.json, contact_search_large.json"),
    "implicit_vs_explicit_pile": (table_implicit_vs_explicit("pile_of_blocks"),
                                  "implicit_vs_explicit.json"),
    "implicit_vs_explicit_tetrapods": (table_implicit_vs_explicit("tetrapods_60"),
                                       "implicit_vs_explicit.json"),
    "peer_speed": (table_peer(tables.peer_speed), "bullet_peer.json"),
    "elastic_drop": (table_peer(tables.elastic_drop), "bullet_peer.json"),
    "supports": (table_peer(tables.supports), "bullet_peer.json"),
    "packs": (table_packs, "runs/*/summary.json, *.load.json"),
    "pack_phases": (table_pack_phases, "runs/*/summary.json"),
    "pack_unit_costs": (table_pack_unit_costs, "runs/*/summary.json, *.load.json"),
}


def render(out, name):
    """The table's Markdown, or None when its source is missing."""
    try:
        return captured(TABLES[name][0], out)
    except Missing as missing:
        print(f"report.py: {name}: {missing} not in {out}", file=sys.stderr)
        return None


BLOCK = re.compile(r"(<!-- report\.py (\w+) -->\n)(.*?)(<!-- /report\.py -->)", re.S)


def rewrite(out, text):
    def replace(match):
        name = match.group(2)
        if name not in TABLES:
            sys.exit(f"report.py: unknown table {name} in the document")
        table = render(out, name)
        body = match.group(3) if table is None else table + "\n"
        return match.group(1) + body + match.group(4)
    return BLOCK.sub(replace, text)


def main(argv):
    if argv == ["--list"]:
        for name, (_, source) in TABLES.items():
            print(f"{name}: {source}")
        return 0
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    out, rest = argv[0], argv[1:]
    if rest[:1] in (["--update"], ["--check"]) and len(rest) == 2:
        with open(rest[1], encoding="utf-8") as f:
            text = f.read()
        new = rewrite(out, text)
        if rest[0] == "--check":
            if new != text:
                print(f"report.py: {rest[1]}'s tables differ from {out}'s JSON", file=sys.stderr)
                return 1
            return 0
        with open(rest[1], "w", encoding="utf-8") as f:
            f.write(new)
        return 0
    names = rest[1:] if rest[:1] == ["--table"] else list(TABLES) if not rest else None
    if names is None:
        sys.exit(__doc__)
    for name in names:
        if name not in TABLES:
            sys.exit(f"report.py: unknown table {name}; --list names them")
        table = render(out, name)
        if table is not None:
            print(f"<!-- report.py {name} -->\n{table}\n<!-- /report.py -->\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

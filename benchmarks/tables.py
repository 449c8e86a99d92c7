#!/usr/bin/env python3
"""The implicit/explicit/Bullet tables of docs/performance.md from the benchmarks' JSON output.

usage: tables.py implicit_vs_explicit.json bullet_peer.json

The JSON files are what `--benchmark_out=FILE --benchmark_out_format=json`
writes for bench_implicit_vs_explicit and bench_bullet_peer (see
benchmarks/README.md). Prints Markdown tables on stdout; every figure is a
counter of the run or the benchmark's CPU time, converted, never edited.
benchmarks/report.py prints the same tables, with the rest of
docs/performance.md's, from a benchmarks/measure.sh folder.
"""
import json
import sys

TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
SUFFIXES = ("/iterations:1/manual_time", "/manual_time")

SOLVERS = {
    "PolydemImplicit": "polydem implicit",
    "PolydemConvex": "polydem convex step",
    "PolydemExplicit": "polydem explicit (0.1 Δt_crit)",
    "Bullet/240": "Bullet, 1/240 s",
    "Bullet/1000": "Bullet, 1/1000 s",
}
SCENES = {
    "pile_of_blocks": "pile of ten blocks, 2.5 s",
    "box_of_cubes": "box of 27 cubes, 1.5 s",
    "tetrapods": "8 tetrapods, 1.5 s",
    "elastic_drop": "elastic drop, 1 s",
}


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = {}
    for run in data["benchmarks"]:
        name = run["name"]
        for suffix in SUFFIXES:
            name = name.removesuffix(suffix)
        run["cpu_s"] = run["cpu_time"] * TIME_UNITS[run["time_unit"]]
        run["simulated_s"] = run["wall_s"] / run["wall_per_sim_s"]
        runs[name] = run
    return data["context"], runs


def row(cells):
    print("| " + " | ".join(cells) + " |")


def header(titles, right_from=1):
    row(titles)
    row(["---"] * right_from + ["---:"] * (len(titles) - right_from))


def fmt(value, digits=3):
    return f"{value:.{digits}g}"


def interpenetration_mm(run):
    return fmt(max(0.0, -run["min_gap_m"]) * 1e3, 2)


IMPLICIT_VS_EXPLICIT_SCENES = {
    "pile_of_blocks": "pile of ten blocks",
    "tetrapods_60": "60 tetrapods, the five phases of §3.6 (7 s)",
}


def implicit_vs_explicit(runs, scene):
    header(["run", "wall (s)", "CPU (s)", "CPU / implicit's", "steps", "Newton its/step",
            "mean Δt (ms)",
            "mean Δt / Δt_crit", "implicit Δt / this Δt", "energy error at end (J)",
            "largest energy error (J)", "dissipated (J)", "reaction / weight − 1 at rest",
            "closest gap (mm)"])
    implicit_dt = implicit_cpu = None
    scene_runs = {name: run for name, run in runs.items() if name.split("/")[1] == scene}
    for name, run in scene_runs.items():
        scheme, _, safety = name.partition(f"/{scene}")
        if scheme == "Implicit":
            implicit_dt, implicit_cpu = run["mean_dt"], run["cpu_s"]
            label, its = "implicit (Newmark–Newton)", fmt(run["newton_its"] / run["steps"])
        elif scheme == "Convex":
            label, its = "implicit, `integrator: convex`", fmt(run["newton_its"] / run["steps"])
        else:
            label, its = f"explicit, Δt = 0.{int(safety[1:]):02d} Δt_crit", "–"
        row([label, fmt(run["wall_s"]), fmt(run["cpu_s"]),
             fmt(run["cpu_s"] / implicit_cpu) if implicit_cpu else "–", f"{run['steps']:.0f}", its,
             fmt(run["mean_dt"] * 1e3), fmt(run["mean_dt/dt_crit"]),
             fmt(implicit_dt / run["mean_dt"]) if scheme == "Explicit" and implicit_dt else "–",
             fmt(run["energy_err_J"]), fmt(run["max_energy_err_J"]), fmt(run["dissipated_J"]),
             fmt(run["reaction_balance"], 2), fmt(run["min_gap_m"] * 1e3)])
    first = next(iter(scene_runs.values()))
    print(f"\nE0 = {fmt(first['E0_J'])} J; Δt_crit = {fmt(first['dt_crit'] * 1e3)} ms.")


def peer_speed(runs):
    header(["scene", "solver", "wall (s) per simulated s", "CPU (s) per simulated s",
            "CPU / polydem implicit's", "steps", "max interpenetration (mm)", "closest gap (mm)"],
           right_from=2)
    for scene, scene_label in SCENES.items():
        implicit_cpu = runs[f"PolydemImplicit/{scene}"]["cpu_s"]
        for key, solver in SOLVERS.items():
            family, _, rate = key.partition("/")
            run = runs[f"{family}/{scene}" + (f"/{rate}" if rate else "")]
            gap = fmt(run["min_gap_m"] * 1e3) if run["min_gap_m"] > 0 else "–"
            row([scene_label, solver, fmt(run["wall_per_sim_s"]),
                 fmt(run["cpu_s"] / run["simulated_s"]), fmt(run["cpu_s"] / implicit_cpu),
                 f"{run['steps']:.0f}",
                 interpenetration_mm(run), gap])


def elastic_drop(runs):
    header(["solver", "energy error at end (J)", "largest energy error (J)",
            "largest / E0"])
    split = {"BulletSplitImpulse/240": "Bullet, 1/240 s, all by split impulse",
             "BulletSplitImpulse/1000": "Bullet, 1/1000 s, all by split impulse"}
    for key, solver in {**SOLVERS, **split}.items():
        family, _, rate = key.partition("/")
        run = runs[f"{family}/elastic_drop" + (f"/{rate}" if rate else "")]
        row([solver, fmt(run["energy_err_J"]), fmt(run["max_energy_err_J"]),
             f"{100 * run['max_energy_err_J'] / run['E0_J']:.2g} %"])
    first = runs["PolydemImplicit/elastic_drop"]
    print(f"\nE0 = {fmt(first['E0_J'])} J (T + V + contact energy).")


def supports(runs):
    solvers = {
        "SupportsImplicit": "polydem implicit (static step)",
        "SupportsExplicit": "polydem explicit (settling, 1 s)",
        "SupportsBullet/0": "Bullet, rigid contacts (settling, 1 s)",
        "SupportsBullet/1": "Bullet, soft contacts of the laws' stiffness (settling, 1 s)",
    }
    header(["supports (expected split)", "solver", "R1 / W", "R2 / W", "R3 / W",
            "largest error"], right_from=2)
    for case, split in (("identical", "1/3 each"), ("stiff_middle", "0.2 : 0.6 : 0.2")):
        for key, solver in solvers.items():
            family, _, arg = key.partition("/")
            run = runs[f"{family}/{case}" + (f"/{arg}" if arg else "")]
            error = max(abs(run[f"R{k}_err"]) for k in range(3))
            row([f"{case} ({split})", solver] + [f"{run[f'R{k}/W'] + 0.0:.6f}" for k in range(3)] +
                [fmt(error, 2)])


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    context, ive = load(sys.argv[1])
    peer_context, peer = load(sys.argv[2])
    for title, ctx in (("implicit_vs_explicit", context), ("bullet_peer", peer_context)):
        print(f"{title}: {ctx['date']}, load average at the start "
              f"{', '.join(f'{x:.1f}' for x in ctx['load_avg'])}")
    scenes = [scene for scene in IMPLICIT_VS_EXPLICIT_SCENES
              if any(name.split("/")[1] == scene for name in ive)]
    sections = tuple((f"Implicit against explicit: {IMPLICIT_VS_EXPLICIT_SCENES[scene]}",
                      lambda scene=scene: implicit_vs_explicit(ive, scene)) for scene in scenes)
    sections += (("Side by side: cost and interpenetration", lambda: peer_speed(peer)),
                ("Elastic drop: energy error", lambda: elastic_drop(peer)),
                ("Block on three supports: support forces", lambda: supports(peer)))
    for title, table in sections:
        print(f"\n### {title}\n")
        table()


if __name__ == "__main__":
    main()

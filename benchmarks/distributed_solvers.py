#!/usr/bin/env python3
"""The distributed linear solve: one deck under domain decomposition with each PETSc
method, at each rank count, one run after the other in one session (issue 29: the
preconditioned Krylov back end across ranks, chosen by a measured rule).

usage: benchmarks/distributed_solvers.py MPIEXEC POLYDEM DECK OUTDIR [--ranks 1,2]
                                         [--methods mumps,petsc,asm,gamg] [--end-time T]

Methods, each set as every step's linear_solver (the deck's own lines removed):
  mumps  LU with MUMPS alone: {petsc: {options: "-ksp_type preonly -pc_type lu ..."}}
  petsc  `linear_solver: petsc` without options: GMRES(50), block Jacobi with ILU(0) in
         each rank's block, LU with MUMPS for a solve it fails
  asm    {krylov: {preconditioner: asm}}: additive Schwarz, overlap 1, ILU(0)
  gamg   {krylov: {preconditioner: gamg}}: PETSc's algebraic multigrid
  bodies {krylov: {method: bcgs, preconditioner: block_jacobi}}: BiCGStab with the inverse
         of each body's 6×6 diagonal block (the serial default's method)
--end-time cuts the deck's steps at T. Ranks beyond the cores yield when idle
(`--mca mpi_yield_when_idle 1`). Prints per run: accepted steps, Newton iterations,
linear-solver fallbacks, summary.json's wall seconds of the linear solve and of the
run (rank 0's), and the CPU seconds of all ranks per body and Newton iteration.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timed_runs  # noqa: E402
from thread_scaling import cut_steps, with_solver  # noqa: E402
from timed_runs import mpirun  # noqa: E402

METHODS = {
    "mumps": '{petsc: {options: "-ksp_type preonly -pc_type lu -pc_factor_mat_solver_type mumps"}}',
    "petsc": "petsc",
    "asm": "{krylov: {preconditioner: asm}}",
    "gamg": "{krylov: {preconditioner: gamg}}",
    "bodies": "{krylov: {method: bcgs, preconditioner: block_jacobi}}",
}


def timed_run(mpiexec, ranks, polydem, deck, out):
    command = mpirun(mpiexec, ranks) + [polydem, "run", deck, "--out", out, "--quiet", "--threads", "1"]
    return timed_runs.timed_run(command, out, f"{deck} on {ranks} ranks")


def main():
    parser = argparse.ArgumentParser()
    for name in ("mpiexec", "polydem", "deck", "outdir"):
        parser.add_argument(name)
    parser.add_argument("--ranks", default="1,2")
    parser.add_argument("--methods", default="mumps,petsc,asm,gamg")
    parser.add_argument("--end-time", type=float)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    with open(args.deck) as f:
        text = cut_steps(f.read(), args.end_time)
    deck_dir = os.path.dirname(os.path.abspath(args.deck))
    print("| method | ranks | steps | Newton its | fallbacks | linear solve (s) | run (s) | "
          "CPU per body and iteration (µs) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for method in args.methods.split(","):
        variant = os.path.join(deck_dir, f".distributed_{method}.yaml")
        with timed_runs.variant_deck(variant, with_solver(text, METHODS[method])) as deck:
            for ranks in [int(r) for r in args.ranks.split(",")]:
                out = os.path.join(args.outdir, f"{method}_{ranks}")
                _, cpu, summary = timed_run(args.mpiexec, ranks, args.polydem, deck, out)
                totals, seconds = summary["totals"], summary["wall_seconds"]
                per = 1e6 * cpu / (len(summary["bodies"]) * max(totals["newton_iterations"], 1))
                print(f"| {method} | {ranks} | {totals['accepted_steps']} | {totals['newton_iterations']} | "
                      f"{totals['linear_solver_fallbacks']} | {seconds['linear_solve']:.2f} | "
                      f"{seconds['total']:.2f} | {per:.1f} |", flush=True)

if __name__ == "__main__":
    main()

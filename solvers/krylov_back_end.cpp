// `linear_solver: krylov` or `{krylov: {preconditioner: jacobi}}`: PETSc's
// Krylov solvers in this process, with UMFPACK behind them. On contact
// tangents the values change O(1) between Newton iterations, so reusing a
// factorisation does not pay, while GMRES with ILU(0) rebuilt each iteration
// solved dumped 240-tetrapod systems 3.5-5 times faster than LU to a relative
// residual of 1e-8 with the same Newton iterations (issue 30). Declared in
// every build so that docs/deck.md is one file; a build without PETSc rejects
// it where the deck names it.
#include <string>

#include "solvers/direct_fallback.hpp"
#include "solvers/iterative_stopping.hpp"
#include "solvers/krylov_options.hpp"
#include "solvers/linear_solver_family.hpp"
#include "solvers/umfpack_solver.hpp"
#if POLYDEM_WITH_PETSC
#include "solvers/petsc/petsc_linear_solver.hpp"
#endif

namespace polydem {
namespace {

void check_krylov(ParamSet& set) {
  if (!POLYDEM_WITH_PETSC)
    throw InputError(set.mark, set.path,
                     "'krylov' is not available: this polydem was built without PETSc "
                     "(install petsc-dev, e.g. with scripts/install-deps.sh, and rebuild)");
  const std::string& options = set.string("options");
  const auto start = options.find_first_not_of(" \t");
  if (start != std::string::npos && options[start] != '-')
    throw set.error("options", "must start with an option name, e.g. -ksp_monitor");
}

void add_method_keys(ObjectSchema& schema) {
  schema
      .add_enum("method", {"gmres", "bcgs"},
                "The Krylov method: restarted GMRES, or BiCGStab (short recurrences, no restart).")
      .with_default(std::string("gmres"));
  schema
      .add_enum("preconditioner", {"ilu", "asm", "gamg", "block_jacobi", "jacobi"},
                "ILU(0) of the tangent, rebuilt at every Newton iteration (PETSc's block Jacobi, "
                "one block per MPI rank, ILU(0) inside it); asm: additive Schwarz, each rank's "
                "block grown by one layer of its neighbours' equations, ILU(0) inside; gamg: "
                "PETSc's algebraic multigrid; block_jacobi: the inverse of each body's 6×6 "
                "diagonal block (PETSc's vpbjacobi, the blocks found from the pattern); or the "
                "diagonal (Jacobi).")
      .with_default(std::string("ilu"));
  schema.add_integer("restart", "GMRES's restart length (Krylov vectors kept).")
      .with_default(50LL)
      .at_least(1);
}

ObjectSchema krylov_params() {
  ObjectSchema schema{
      "krylov",
      "PETSc's Krylov solvers in this process (builds with PETSc only), preconditioned on the "
      "right so that the tolerance bounds the true residual. A solve that does not converge, or "
      "whose preconditioner fails, is done again by UMFPACK (under domain decomposition by LU "
      "with MUMPS); summary.json counts them (`linear_solver_fallbacks`). With every step on "
      "krylov or petsc, `mpirun -np N` splits the bodies and contacts among the ranks."};
  add_method_keys(schema);
  add_stopping_keys(schema, 1000LL);
  schema
      .add_string("options",
                  "Further PETSc options in PETSc's command-line syntax, applied after the keys "
                  "above, e.g. \"-ksp_monitor\".")
      .with_default(std::string())
      .allowing_empty();
  schema.complete = check_krylov;
  schema.example = "{krylov: {method: gmres, preconditioner: ilu, restart: 50}}";
  return schema;
}

#if POLYDEM_WITH_PETSC
KrylovOptions krylov_options(const ParamSet& set) {
  KrylovOptions krylov;
  krylov.method = set.string("method");
  krylov.restart = set.integer("restart");
  krylov.relative_tolerance = set.real("relative_tolerance");
  krylov.max_iterations = set.integer("max_iterations");
  krylov.preconditioner = set.string("preconditioner");
  krylov.further = set.string("options");
  return krylov;
}
#endif

LinearSolverChoice choose_krylov([[maybe_unused]] const ParamSet& set) {
  LinearSolverChoice choice{
      set.schema, {}, {}, true, set.at("options").mark, set.key_path("options")};
#if POLYDEM_WITH_PETSC
  const std::string options = petsc_krylov_options(krylov_options(set));
  choice.make = [options] {
    return with_direct_fallback(make_petsc_linear_solver(options), make_umfpack_solver());
  };
  // Split among the ranks (docs/parallel.md), LU with MUMPS takes a failed solve over.
  choice.make_distributed = [options](const DistributedEquations& equations) {
    return with_direct_fallback(make_distributed_petsc_solver(options, equations),
                                make_distributed_petsc_solver("", equations));
  };
#endif
  return choice;
}

}  // namespace

POLYDEM_REGISTER(linear_solvers(), krylov_params, choose_krylov)

}  // namespace polydem

// `linear_solver: petsc` or `{petsc: {options: "..."}}`: the PETSc back end
// (solvers/petsc/), declared in every build so that docs/deck.md is one file;
// a build without PETSc rejects it where the deck names it.
#include <string>

#include "solvers/direct_fallback.hpp"
#include "solvers/krylov_options.hpp"
#include "solvers/linear_solver_family.hpp"
#if POLYDEM_WITH_PETSC
#include "solvers/petsc/petsc_linear_solver.hpp"
#endif

namespace polydem {
namespace {

void check_petsc(ParamSet& set) {
  if (!POLYDEM_WITH_PETSC)
    throw InputError(set.mark, set.path,
                     "'petsc' is not available: this polydem was built without PETSc "
                     "(install petsc-dev, e.g. with scripts/install-deps.sh, and rebuild)");
  const std::string& options = set.string("options");
  const auto start = options.find_first_not_of(" \t");
  if (start != std::string::npos && options[start] != '-')
    throw set.error("options", "must start with an option name, e.g. -ksp_type");
}

ObjectSchema petsc_params() {
  ObjectSchema schema{"petsc",
                      "PETSc, the tangent distributed over the MPI ranks (builds with PETSc "
                      "only; see docs/parallel.md). With every step on PETSc, `mpirun -np N` "
                      "also splits the bodies and contacts among the ranks."};
  schema
      .add_string("options",
                  "PETSc options in PETSc's command-line syntax, applied over LU with MUMPS "
                  "(e.g. \"-ksp_type gmres -pc_type bjacobi\"; \"-ksp_view\" keeps LU). Empty: "
                  "GMRES(50) with block Jacobi, ILU(0) in each rank's block, to 1e-8 of the "
                  "residual, and LU with MUMPS for a solve it fails (counted as "
                  "linear_solver_fallbacks): 2.4–4.9× less linear-solve time than LU alone on one "
                  "and two ranks (docs/parallel.md).")
      .with_default(std::string())
      .allowing_empty();
  schema.complete = check_petsc;
  schema.example = "{petsc: {options: \"-ksp_type gmres -pc_type bjacobi\"}}";
  return schema;
}

LinearSolverChoice choose_petsc([[maybe_unused]] const ParamSet& set) {
  LinearSolverChoice choice{
      set.schema, {}, {}, true, set.at("options").mark, set.key_path("options")};
#if POLYDEM_WITH_PETSC
  const std::string options = set.string("options");
  if (options.find_first_not_of(" \t") == std::string::npos) {
    const std::string krylov = petsc_krylov_options({});
    choice.make = [krylov] {
      return with_direct_fallback(make_petsc_linear_solver(krylov), make_petsc_linear_solver(""));
    };
    choice.make_distributed = [krylov](const DistributedEquations& equations) {
      return with_direct_fallback(make_distributed_petsc_solver(krylov, equations),
                                  make_distributed_petsc_solver("", equations));
    };
    return choice;
  }
  choice.make = [options] { return make_petsc_linear_solver(options); };
  choice.make_distributed = [options](const DistributedEquations& equations) {
    return make_distributed_petsc_solver(options, equations);
  };
#endif
  return choice;
}

}  // namespace

POLYDEM_REGISTER(linear_solvers(), petsc_params, choose_petsc)

}  // namespace polydem

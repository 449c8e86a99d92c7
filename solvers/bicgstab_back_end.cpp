// `linear_solver: bicgstab`: BiCGSTAB preconditioned by the inverse of each body's 6×6
// diagonal block (bicgstab_solver.hpp), on every thread of the run and without PETSc or
// MPI, with UMFPACK behind it. The tangent's values change O(1) between Newton iterations
// (issue 30), so a preconditioner rebuilt at every iteration for the cost of a few
// matrix-vector products pays where a factorisation does not.
#include "solvers/bicgstab_solver.hpp"
#include "solvers/direct_fallback.hpp"
#include "solvers/iterative_stopping.hpp"
#include "solvers/linear_solver_family.hpp"
#include "solvers/umfpack_solver.hpp"

namespace polydem {
namespace {

ObjectSchema bicgstab_params() {
  ObjectSchema schema{
      "bicgstab",
      "BiCGSTAB (Eigen's recurrence), preconditioned by the inverse of each body's 6×6 "
      "diagonal block, each solve in one parallel region on every thread (--threads), in any "
      "build (no PETSc, no MPI); the results are the same for any thread count. A solve that does "
      "not reach the tolerance (its true residual "
      "checked), or a singular block, is done again by UMFPACK; summary.json counts them "
      "(`linear_solver_fallbacks`)."};
  add_stopping_keys(schema, 500LL);
  schema.example = "{bicgstab: {relative_tolerance: 1.0e-8}}";
  return schema;
}

LinearSolverChoice choose_bicgstab(const ParamSet& set) {
  LinearSolverChoice choice{set.schema, {}, {}, false, set.mark, {}};
  const double tolerance = set.real("relative_tolerance");
  const int max_iterations = static_cast<int>(set.integer("max_iterations"));
  choice.make = [tolerance, max_iterations] {
    return with_direct_fallback(make_bicgstab_solver(tolerance, max_iterations),
                                make_umfpack_solver());
  };
  return choice;
}

}  // namespace

POLYDEM_REGISTER(linear_solvers(), bicgstab_params, choose_bicgstab)

}  // namespace polydem

#include "solvers/linear_solver_family.hpp"

namespace polydem {

Family<LinearSolverChoice>& linear_solvers() {
  static Family<LinearSolverChoice> family(
      PolymorphicFamily::named("linear_solver",
                               "The linear-solver back end of a step: a bare name for its "
                               "defaults (`umfpack`), or a map with one key naming it and its "
                               "options (`{petsc: {options: \"-ksp_type gmres\"}}`).")
          .with_bare_names());
  return family;
}

POLYDEM_DECLARE_FAMILY(linear_solvers)

LinearSolverChoice one_process_back_end(const ParamSet& set,
                                        std::unique_ptr<LinearSolver> (*make)()) {
  return {set.schema, make, {}, false, set.mark, {}};
}

ParamSet default_linear_solver(const std::string& type) {
  ParamSet set;
  set.schema = type;
  set.family = "linear_solver";
  return set;
}

}  // namespace polydem

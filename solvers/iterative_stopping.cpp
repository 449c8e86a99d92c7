#include "solvers/iterative_stopping.hpp"

namespace polydem {

void add_stopping_keys(ObjectSchema& schema, long long max_iterations) {
  schema
      .add_real("relative_tolerance",
                "The linear solve stops once |b - A x| <= relative_tolerance |b|.")
      .with_default(1e-8)
      .greater_than(0)
      .less_than(1);
  schema.add_integer("max_iterations", "Iterations before the solve goes to UMFPACK.")
      .with_default(max_iterations)
      .at_least(1);
}

}  // namespace polydem

#include "solvers/newton_settings.hpp"

#include <algorithm>

#include "src/params/declarations.hpp"

namespace polydem {
namespace {

ObjectSchema newton_params() {
  ObjectSchema schema{"newton", "Newton–Raphson iteration control."};
  schema.add_integer("max_iterations", "Iterations before Δt is cut.")
      .with_default(20LL)
      .at_least(1);
  schema.add_real("residual_tolerance", "Residual norm relative to the force scale.")
      .with_default(1e-8)
      .greater_than(0);
  schema.add_real("increment_tolerance", "Increment norm (|δu|/L and |δα|).")
      .with_default(1e-10)
      .greater_than(0);
  schema
      .add_real("force_scale",
                "Force scale for the residual; 0 = automatic from loads and inertia.")
      .with_unit("N")
      .with_default(0.0)
      .at_least(0);
  return schema;
}

}  // namespace

NewtonSettings NewtonSettings::from(const ParamSet& set) {
  NewtonSettings settings;
  settings.max_iterations =
      static_cast<int>(std::min<long long>(set.integer("max_iterations"), 1 << 30));
  settings.residual_tolerance = set.real("residual_tolerance");
  settings.increment_tolerance = set.real("increment_tolerance");
  settings.force_scale = set.real("force_scale");
  return settings;
}

POLYDEM_DECLARE_OBJECT(newton_params)

}  // namespace polydem

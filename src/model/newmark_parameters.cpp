#include "src/model/newmark_parameters.hpp"

#include "src/params/declarations.hpp"

namespace polydem {
namespace {

ObjectSchema newmark_params() {
  ObjectSchema schema{"newmark", "Newmark time integration parameters."};
  schema.add_real("beta", "β.").with_default(0.3).greater_than(0).at_most(0.5);
  schema.add_real("gamma", "γ.").with_default(0.5).at_least(0.5).at_most(1);
  return schema;
}

}  // namespace

NewmarkParameters NewmarkParameters::from(const ParamSet& set) {
  return {set.real("beta"), set.real("gamma")};
}

POLYDEM_DECLARE_OBJECT(newmark_params)

}  // namespace polydem

#include "contact/law/normal_branch_family.hpp"

namespace polydem {

Family<std::shared_ptr<const BranchRecipe>>& normal_branches() {
  static Family<std::shared_ptr<const BranchRecipe>> family(PolymorphicFamily::named(
      "normal_branch",
      "Part (i) of the hybrid normal law, instead of `stiffness` and `exponent`: a map with one "
      "key naming its type. The barrier part (ii) joins it with the same C¹ matching."));
  return family;
}

POLYDEM_DECLARE_FAMILY(normal_branches)

}  // namespace polydem

#include "contact/law/normal_law_family.hpp"

namespace polydem {

Family<std::shared_ptr<const NormalLawRecipe>>& normal_laws() {
  static Family<std::shared_ptr<const NormalLawRecipe>> family(
      PolymorphicFamily::named("normal_law",
                               "The normal law of an interaction: a map with one key naming its "
                               "type, or the keys of `hybrid_barrier` (the paper's law) alone.")
          .with_map_default("hybrid_barrier"));
  return family;
}

POLYDEM_DECLARE_FAMILY(normal_laws)

void SkinRule::declare(ObjectSchema& schema) {
  schema.add_real("skin", "ḡ_n: activation gap, the contact skin.")
      .with_unit("m")
      .with_computed_default("relative_skin × size")
      .greater_than(0);
  schema
      .add_real("relative_skin",
                "ḡ_n as a fraction of the size of the smaller body of each pair (cube root of its "
                "volume), instead of `skin`, so that scaled models behave alike.")
      .with_computed_default("none: `skin` is given")
      .greater_than(0);
}

void SkinRule::check(ParamSet& set) {
  if (set.has_value("skin") == set.has_value("relative_skin"))
    throw set.error(set.has_value("skin") ? "relative_skin" : "skin",
                    "give exactly one of `skin` and `relative_skin`");
}

SkinRule SkinRule::from(const ParamSet& set) {
  return {set.has_value("skin") ? set.real("skin") : 0.0,
          set.has_value("relative_skin") ? set.real("relative_skin") : 0.0};
}

}  // namespace polydem

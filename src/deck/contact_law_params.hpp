// The deck values that choose an interaction's laws beyond the paper's
// explicit parameters, each type declaring its keys and what it builds in one
// table in the .cpp file (as time_function_params does):
//  - materials (E, ν, optional contact-layer stiffness) and the groups made of
//    them, from which part (i) of the normal law can be derived;
//  - the normal_branch family, part (i) of the normal law: {linear: ...} or
//    {hertz: ...};
//  - the damping family: {viscous: ...}, {hunt_crossley: ...} or
//    {restitution: ...}.
#pragma once

#include <optional>

#include "contact/law/contact_material.hpp"
#include "contact/law/normal_damping.hpp"
#include "contact/law/normal_law_recipe.hpp"
#include "contact/law/restitution_law.hpp"
#include "src/params/param_set.hpp"
#include "src/params/registry.hpp"

namespace polydem {

ObjectSchema material_params();
ObjectSchema contact_group_params();
PolymorphicFamily normal_branch_family();
PolymorphicFamily damping_family();

ContactMaterial build_material(const ParamSet& material);
/// Part (i) as a normal_branch member describes it.
NormalLawRecipe build_normal_recipe(const ParamSet& member);

/// The normal damping of an interaction and, with restitution, its e(v).
struct DampingSpec {
  NormalDampingParams damping;
  std::optional<RestitutionParams> restitution;
};
DampingSpec build_damping(const ParamSet& member);

/// Deck-level checks: unique material and group names, groups that name a
/// material and hold bodies or boundaries, and the materials that every
/// interaction deriving its law from them needs.
void check_contact_materials(const ParamSet& deck);

}  // namespace polydem

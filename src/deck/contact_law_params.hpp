// The contact materials of a deck (E, ν, optional contact-layer stiffness) and
// the groups made of them, from which an interaction's normal law may derive
// its stiffness. The laws themselves (normal law, damping, friction) declare
// their keys where they are implemented (contact/law/).
#pragma once

#include "contact/law/contact_material.hpp"
#include "src/params/param_set.hpp"
#include "src/params/param_spec.hpp"

namespace polydem {

ObjectSchema material_params();
ObjectSchema contact_group_params();

ContactMaterial build_material(const ParamSet& material);

/// Deck-level checks: unique material and group names, groups that name a
/// material and hold bodies or boundaries, and the materials that every
/// interaction deriving its law from them needs.
void check_contact_materials(const ParamSet& deck);

}  // namespace polydem

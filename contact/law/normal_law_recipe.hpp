// Where part (i) of an interaction's normal law comes from: ε1 and n1 as given
// (the paper's form), a linear spring or Hertz's law, the last two possibly
// from the materials of the two groups. A recipe resolves to the paper's
// parameters (NormalLawParams) once the materials are known.
#pragma once

#include <variant>

#include "contact/law/contact_material.hpp"
#include "contact/law/hertz_law.hpp"
#include "contact/law/hybrid_barrier_law.hpp"
#include "contact/law/linear_law.hpp"

namespace polydem {

/// monostate: ε1 and n1 are those of the NormalLawParams.
using NormalLawRecipe = std::variant<std::monostate, LinearLawParams, HertzParams>;

/// What a recipe needs from the two groups' materials.
enum class MaterialNeed { Nothing, Moduli, NormalStiffness };
MaterialNeed material_need(const NormalLawRecipe& recipe);

/// `base` with ε1 and n1 from the recipe. Precondition: the materials that
/// material_need() asks for are given (a, b may be null otherwise).
NormalLawParams resolve_normal_law(NormalLawParams base, const NormalLawRecipe& recipe,
                                   const ContactMaterial* a, const ContactMaterial* b);

}  // namespace polydem

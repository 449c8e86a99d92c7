#include "contact/law/normal_law_recipe.hpp"

namespace polydem {
namespace {

struct Need {
  MaterialNeed operator()(std::monostate) const { return MaterialNeed::Nothing; }
  MaterialNeed operator()(const LinearLawParams& p) const {
    if (p.stiffness > 0) return MaterialNeed::Nothing;
    return p.contact_length > 0 ? MaterialNeed::Moduli : MaterialNeed::NormalStiffness;
  }
  MaterialNeed operator()(const HertzParams& p) const {
    return p.effective_modulus > 0 ? MaterialNeed::Nothing : MaterialNeed::Moduli;
  }
};

struct Resolve {
  NormalLawParams base;
  const ContactMaterial* a;
  const ContactMaterial* b;
  NormalLawParams operator()(std::monostate) const { return base; }
  NormalLawParams operator()(const LinearLawParams& p) const {
    NormalLawParams law = base;
    law.stiffness = linear_coefficient(p, a, b);
    law.exponent = 1;
    return law;
  }
  NormalLawParams operator()(const HertzParams& p) const {
    NormalLawParams law = base;
    law.stiffness = hertz_coefficient(p, a, b);
    law.exponent = kHertzExponent;
    return law;
  }
};

}  // namespace

MaterialNeed material_need(const NormalLawRecipe& recipe) { return std::visit(Need{}, recipe); }

NormalLawParams resolve_normal_law(NormalLawParams base, const NormalLawRecipe& recipe,
                                   const ContactMaterial* a, const ContactMaterial* b) {
  return std::visit(Resolve{base, a, b}, recipe);
}

}  // namespace polydem

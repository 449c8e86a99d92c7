#include "contact/law/hertz_law.hpp"

#include <cmath>

#include "contact/law/normal_branch_family.hpp"

namespace polydem {

double hertz_coefficient(double effective_modulus, double effective_radius) {
  return 4.0 / 3.0 * effective_modulus * std::sqrt(effective_radius);
}

double hertz_coefficient(const HertzParams& params, const ContactMaterial* a,
                         const ContactMaterial* b) {
  const double modulus =
      params.effective_modulus > 0 ? params.effective_modulus : effective_modulus(*a, *b);
  return hertz_coefficient(modulus, params.effective_radius);
}

namespace {

class HertzBranch final : public BranchRecipe {
 public:
  explicit HertzBranch(HertzParams params) : params_(params) {}
  NormalLawParams resolve(NormalLawParams base, const ContactMaterial* a,
                          const ContactMaterial* b) const override {
    base.stiffness = hertz_coefficient(params_, a, b);
    base.exponent = kHertzExponent;
    return base;
  }
  std::string material_problem(const ContactMaterial* material) const override {
    if (params_.effective_modulus > 0 || material != nullptr) return {};
    return "derives the law from the groups' materials";
  }

 private:
  HertzParams params_;
};

ObjectSchema hertz_branch_params() {
  ObjectSchema schema{"hertz",
                      "Hertz's law (4/3) E* √R* δ^{3/2} (n1 = 3/2), E* given or from the two "
                      "groups' materials in series."};
  schema
      .add_real("effective_radius",
                "R* = R_a R_b/(R_a + R_b) of the rounded bodies the polyhedra stand for.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_real("effective_modulus", "E*, (1 − ν_a²)/E_a + (1 − ν_b²)/E_b inverted.")
      .with_unit("Pa")
      .with_computed_default("from the groups' materials")
      .greater_than(0);
  schema.example = "{hertz: {effective_radius: 0.05, effective_modulus: 1.0e9}}";
  return schema;
}

std::shared_ptr<const BranchRecipe> make_hertz_branch(const ParamSet& set) {
  HertzParams params;
  params.effective_radius = set.real("effective_radius");
  if (set.has_value("effective_modulus")) params.effective_modulus = set.real("effective_modulus");
  return std::make_shared<const HertzBranch>(params);
}

}  // namespace

POLYDEM_REGISTER(normal_branches(), hertz_branch_params, make_hertz_branch)

}  // namespace polydem

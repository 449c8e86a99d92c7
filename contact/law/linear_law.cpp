#include "contact/law/linear_law.hpp"

#include "contact/law/normal_branch_family.hpp"

namespace polydem {

double linear_coefficient(const LinearLawParams& params, const ContactMaterial* a,
                          const ContactMaterial* b) {
  if (params.stiffness > 0) return params.stiffness;
  if (params.contact_length > 0) return effective_modulus(*a, *b) * params.contact_length;
  return series_stiffness(a->normal_stiffness, b->normal_stiffness);
}

namespace {

class LinearBranch final : public BranchRecipe {
 public:
  explicit LinearBranch(LinearLawParams params) : params_(params) {}
  NormalLawParams resolve(NormalLawParams base, const ContactMaterial* a,
                          const ContactMaterial* b) const override {
    base.stiffness = linear_coefficient(params_, a, b);
    base.exponent = 1;
    return base;
  }
  std::string material_problem(const ContactMaterial* material) const override {
    if (params_.stiffness > 0) return {};
    if (material == nullptr) return "derives the law from the groups' materials";
    if (params_.contact_length > 0 || material->normal_stiffness > 0) return {};
    return "a linear law without `stiffness` or `contact_length` needs the normal_stiffness of "
           "material '" +
           material->name + "'";
  }

 private:
  LinearLawParams params_;
};

ObjectSchema linear_branch_params() {
  ObjectSchema schema{"linear",
                      "A linear spring ε1 δ (n1 = 1): `stiffness` given, or from the two groups' "
                      "materials in series, ε1 = E*·`contact_length` or, without it, "
                      "k_a k_b/(k_a + k_b) of their `normal_stiffness`."};
  schema.add_real("stiffness", "ε1.")
      .with_unit("N/m")
      .with_computed_default("from the groups' materials")
      .greater_than(0);
  schema
      .add_real("contact_length",
                "ℓ in ε1 = E* ℓ, E* of the two materials in series (a flat punch of radius a "
                "has ℓ = 2a).")
      .with_unit("m")
      .with_computed_default("none: the materials' normal_stiffness in series")
      .greater_than(0);
  schema.complete = [](ParamSet& set) {
    if (set.has_value("stiffness") && set.has_value("contact_length"))
      throw set.error("contact_length", "give `stiffness` or `contact_length`, not both");
  };
  schema.example = "{linear: {stiffness: 1.0e6}}";
  return schema;
}

std::shared_ptr<const BranchRecipe> make_linear_branch(const ParamSet& set) {
  LinearLawParams params;
  if (set.has_value("stiffness")) params.stiffness = set.real("stiffness");
  if (set.has_value("contact_length")) params.contact_length = set.real("contact_length");
  return std::make_shared<const LinearBranch>(params);
}

}  // namespace

POLYDEM_REGISTER(normal_branches(), linear_branch_params, make_linear_branch)

}  // namespace polydem

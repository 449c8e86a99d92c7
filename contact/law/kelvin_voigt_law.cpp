#include "contact/law/kelvin_voigt_law.hpp"

#include <memory>
#include <stdexcept>

#include "contact/law/normal_law_family.hpp"

namespace polydem {

KelvinVoigtLaw::KelvinVoigtLaw(double skin, double stiffness) : skin_(skin), stiffness_(stiffness) {
  if (!(skin > 0) || !(stiffness > 0))
    throw std::invalid_argument("a Kelvin–Voigt law needs a positive skin and stiffness");
}

double KelvinVoigtLaw::force(double gap) const {
  return gap < skin_ ? stiffness_ * (skin_ - gap) : 0.0;
}

double KelvinVoigtLaw::force_derivative(double gap) const {
  return gap < skin_ ? -stiffness_ : 0.0;
}

double KelvinVoigtLaw::energy(double gap) const {
  const double overlap = skin_ - gap;
  return gap < skin_ ? 0.5 * stiffness_ * overlap * overlap : 0.0;
}

// ---- the deck's `normal` member `kelvin_voigt` ----

namespace {

class KelvinVoigtRecipe final : public NormalLawRecipe {
 public:
  KelvinVoigtRecipe(SkinRule skin, double stiffness) : skin_(skin), stiffness_(stiffness) {}
  double skin(double size) const override { return skin_.of(size); }
  std::shared_ptr<const NormalLaw> make(double skin, const ContactMaterial* /*a*/,
                                        const ContactMaterial* /*b*/) const override {
    return std::make_shared<const KelvinVoigtLaw>(skin, stiffness_);
  }

 private:
  SkinRule skin_;
  double stiffness_;
};

ObjectSchema kelvin_voigt_params() {
  ObjectSchema schema{"kelvin_voigt",
                      "The linear spring–dashpot of most DEM codes: k (ḡ − g) on the overlap of "
                      "the skin, no barrier, with the interaction's dashpot in parallel "
                      "(`damping: {viscous: {ratio: ζ}}`, and `damping_ramp: 0` as printed). "
                      "The normal force may pull until the overlap is gone, so an impact "
                      "rebounds with e = exp(−πζ/√(1 − ζ²)). Nothing stops an overlap deeper "
                      "than the skin (the step is rejected): ḡ must exceed v √(m/k) at the "
                      "fastest impact speed v."};
  SkinRule::declare(schema);
  schema.add_real("stiffness", "k of the spring.").with_unit("N/m").make_required().greater_than(0);
  schema.complete = SkinRule::check;
  schema.example = "{kelvin_voigt: {skin: 0.001, stiffness: 1.0e6}}";
  return schema;
}

std::shared_ptr<const NormalLawRecipe> make_kelvin_voigt(const ParamSet& set) {
  return std::make_shared<const KelvinVoigtRecipe>(SkinRule::from(set), set.real("stiffness"));
}

}  // namespace

POLYDEM_REGISTER(normal_laws(), kelvin_voigt_params, make_kelvin_voigt)

}  // namespace polydem

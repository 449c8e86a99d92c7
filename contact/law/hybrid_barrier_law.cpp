#include "contact/law/hybrid_barrier_law.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "contact/law/normal_branch_family.hpp"
#include "contact/law/normal_law_family.hpp"
#include "contact/law/power_law_branch.hpp"

namespace polydem {
namespace {

bool finite_positive(double x) { return std::isfinite(x) && x > 0; }

std::string barrier_inconsistency(double skin, double barrier_fraction, double barrier_exponent) {
  if (!finite_positive(skin)) return "skin: the activation gap ḡ_n must be positive";
  if (!(barrier_fraction > 0 && barrier_fraction < 1))
    return "barrier_fraction: f must lie strictly between 0 and 1 (the barrier starts at f·ḡ_n, "
           "inside the skin)";
  if (!(std::isfinite(barrier_exponent) && barrier_exponent < 0))
    return "barrier_exponent: n2 must be negative, otherwise the force stays finite as the gap "
           "closes and the law is no barrier (eq. 49, part ii)";
  return {};
}

}  // namespace

std::string normal_law_inconsistency(const NormalLawParams& p) {
  if (!finite_positive(p.skin)) return "skin: the activation gap ḡ_n must be positive";
  if (!finite_positive(p.stiffness)) return "stiffness: ε1 must be positive";
  if (!(std::isfinite(p.exponent) && p.exponent >= 1))
    return "exponent: n1 must be at least 1 (below 1, df_n/dg is infinite at the skin and "
           "Newton's tangent blows up there)";
  return barrier_inconsistency(p.skin, p.barrier_fraction, p.barrier_exponent);
}

HybridBarrierLaw::HybridBarrierLaw(const NormalLawParams& params)
    : HybridBarrierLaw(params.skin,
                       std::make_shared<const PowerLawBranch>(params.stiffness, params.exponent),
                       params.barrier_fraction, params.barrier_exponent) {
  if (const std::string why = normal_law_inconsistency(params); !why.empty())
    throw std::invalid_argument(why);
}

HybridBarrierLaw::HybridBarrierLaw(double skin, std::shared_ptr<const NormalBranch> branch,
                                   double barrier_fraction, double barrier_exponent)
    : skin_(skin),
      branch_(std::move(branch)),
      barrier_fraction_(barrier_fraction),
      barrier_exponent_(barrier_exponent),
      gap_to_n2_(barrier_exponent),
      gap_to_n2_minus_1_(barrier_exponent - 1),
      gap_to_n2_minus_2_(barrier_exponent - 2),
      gap_to_n2_plus_1_(barrier_exponent + 1) {
  if (const std::string why = barrier_inconsistency(skin, barrier_fraction, barrier_exponent);
      !why.empty())
    throw std::invalid_argument(why);
  barrier_gap_ = barrier_fraction * skin;
  skin_stiffness_ = branch_->stiffness(0.0);
  const double depth = skin - barrier_gap_;
  const double n2 = barrier_exponent;
  // Eq. (50): value and slope of both branches agree at ḡḡ; df_n/dg = −f_i'(δ).
  const double switch_stiffness = branch_->stiffness(depth);
  if (!finite_positive(switch_stiffness))
    throw std::invalid_argument("the branch's stiffness at the switch f·ḡ_n must be positive");
  epsilon2_ = -switch_stiffness / (n2 * std::pow(barrier_gap_, n2 - 1));
  c2_ = branch_->force(depth) - epsilon2_ * std::pow(barrier_gap_, n2);
  energy_at_switch_ = branch_->energy(depth);
}

double HybridBarrierLaw::force(double gap) const {
  if (gap >= skin_) return 0.0;
  if (gap >= barrier_gap_) return branch_->force(skin_ - gap);
  return epsilon2_ * gap_to_n2_(gap) + c2_;
}

double HybridBarrierLaw::force_derivative(double gap) const {
  if (gap >= skin_) return 0.0;
  if (gap >= barrier_gap_) return -branch_->stiffness(skin_ - gap);
  return epsilon2_ * barrier_exponent_ * gap_to_n2_minus_1_(gap);
}

double HybridBarrierLaw::force_second_derivative(double gap) const {
  const double n2 = barrier_exponent_;
  if (gap >= skin_) return 0.0;
  if (gap >= barrier_gap_) return branch_->stiffness_slope(skin_ - gap);
  return epsilon2_ * n2 * (n2 - 1) * gap_to_n2_minus_2_(gap);
}

double HybridBarrierLaw::engaged_force(double gap) const {
  if (gap < skin_) return force(gap);
  return -skin_stiffness_ * (gap - skin_);
}

double HybridBarrierLaw::engaged_force_derivative(double gap) const {
  if (gap < skin_) return force_derivative(gap);
  return -skin_stiffness_;
}

double HybridBarrierLaw::engaged_force_second_derivative(double gap) const {
  return gap < skin_ ? force_second_derivative(gap) : 0.0;
}

double HybridBarrierLaw::energy(double gap) const {
  const double n2 = barrier_exponent_;
  if (gap >= skin_) return 0.0;
  if (gap >= barrier_gap_) return branch_->energy(skin_ - gap);
  const double barrier_part =
      n2 == -1 ? epsilon2_ * std::log(barrier_gap_ / gap)
               : epsilon2_ * (gap_to_n2_plus_1_(barrier_gap_) - gap_to_n2_plus_1_(gap)) / (n2 + 1);
  return energy_at_switch_ + barrier_part + c2_ * (barrier_gap_ - gap);
}

std::string HybridBarrierLaw::shape_key() const {
  char key[64];
  std::snprintf(key, sizeof key, " f=%.17g n2=%.17g", barrier_fraction_, barrier_exponent_);
  return branch_->shape_key() + key;
}

// ---- the deck's `normal` member `hybrid_barrier` (also the keys alone) ----

namespace {

/// The law of a pair: part (i) as given or from its branch and the materials.
class HybridBarrierRecipe final : public NormalLawRecipe {
 public:
  HybridBarrierRecipe(SkinRule skin, NormalLawParams base,
                      std::shared_ptr<const BranchRecipe> branch)
      : skin_(skin), base_(base), branch_(std::move(branch)) {}

  double skin(double size) const override { return skin_.of(size); }
  std::shared_ptr<const NormalLaw> make(double skin, const ContactMaterial* a,
                                        const ContactMaterial* b) const override {
    NormalLawParams params = branch_ ? branch_->resolve(base_, a, b) : base_;
    params.skin = skin;
    return std::make_shared<const HybridBarrierLaw>(params);
  }
  std::string material_problem(const ContactMaterial* material) const override {
    return branch_ ? branch_->material_problem(material) : std::string();
  }
  std::string material_key() const override { return "branch"; }

 private:
  SkinRule skin_;
  NormalLawParams base_;
  std::shared_ptr<const BranchRecipe> branch_;  ///< null: ε1 and n1 as given
};

/// Part (i) is given either by `stiffness` and `exponent` (1 by default) or by `branch`.
void check_part_one(ParamSet& normal) {
  if (normal.has_value("branch")) {
    for (const char* key : {"stiffness", "exponent"})
      if (normal.has_value(key))
        throw normal.error(key, "is set by `branch`; give one or the other");
    return;
  }
  if (!normal.has_value("stiffness"))
    throw normal.error("stiffness", "required key is missing (or give `branch`)");
  if (!normal.has_value("exponent")) normal.at("exponent").value = 1.0;
}

void check_hybrid_barrier(ParamSet& set) {
  SkinRule::check(set);
  check_part_one(set);
  // The consistency of the law does not depend on the skin's value, nor on ε1 from a branch.
  const double skin = set.has_value("skin") ? set.real("skin") : 1.0;
  const double stiffness = set.has_value("stiffness") ? set.real("stiffness") : 1.0;
  const double exponent = set.has_value("exponent") ? set.real("exponent") : 1.0;
  const NormalLawParams params{skin, stiffness, exponent, set.real("barrier_fraction"),
                               set.real("barrier_exponent")};
  if (const std::string why = normal_law_inconsistency(params); !why.empty()) {
    const std::string key = why.substr(0, why.find(':'));
    throw set.error(key, why.substr(why.find(':') + 2));
  }
}

ObjectSchema hybrid_barrier_params() {
  ObjectSchema schema{"hybrid_barrier",
                      "The paper's hybrid penalty + barrier law: ε1(ḡ − g)^n1 for f·ḡ ≤ g < ḡ, "
                      "ε2 g^n2 + c2 below, with ε2 and c2 from C¹ matching (eq. 51). Bodies "
                      "never interpenetrate. Its keys may be written without the type."};
  SkinRule::declare(schema);
  schema.add_real("stiffness", "ε1 of part (i).")
      .with_unit("N/m^n1")
      .with_computed_default("required unless `branch` is given")
      .greater_than(0);
  schema.add_real("exponent", "n1 of part (i).")
      .with_computed_default("1, unless `branch` is given")
      .at_least(1);
  schema.add_polymorphic("branch", "normal_branch", "Part (i) from a law or from material data.")
      .with_computed_default("ε1 (g̅ − g)^n1 with `stiffness` and `exponent`");
  schema.add_real("barrier_fraction", "f: the barrier starts at f·ḡ_n.")
      .with_default(0.5)
      .greater_than(0)
      .less_than(1);
  schema.add_real("barrier_exponent", "n2 < 0 of the barrier part (ii).")
      .with_default(-1.0)
      .less_than(0);
  schema.complete = check_hybrid_barrier;
  schema.example = "{hybrid_barrier: {skin: 0.001, stiffness: 1.0e9, exponent: 2}}";
  return schema;
}

std::shared_ptr<const NormalLawRecipe> make_hybrid_barrier(const ParamSet& set) {
  const NormalLawParams base{0.0, set.has_value("stiffness") ? set.real("stiffness") : 0.0,
                             set.has_value("exponent") ? set.real("exponent") : 1.0,
                             set.real("barrier_fraction"), set.real("barrier_exponent")};
  std::shared_ptr<const BranchRecipe> branch;
  if (set.has_value("branch")) branch = normal_branches().build(set.object("branch"));
  return std::make_shared<const HybridBarrierRecipe>(SkinRule::from(set), base, branch);
}

}  // namespace

POLYDEM_REGISTER(normal_laws(), hybrid_barrier_params, make_hybrid_barrier)

}  // namespace polydem

#include "contact/law/damping/viscous_damping.hpp"

#include <cmath>
#include <numbers>

namespace polydem {
namespace {

class ViscousDashpot final : public DashpotOn<ViscousDashpot> {
 public:
  template <class S>
  static S force_on(const DashpotState<S>& state) {
    using std::sqrt;
    const ContactStiffness<S>& stiffness = state.stiffness;
    S dashpot = sqrt(stiffness.own * S(state.mass));
    if (stiffness.shared) dashpot = stiffness.own * sqrt(stiffness.pair_mass / stiffness.pair);
    return S(2 * state.coefficient) * state.share * dashpot * state.normal_velocity;
  }

  std::string name() const override { return "viscous"; }
  bool damps(double stiffness) const override { return stiffness > 0; }
  bool uses_pair_stiffness() const override { return true; }
  // With restitution: the linear law's closed form for its smallest e,
  // −ln e/√(π² + ln² e) (the calibrated ζ of other laws is close).
  double critical_ratio(double coefficient, double lowest_restitution) const override {
    if (!(lowest_restitution > 0)) return coefficient;
    const double log_e = std::log(lowest_restitution);
    return -log_e / std::sqrt(std::numbers::pi * std::numbers::pi + log_e * log_e);
  }

  double scaled_pressure(const ScaledNormalLaw& law, double y, double w,
                         double damping) const override {
    return law.force(y) - 2 * damping * std::sqrt(law.stiffness(y)) * w;
  }
  double scaled_rate(const ScaledNormalLaw& /*law*/, double /*y*/, double k, double /*w*/,
                     double damping) const override {
    return (1 + 2 * damping) * std::sqrt(k);
  }
  double scaled_coefficient(double damping, double /*speed*/) const override { return damping; }
  double largest_scaled_damping() const override { return 4.0; }  // ζ: e ≈ 0.014, linear law
  double coefficient(double damping, double /*approach_speed*/) const override { return damping; }
  bool linear_closed_form() const override { return true; }
};

ObjectSchema viscous_params() {
  ObjectSchema schema{"viscous",
                      "Eq. (52) with ratio ζ: f_d = 2ζ √(k m) ġ_n, m the mass the contact meets at "
                      "its point along its normal (rotation included), shared among the pair's "
                      "contacts by default (a flat face is damped like one contact)."};
  schema.add_real("ratio", "ζ.").make_required().at_least(0);
  schema
      .add_enum("mass", {"shared", "whole"},
                "shared: each contact takes the share k/Σk of the mass M its stiffness has among "
                "the pair's contacts, M the mass their stiffness-weighted push meets; whole: "
                "every contact takes all of its own contact-point mass (eq. 52 as printed, like "
                "`damping_ratio`).")
      .with_default(std::string("shared"));
  schema.example = "{viscous: {ratio: 0.3}}";
  return schema;
}

NormalDamping make_viscous(const ParamSet& set) {
  return viscous_damping(set.real("ratio"), set.string("mass") == "shared");
}

[[maybe_unused]] const bool registered = register_dashpot(viscous_dashpot());

}  // namespace

std::shared_ptr<const Dashpot> viscous_dashpot() {
  static const auto dashpot = std::make_shared<const ViscousDashpot>();
  return dashpot;
}

NormalDamping viscous_damping(double ratio, bool share_pair_mass) {
  return {viscous_dashpot(), ratio, share_pair_mass, std::nullopt};
}

POLYDEM_REGISTER(damping_models(), viscous_params, make_viscous)

}  // namespace polydem

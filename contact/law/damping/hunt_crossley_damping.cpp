#include "contact/law/damping/hunt_crossley_damping.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {
namespace {

class HuntCrossleyDashpot final : public DashpotOn<HuntCrossleyDashpot> {
 public:
  template <class S>
  static S force_on(const DashpotState<S>& state) {
    return state.share * state.elastic * S(1.5 * state.coefficient) * state.normal_velocity;
  }

  std::string name() const override { return "hunt_crossley"; }
  bool damps(double /*stiffness*/) const override { return true; }
  // Its dashpot scales with the elastic force: no viscous ζ shortens the step.
  double critical_ratio(double /*coefficient*/, double /*lowest_restitution*/) const override {
    return 0.0;
  }

  double scaled_pressure(const ScaledNormalLaw& law, double y, double w,
                         double damping) const override {
    return law.force(y) * (1 - 1.5 * damping * w);
  }
  // The oscillation stiffened by 1 − (3/2)C y', and the damping rate.
  double scaled_rate(const ScaledNormalLaw& law, double y, double k, double w,
                     double damping) const override {
    const double factor = std::abs(1 - 1.5 * damping * w);
    return std::sqrt(k * factor) + 1.5 * damping * law.force(std::min(y, 1.0));
  }
  // D = c·v0: the scaled equation takes C = c ḡ/T = D/V.
  double scaled_coefficient(double damping, double speed) const override { return damping / speed; }
  double largest_scaled_damping() const override { return 40.0; }  // e ≈ 1/(1.5·40) ≈ 0.017
  double coefficient(double damping, double approach_speed) const override {
    return damping / approach_speed;
  }
};

ObjectSchema hunt_crossley_params() {
  ObjectSchema schema{"hunt_crossley",
                      "Hunt–Crossley: p = f_e (1 + (3/2) c δ̇), zero at first touch and never "
                      "tensile; c ≈ (1 − e)/v for restitution e at impact speed v."};
  schema.add_real("coefficient", "c.").with_unit("s/m").make_required().at_least(0);
  schema.example = "{hunt_crossley: {coefficient: 0.2}}";
  return schema;
}

NormalDamping make_hunt_crossley(const ParamSet& set) {
  return hunt_crossley_damping(set.real("coefficient"));
}

[[maybe_unused]] const bool registered = register_dashpot(hunt_crossley_dashpot());

}  // namespace

std::shared_ptr<const Dashpot> hunt_crossley_dashpot() {
  static const auto dashpot = std::make_shared<const HuntCrossleyDashpot>();
  return dashpot;
}

NormalDamping hunt_crossley_damping(double coefficient) {
  return {hunt_crossley_dashpot(), coefficient, false, std::nullopt};
}

POLYDEM_REGISTER(damping_models(), hunt_crossley_params, make_hunt_crossley)

}  // namespace polydem

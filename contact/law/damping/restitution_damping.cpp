// `{restitution: {coefficient: e0, ...}}`: a dashpot whose coefficient each
// contact event takes from e(v) (restitution_law.hpp) through the impact
// calibration of the interaction's law (impact_calibration.hpp).
#include "contact/law/normal_damping.hpp"
#include "src/params/param_format.hpp"

namespace polydem {
namespace {

ObjectSchema restitution_params() {
  ObjectSchema schema{
      "restitution",
      "A coefficient of restitution e(v) of the approach speed v at the onset of "
      "each contact event, turned into that event's dashpot by a calibration of "
      "the law in use (closed form for a linear law, integrated tables for "
      "Hertz's and for impacts that reach the barrier): e = minimum below "
      "capture_speed, e = coefficient up to yield_speed, coefficient·(yield_speed/v)^¼ "
      "above it, never below minimum."};
  schema.add_real("coefficient", "e0.").make_required().at_least(0.02).at_most(1);
  schema
      .add_enum("dashpot", dashpot_names(),
                "The dashpot whose coefficient is calibrated (viscous: with shared pair mass).")
      .with_default(std::string("viscous"));
  schema.add_real("capture_speed", "Below it the contact is captured: e = minimum.")
      .with_unit("m/s")
      .with_default(0.0)
      .at_least(0);
  schema.add_real("yield_speed", "Above it e falls as (yield_speed/v)^¼ (elastic–plastic impact).")
      .with_unit("m/s")
      .with_computed_default("none: no plastic decay")
      .greater_than(0);
  schema.add_real("minimum", "The smallest e; the calibration reaches down to about 0.015.")
      .with_default(0.02)
      .at_least(0.02)
      .at_most(1);
  schema.complete = [](ParamSet& set) {
    if (set.real("minimum") > set.real("coefficient"))
      throw set.error("minimum",
                      "must not exceed coefficient (" + format_real(set.real("coefficient")) + ")");
  };
  schema.example = "{restitution: {coefficient: 0.5}}";
  return schema;
}

NormalDamping make_restitution(const ParamSet& set) {
  RestitutionParams e;
  e.coefficient = set.real("coefficient");
  e.capture_speed = set.real("capture_speed");
  if (set.has_value("yield_speed")) e.yield_speed = set.real("yield_speed");
  e.minimum = set.real("minimum");
  const std::shared_ptr<const Dashpot> dashpot = dashpot_named(set.string("dashpot"));
  return {dashpot, 0.0, dashpot->uses_pair_stiffness(), e};
}

}  // namespace

POLYDEM_REGISTER(damping_models(), restitution_params, make_restitution)

}  // namespace polydem

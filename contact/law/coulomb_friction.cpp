#include "contact/law/coulomb_friction.hpp"

#include "src/params/param_format.hpp"

namespace polydem {

Vec3 recoverable_tangential_gap(const FrictionParams& params, StickSlip status,
                                const Vec3& tangential_gap, double normal_force,
                                double slip_coefficient) {
  if (!params.enabled() || params.stiffness <= 0) return Vec3::Zero();
  const double mu = status == StickSlip::Stick ? params.static_coefficient : slip_coefficient;
  const double elastic = params.stiffness * tangential_gap.norm();
  if (elastic <= mu * normal_force) return tangential_gap;
  return (slip_coefficient * normal_force / params.stiffness) * tangential_gap.normalized();
}

Family<FrictionParams>& friction_laws() {
  static Family<FrictionParams> family(
      PolymorphicFamily::named("friction",
                               "The friction of an interaction: a map with one key naming its "
                               "law, or the keys of `coulomb` alone.")
          .with_map_default("coulomb"));
  return family;
}

namespace {

/// Completes and checks a friction set: μ_d defaults to μ_s, and friction needs ε_t.
void check_coulomb(ParamSet& set) {
  if (!set.has_value("dynamic")) set.at("dynamic").value = set.real("static");
  if (!set.has_value("stiffness")) {
    if (set.real("static") > 0)
      throw set.error("stiffness",
                      "is required when there is friction (the elastic tangential gap of eq. "
                      "54 needs it)");
    set.at("stiffness").value = 0.0;
  }
  if (set.real("dynamic") > set.real("static"))
    throw set.error("dynamic", "must not exceed static (" + format_real(set.real("static")) + ")");
  if (set.real("static") == 0 && set.real("viscous") > 0)
    throw set.error("viscous", "needs friction (static > 0) to add to");
  if (set.real("static") > 0 && !(set.real("stiffness") > 0))
    throw set.error(
        "stiffness",
        "must be > 0 when there is friction (the elastic tangential gap of eq. 54 needs it)");
}

ObjectSchema coulomb_params() {
  ObjectSchema schema{"coulomb",
                      "Coulomb friction on an elastic tangential gap (§2.4.8); its keys may be "
                      "written without the type."};
  schema.add_real("static", "μ_s.").with_default(0.0).at_least(0);
  schema.add_real("dynamic", "μ_d ≤ μ_s.").with_computed_default("static").at_least(0);
  schema
      .add_real("stiffness",
                "ε_t, tangential penalty stiffness: a sticking contact moves |f_t|/ε_t "
                "elastically before it slides.")
      .with_unit("N/m")
      .with_computed_default("required when `static` > 0")
      .at_least(0);
  schema.add_real("damping", "c_t, tangential viscous coefficient.")
      .with_unit("N·s/m")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real("transition_speed",
                "v_s of the Stribeck curve: sliding at speed v resists with μ_d + (μ_s − μ_d) "
                "exp(−(v/v_s)²) + μ_v v instead of μ_d; 0: no Stribeck term.")
      .with_unit("m/s")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real("viscous",
                "μ_v: the sliding friction coefficient grows by μ_v per unit slip speed.")
      .with_unit("s/m")
      .with_default(0.0)
      .at_least(0);
  schema.complete = check_coulomb;
  schema.example = "{coulomb: {static: 0.5, dynamic: 0.4, stiffness: 1.0e6}}";
  return schema;
}

FrictionParams make_coulomb(const ParamSet& set) {
  return {set.real("static"),
          set.real("dynamic"),
          set.real("stiffness"),
          set.real("damping"),
          {set.real("transition_speed"), set.real("viscous")}};
}

}  // namespace

POLYDEM_DECLARE_FAMILY(friction_laws)
POLYDEM_REGISTER(friction_laws(), coulomb_params, make_coulomb)

}  // namespace polydem

#include "src/params/time_function_params.hpp"

#include "src/params/param_format.hpp"

namespace polydem {
namespace {

ObjectSchema constant_params() {
  ObjectSchema schema{"constant", "The same value at all times: `{constant: 2.0}` or just `2.0`."};
  schema.inline_payload = true;
  schema.add_real("constant", "The value.").make_required();
  schema.example = "{constant: 2.5}";
  return schema;
}

TimeFunction build_constant(const ParamSet& set) {
  return TimeFunction::constant(set.real("constant"));
}

ObjectSchema ramp_params() {
  ObjectSchema schema{"ramp",
                      "v0 until t0, linear to v1 at t1, v1 afterwards: "
                      "`{ramp: {t0: 0, v0: 0, t1: 1, v1: 1}}`."};
  schema.add_real("t0", "Start of the ramp.").with_unit("s").with_default(0.0);
  schema.add_real("v0", "Value up to t0.").with_default(0.0);
  schema.add_real("t1", "End of the ramp; must be greater than t0.").with_unit("s").make_required();
  schema.add_real("v1", "Value from t1 on.").with_default(1.0);
  schema.complete = [](ParamSet& set) {
    if (!(set.real("t1") > set.real("t0")))
      throw set.error("t1", "must be greater than t0 (" + format_real(set.real("t0")) + ")");
  };
  schema.example = "{ramp: {t0: 0, v0: 0, t1: 1, v1: 2}}";
  return schema;
}

TimeFunction build_ramp(const ParamSet& set) {
  return TimeFunction::ramp(set.real("t0"), set.real("v0"), set.real("t1"), set.real("v1"));
}

ObjectSchema table_params() {
  ObjectSchema schema{"table",
                      "Piecewise linear through [t, v] points with strictly increasing t, held "
                      "constant beyond the first and last point: `{table: [[0, 0], [1, 2]]}`."};
  schema.inline_payload = true;
  schema.add("table", ParamType::TimePoints, "The [t, v] points (t in s).")
      .make_required()
      .with_min_items(1);
  schema.example = "{table: [[0, 0], [1, 2], [3, 2]]}";
  return schema;
}

TimeFunction build_table(const ParamSet& set) { return TimeFunction::table(set.points("table")); }

}  // namespace

Family<TimeFunction>& time_functions() {
  static Family<TimeFunction> family(
      PolymorphicFamily::named("time_function",
                               "A scalar function of time, written as a map with one key naming "
                               "its type, or as a bare number meaning a constant.")
          .with_bare_scalar("constant"));
  return family;
}

TimeFunction build_time_function(const ParamSet& member) { return time_functions().build(member); }

ParamSet constant_time_function(double value) {
  ParamSet set;
  set.schema = "constant";
  set.family = "time_function";
  set.params.push_back({"constant", ParamType::Real, value, {}, false});
  return set;
}

POLYDEM_DECLARE_FAMILY(time_functions)
POLYDEM_REGISTER(time_functions(), constant_params, build_constant)
POLYDEM_REGISTER(time_functions(), ramp_params, build_ramp)
POLYDEM_REGISTER(time_functions(), table_params, build_table)

}  // namespace polydem

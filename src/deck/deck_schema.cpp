#include "src/deck/deck_schema.hpp"

#include "src/params/declarations.hpp"

#include <cmath>
#include <unordered_map>

#include "solvers/linear_solver_family.hpp"
#include "src/deck/action_schema.hpp"
#include "src/deck/body_schema.hpp"
#include "src/deck/contact_law_params.hpp"
#include "src/deck/contact_schema.hpp"
#include "src/deck/placement_schema.hpp"
#include "src/params/param_format.hpp"
#include "src/params/param_set.hpp"
#include "src/params/time_function_params.hpp"

namespace polydem {
namespace {

/// Of checks.energy_drift (src/analysis/run_energy.hpp).
constexpr double kDefaultEnergyDrift = 0.01;

void name_steps(ParamSet& deck) {
  auto& steps = deck.objects("steps");
  for (std::size_t k = 0; k < steps.size(); ++k)
    if (!steps[k].at("name").given) steps[k].at("name").value = "step" + std::to_string(k + 1);
}

void check_unique_names(const std::vector<const ParamSet*>& sets) {
  std::unordered_map<std::string, const ParamSet*> first_use;
  for (const ParamSet* set : sets) {
    auto [found, inserted] = first_use.emplace(set->string("name"), set);
    if (!inserted)
      throw set->error("name", "duplicate name '" + set->string("name") + "' (first used at " +
                                   found->second->at("name").mark.str() + ")");
  }
}

std::vector<const ParamSet*> addresses(const std::vector<ParamSet>& sets) {
  std::vector<const ParamSet*> list;
  for (const auto& set : sets) list.push_back(&set);
  return list;
}

// Rigid nodes share the bodies' name space, so that a name in the outputs is never ambiguous.
void check_rigid_node_names(const ParamSet& deck) {
  std::vector<const ParamSet*> named = addresses(deck.objects("bodies"));
  for (const auto& body : deck.objects("bodies"))
    for (const auto& rigid_node : body.objects("rigid_nodes")) named.push_back(&rigid_node);
  check_unique_names(named);
}

void check_end_times(const ParamSet& deck) {
  const auto& steps = deck.objects("steps");
  if (!(steps.front().real("end_time") > deck.real("start_time")))
    throw steps.front().error("end_time", "must be greater than the deck's start_time (" +
                                              format_real(deck.real("start_time")) + ")");
  for (std::size_t k = 1; k < steps.size(); ++k)
    if (!(steps[k].real("end_time") > steps[k - 1].real("end_time")))
      throw steps[k].error("end_time", "must be greater than the previous step's end_time (" +
                                           format_real(steps[k - 1].real("end_time")) + ")");
}

// More steps than this at the largest Δt would not end in any reasonable time (a single
// body takes hours for 10⁹ steps, a pack years): end_time: 1e300 ran on without a word.
constexpr double kMaxStepsAtLargestDt = 1e9;

void check_step_counts(const ParamSet& deck) {
  double start = deck.real("start_time");
  for (const ParamSet& step : deck.objects("steps")) {
    const double end = step.real("end_time");
    const double dt_max = step.object("dt").real("max");
    const double steps = std::ceil((end - start) / dt_max);
    if (steps > kMaxStepsAtLargestDt)
      throw step.error("end_time",
                       "the step from t = " + format_real(start) + " s to " + format_real(end) +
                           " s needs at least " + format_real(steps) + " time steps of dt.max = " +
                           format_real(dt_max) + " s, more than 1e9; check end_time and dt.max");
    start = end;
  }
}

void declare_integrator(ObjectSchema& schema) {
  schema
      .add_enum("integrator", {"newmark", "convex"},
                "How each time step is solved. `newmark`: the paper's Newmark–Newton on the "
                "increments, with the consistent tangent, the active set and adaptive Δt "
                "(every feature). `convex`: the bodies' velocities at the end of the step "
                "minimise a convex function, the contact geometry frozen at the step's start "
                "and the normal law, damping and friction written as convex potentials "
                "(after Drake's SAP); Newton with an exact line search converges from any "
                "start. Free and fixed bodies, dynamic steps, checkpoints and restart; no rigid "
                "nodes, prescribed motion or domain decomposition (docs/convex.md).")
      .with_default(std::string("newmark"));
}

}  // namespace

ObjectSchema deck_params() {
  ObjectSchema schema{"deck", "The top level of the deck."};
  schema.add_vec3("gravity", "Gravitational acceleration.")
      .with_unit("m/s²")
      .with_default(Vec3(Vec3::Zero()));
  schema
      .add_real("start_time",
                "Time at which the first step starts; boundary motions, loads and every time "
                "function see this absolute time. A deck written by `polydem export-state` "
                "starts where the run it was exported from stood.")
      .with_unit("s")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_bool("reached_state",
                "The bodies are placed where a run left them (as `polydem export-state` writes "
                "them): contacts may start deep in their barrier zones, as a settled pack's do, "
                "and only crossings are refused. Otherwise bodies must start at least the "
                "barrier gap apart.")
      .with_default(false);
  declare_integrator(schema);
  schema.add_object("output", "output", "What to write and how often.");
  schema.add_object_list("steps", "step", "Analysis steps, run in order.")
      .make_required()
      .with_min_items(1);
  schema.add_object_list("bodies", "body", "Rigid bodies placed one by one.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("body_files", "body_file", "Rigid bodies read from CSV files.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("packings", "packing", "Rigid bodies placed by the packing generator.")
      .with_default(std::vector<ParamSet>{});
  schema
      .add_object_list("group_velocities", "group_velocity",
                       "Initial velocities per contact group.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("shapes", "shape", "Particle shapes the bodies refer to.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("boundaries", "boundary", "Surfaces without DOFs: ground, walls.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object("contact", "contact", "Contact search and laws.");
  schema.add_object("checks", "checks", "What the run is held to when it ends.");
  schema.complete = [](ParamSet& deck) {
    name_steps(deck);
    check_unique_names(addresses(deck.objects("steps")));
    check_end_times(deck);
    check_step_counts(deck);
    check_unique_names(addresses(deck.objects("bodies")));
    check_rigid_node_names(deck);
    check_unique_names(addresses(deck.objects("shapes")));
    check_unique_names(addresses(deck.objects("boundaries")));
    check_contact_references(deck);
    check_action_references(deck);
    check_placement_references(deck);
  };
  return schema;
}

ObjectSchema output_params() {
  ObjectSchema schema{"output", "Result output."};
  schema.add_real("interval", "Time between samples; 0 writes only the initial and final states.")
      .with_unit("s")
      .with_default(0.0)
      .at_least(0);
  schema.add_bool("vtk", "Write results.pvd and its VTU samples.").with_default(true);
  schema
      .add_string("bodies",
                  "Bodies whose state and contact resultant go to bodies.csv at every accepted "
                  "step, one row per step: `all`, or names separated by commas or spaces; "
                  "empty: no bodies.csv. Per body 18 columns <name>_x, _y, _z (centre of mass, "
                  "m), _rx, _ry, _rz (rotation vector), _vx, _vy, _vz (centre-of-mass velocity), "
                  "_wx, _wy, _wz (angular velocity), _fx, _fy, _fz (contact force, N) and _mx, "
                  "_my, _mz (its moment about the centre of mass, N·m).")
      .with_default(std::string())
      .allowing_empty();
  schema
      .add_bool("surfaces",
                "With vtk: also write surfaces.pvd, the triangulated surfaces of the bodies with "
                "shapes and of the active boundaries per sample (for ParaView and `polydem "
                "plot`'s configuration.png).")
      .with_default(true);
  return schema;
}

ObjectSchema step_params() {
  ObjectSchema schema{"step", "One analysis step, from the previous step's end_time (or 0)."};
  schema.add_string("name", "Unique name of the step.")
      .with_computed_default("`step<k>`, k = 1, 2, ...");
  schema
      .add_enum("type", {"dynamic", "static"},
                "Dynamic (Newmark) or static (gravity ramped from 0 to 1 over the step).")
      .with_default(std::string("dynamic"));
  schema
      .add_real("end_time",
                "Absolute time at the end of the step; greater than the previous one, and at most "
                "1e9 steps of dt.max after it.")
      .with_unit("s")
      .make_required()
      .greater_than(0);
  schema.add_object("dt", "dt", "Adaptive time-step control.").make_required();
  schema.add_object("newmark", "newmark", "Newmark parameters (dynamic steps).");
  schema.add_object("newton", "newton", "Newton iteration control.");
  schema.add_polymorphic("linear_solver", "linear_solver", "The linear-solver back end.")
      .with_default(std::vector<ParamSet>{default_linear_solver("auto")});
  schema.add_object_list("actions", "action", "Changes at the start of the step, applied in order.")
      .with_default(std::vector<ParamSet>{});
  return schema;
}

ObjectSchema checks_params() {
  ObjectSchema schema{"checks", "What a run is held to when it ends."};
  schema
      .add_real("energy_drift",
                "The largest energy-balance error (monitor.csv's energy_balance_error) a run may "
                "end with, as a fraction of the energy it moved (its largest T + stored contact "
                "energy + |ΔV| + |W|, at least each body's weight times its size). A run beyond "
                "it ends with a warning in the log and summary.json and exit code 4. 0: no check. "
                "What static steps add to the error is not counted: a static step is in "
                "equilibrium at each load level, and its error is only the quadrature of the load "
                "path between them.")
      .with_default(kDefaultEnergyDrift)
      .at_least(0);
  return schema;
}

const SchemaRegistry& deck_registry() { return declared_schemas(); }

POLYDEM_DECLARE_OBJECT(deck_params)
POLYDEM_DECLARE_OBJECT(output_params)
POLYDEM_DECLARE_OBJECT(checks_params)
POLYDEM_DECLARE_OBJECT(step_params)

}  // namespace polydem

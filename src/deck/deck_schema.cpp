#include "src/deck/deck_schema.hpp"

#include "src/params/declarations.hpp"

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
  for (std::size_t k = 1; k < steps.size(); ++k)
    if (!(steps[k].real("end_time") > steps[k - 1].real("end_time")))
      throw steps[k].error("end_time", "must be greater than the previous step's end_time (" +
                                           format_real(steps[k - 1].real("end_time")) + ")");
}

void complete_time_step(ParamSet& dt) {
  double initial = dt.real("initial");
  if (!dt.has_value("min")) dt.at("min").value = initial * 1e-6;
  if (!dt.has_value("max")) dt.at("max").value = initial;
  if (!(dt.real("min") <= initial))
    throw dt.error("min", "must not exceed initial (" + format_real(initial) + ")");
  if (!(initial <= dt.real("max")))
    throw dt.error("max", "must not be less than initial (" + format_real(initial) + ")");
}

}  // namespace

ObjectSchema deck_params() {
  ObjectSchema schema{"deck", "The top level of the deck."};
  schema.add_vec3("gravity", "Gravitational acceleration.")
      .with_unit("m/s²")
      .with_default(Vec3(Vec3::Zero()));
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
  schema.complete = [](ParamSet& deck) {
    name_steps(deck);
    check_unique_names(addresses(deck.objects("steps")));
    check_end_times(deck);
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
      .add_bool("surfaces",
                "With vtk: also write surfaces.pvd, the triangulated surfaces of the bodies with "
                "shapes and "
                "of the active boundaries per sample (for ParaView and `polydem plot --render`).")
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
      .add_real("end_time", "Absolute time at the end of the step; greater than the previous one.")
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

ObjectSchema time_step_params() {
  ObjectSchema schema{"dt", "Adaptive time-step control; requires min <= initial <= max."};
  schema.add_real("initial", "First time step.").with_unit("s").make_required().greater_than(0);
  schema.add_real("min", "Smallest time step before the solver gives up.")
      .with_unit("s")
      .with_computed_default("initial × 1e-6")
      .greater_than(0);
  schema.add_real("max", "Largest time step.")
      .with_unit("s")
      .with_computed_default("initial")
      .greater_than(0);
  schema.add_real("grow_factor", "Δt multiplier after an easy step.").with_default(1.5).at_least(1);
  schema.add_real("cut_factor", "Δt multiplier after a failed step.")
      .with_default(0.5)
      .greater_than(0)
      .less_than(1);
  schema.add_integer("easy_iterations", "A step converged in at most this many iterations is easy.")
      .with_default(4LL)
      .at_least(0);
  schema
      .add_real("error_tolerance",
                "Bound on the local error estimate (β − 1/6)Δt²|Δü|/L and |Δω̇| term of each "
                "step (Zienkiewicz & Xie): steps above it are repeated with a smaller Δt, and Δt "
                "follows (tolerance/error)^(1/3). Resolves impacts; 0 leaves Δt to Newton's "
                "iteration count alone.")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real("energy_tolerance",
                "Bound on the energy-balance error a step adds, |Δ(T + V + contact energy) − W + "
                "dissipation| (monitor.csv's energy_balance_error): steps above it are repeated "
                "with a smaller Δt, as for error_tolerance. 0: no such test.")
      .with_unit("J")
      .with_default(0.0)
      .at_least(0);
  schema.complete = complete_time_step;
  return schema;
}

ObjectSchema newmark_params() {
  ObjectSchema schema{"newmark", "Newmark time integration parameters."};
  schema.add_real("beta", "β.").with_default(0.3).greater_than(0).at_most(0.5);
  schema.add_real("gamma", "γ.").with_default(0.5).at_least(0.5).at_most(1);
  return schema;
}

ObjectSchema newton_params() {
  ObjectSchema schema{"newton", "Newton–Raphson iteration control."};
  schema.add_integer("max_iterations", "Iterations before Δt is cut.")
      .with_default(20LL)
      .at_least(1);
  schema.add_real("residual_tolerance", "Residual norm relative to the force scale.")
      .with_default(1e-8)
      .greater_than(0);
  schema.add_real("increment_tolerance", "Increment norm (|δu|/L and |δα|).")
      .with_default(1e-10)
      .greater_than(0);
  schema
      .add_real("force_scale",
                "Force scale for the residual; 0 = automatic from loads and inertia.")
      .with_unit("N")
      .with_default(0.0)
      .at_least(0);
  return schema;
}

const SchemaRegistry& deck_registry() { return declared_schemas(); }

POLYDEM_DECLARE_OBJECT(deck_params)
POLYDEM_DECLARE_OBJECT(output_params)
POLYDEM_DECLARE_OBJECT(step_params)
POLYDEM_DECLARE_OBJECT(time_step_params)
POLYDEM_DECLARE_OBJECT(newmark_params)
POLYDEM_DECLARE_OBJECT(newton_params)

}  // namespace polydem

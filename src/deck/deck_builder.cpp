#include "src/deck/deck_builder.hpp"

#include <algorithm>

#include "src/deck/body_schema.hpp"
#include "src/deck/time_function_params.hpp"

namespace polydem {
namespace {

// The schema's choices are the only strings that reach here.
LinearSolverKind linear_solver(const std::string& name) {
  if (name == "umfpack") return LinearSolverKind::Umfpack;
  if (name == "cholmod") return LinearSolverKind::Cholmod;
  if (name == "petsc") return LinearSolverKind::Petsc;
  return LinearSolverKind::Auto;
}

int dof_component(const std::string& name) {
  const auto& names = dof_names();
  return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
}

TimeStepSpec time_step(const ParamSet& dt) {
  TimeStepSpec spec;
  spec.initial = dt.real("initial");
  spec.min = dt.real("min");
  spec.max = dt.real("max");
  spec.grow_factor = dt.real("grow_factor");
  spec.cut_factor = dt.real("cut_factor");
  spec.easy_iterations =
      static_cast<int>(std::min<long long>(dt.integer("easy_iterations"), 1 << 30));
  return spec;
}

NewtonSpec newton(const ParamSet& set) {
  NewtonSpec spec;
  spec.max_iterations =
      static_cast<int>(std::min<long long>(set.integer("max_iterations"), 1 << 30));
  spec.residual_tolerance = set.real("residual_tolerance");
  spec.increment_tolerance = set.real("increment_tolerance");
  spec.force_scale = set.real("force_scale");
  return spec;
}

StepSpec step(const ParamSet& set) {
  StepSpec spec;
  spec.name = set.string("name");
  spec.type = set.string("type") == "static" ? AnalysisType::Static : AnalysisType::Dynamic;
  spec.end_time = set.real("end_time");
  spec.dt = time_step(set.object("dt"));
  spec.newton = newton(set.object("newton"));
  spec.beta = set.object("newmark").real("beta");
  spec.gamma = set.object("newmark").real("gamma");
  spec.linear_solver = linear_solver(set.string("linear_solver"));
  spec.petsc_options = set.string("petsc_options");
  spec.petsc_options_mark = set.at("petsc_options").mark;
  spec.mark = set.mark;
  return spec;
}

PrescribedDofSpec prescribed(const ParamSet& set) {
  PrescribedDofSpec spec;
  spec.component = dof_component(set.string("dof"));
  spec.value = build_time_function(set.object("value"));
  spec.mark = set.mark;
  return spec;
}

LoadSpec load(const ParamSet& set) {
  LoadSpec spec;
  spec.force = set.vec3("force");
  spec.moment = set.vec3("moment");
  spec.point = set.vec3("point");
  spec.scale = build_time_function(set.object("scale"));
  spec.mark = set.mark;
  return spec;
}

BodySpec body(const ParamSet& set) {
  BodySpec spec;
  spec.name = set.string("name");
  spec.mass = set.real("mass");
  spec.inertia = set.tensor("inertia");
  spec.centre_of_mass = set.vec3("centre_of_mass");
  spec.position = set.vec3("position");
  spec.rotation = set.vec3("rotation");
  spec.velocity = set.vec3("velocity");
  spec.angular_velocity = set.vec3("angular_velocity");
  spec.fixed = set.boolean("fixed");
  for (const auto& item : set.objects("prescribed")) spec.prescribed.push_back(prescribed(item));
  for (const auto& item : set.objects("loads")) spec.loads.push_back(load(item));
  spec.mark = set.mark;
  return spec;
}

}  // namespace

DeckData build_deck_data(const ParamSet& deck, const std::string& file_name) {
  DeckData data;
  data.path = file_name;
  data.gravity = deck.vec3("gravity");
  const ParamSet& output = deck.object("output");
  data.output.interval = output.real("interval");
  data.output.vtk = output.boolean("vtk");
  for (const auto& item : deck.objects("steps")) data.steps.push_back(step(item));
  for (const auto& item : deck.objects("bodies")) data.bodies.push_back(body(item));
  return data;
}

}  // namespace polydem

#include "src/deck/deck_builder.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "contact/geometry/mesh_families.hpp"
#include "contact/law/damping/viscous_damping.hpp"
#include "src/deck/body_schema.hpp"
#include "src/deck/contact_law_params.hpp"
#include "src/params/time_function_params.hpp"

namespace polydem {
namespace {

int dof_component(const std::string& name) {
  const auto& names = dof_names();
  return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
}

ActionSpec action(const ParamSet& set) {
  ActionSpec spec;
  if (set.has_value("remove_boundary")) spec.remove_boundary = set.string("remove_boundary");
  if (set.has_value("add_boundary")) spec.add_boundary = set.string("add_boundary");
  if (set.at("friction").given) {
    const ParamSet& friction = set.object("friction");
    spec.friction_group_a = friction.string("group_a");
    spec.friction_group_b = friction.string("group_b");
    spec.friction_enabled = friction.boolean("enabled");
  }
  if (set.has_value("gravity")) spec.gravity = set.vec3("gravity");
  spec.mark = set.mark;
  return spec;
}

StepSpec step(const ParamSet& set) {
  StepSpec spec;
  spec.name = set.string("name");
  spec.type = set.string("type") == "static" ? AnalysisType::Static : AnalysisType::Dynamic;
  spec.end_time = set.real("end_time");
  spec.dt = StepControlSettings::from(set.object("dt"));
  spec.newton = NewtonSettings::from(set.object("newton"));
  spec.newmark = NewmarkParameters::from(set.object("newmark"));
  spec.linear_solver = linear_solvers().build(set.object("linear_solver"));
  for (const auto& item : set.objects("actions")) spec.actions.push_back(action(item));
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

RigidNodeSpec rigid_node(const ParamSet& set) {
  RigidNodeSpec spec;
  spec.name = set.string("name");
  spec.point = set.vec3("point");
  for (const auto& item : set.objects("loads")) spec.loads.push_back(AppliedLoad::from(item));
  spec.mark = set.mark;
  return spec;
}

BodySpec body(const ParamSet& set) {
  BodySpec spec;
  spec.name = set.string("name");
  if (set.has_value("mass")) spec.mass = set.real("mass");
  if (set.has_value("inertia")) spec.inertia = set.tensor("inertia");
  if (set.has_value("centre_of_mass")) spec.centre_of_mass = set.vec3("centre_of_mass");
  spec.position = set.vec3("position");
  spec.rotation = set.vec3("rotation");
  spec.velocity = set.vec3("velocity");
  spec.angular_velocity = set.vec3("angular_velocity");
  spec.fixed = set.boolean("fixed");
  for (const auto& item : set.objects("prescribed")) spec.prescribed.push_back(prescribed(item));
  for (const auto& item : set.objects("loads")) spec.loads.push_back(AppliedLoad::from(item));
  if (set.has_value("shape")) spec.shape = set.string("shape");
  spec.density = set.real("density");
  spec.group = set.string("group");
  for (const auto& item : set.objects("rigid_nodes")) spec.rigid_nodes.push_back(rigid_node(item));
  spec.mark = set.mark;
  return spec;
}

ShapeSpec shape(const ParamSet& set, const MeshSource& source) {
  const std::string name = set.string("name");
  const ParamSet& geometry = set.object("geometry");
  return {name, geometry,
          with_input_context(set.mark, "shape '" + name + "'",
                             [&] { return shape_geometries().build(geometry, source); }),
          set.mark};
}

BoundarySpec boundary(const ParamSet& set, const MeshSource& source) {
  BoundarySpec spec;
  spec.name = set.string("name");
  spec.group = set.string("group");
  spec.surface = set.object("surface");
  spec.mesh = with_input_context(set.mark, "boundary '" + spec.name + "'",
                                 [&] { return boundary_surfaces().build(spec.surface, source); });
  const ParamSet& motion = set.object("motion");
  spec.displacement = motion.vec3("displacement");
  if (motion.has_value("scale"))
    spec.displacement_scale = build_time_function(motion.object("scale"));
  spec.active = set.boolean("active");
  spec.mark = set.mark;
  return spec;
}

/// Group name → its material (`contact.groups`, `contact.materials`; checked when read).
using GroupMaterials = std::map<std::string, ContactMaterial>;

GroupMaterials group_materials(const ParamSet& contact) {
  std::map<std::string, ContactMaterial> materials;
  for (const auto& item : contact.objects("materials"))
    materials[item.string("name")] = build_material(item);
  GroupMaterials groups;
  for (const auto& item : contact.objects("groups"))
    groups[item.string("name")] = materials.at(item.string("material"));
  return groups;
}

std::optional<ContactMaterial> material_of(const GroupMaterials& materials,
                                           const std::string& group) {
  const auto found = materials.find(group);
  return found == materials.end() ? std::nullopt : std::optional(found->second);
}

InteractionSpec interaction(const ParamSet& set, const GroupMaterials& materials) {
  InteractionSpec spec;
  spec.group_a = set.string("group_a");
  spec.group_b = set.string("group_b");
  spec.enabled = set.boolean("enabled");
  spec.normal = set.object("normal");
  InteractionLaws& laws = spec.laws;
  laws.normal = normal_laws().build(spec.normal);
  laws.material_a = material_of(materials, spec.group_a);
  laws.material_b = material_of(materials, spec.group_b);
  if (set.has_value("damping_ratio")) laws.damping = viscous_damping(set.real("damping_ratio"));
  if (set.has_value("damping")) laws.damping = damping_models().build(set.object("damping"));
  laws.damping_ramp = set.real("damping_ramp");
  laws.friction = friction_laws().build(set.object("friction"));
  spec.mark = set.mark;
  return spec;
}

BodyTemplate body_template(const ParamSet& set) {
  return {set.real("density"), set.string("group"), set.vec3("velocity"),
          set.vec3("angular_velocity")};
}

BodyFileSpec body_file(const ParamSet& set, const MeshSource& source) {
  return {source.resolve(set.string("file")), body_template(set), set.mark};
}

PackingSpec packing(const ParamSet& set) {
  PackingSpec spec;
  spec.shape = set.string("shape");
  spec.count = static_cast<int>(set.integer("count"));
  spec.box_min = set.vec3("box_min");
  spec.box_max = set.vec3("box_max");
  if (set.has_value("gap")) spec.gap = set.real("gap");
  spec.seed = static_cast<unsigned long long>(set.integer("seed"));
  spec.name_prefix = set.string("name_prefix");
  spec.body = body_template(set);
  spec.mark = set.mark;
  return spec;
}

GroupVelocitySpec group_velocity(const ParamSet& set) {
  return {set.string("group"), set.vec3("velocity"), set.vec3("angular_velocity"), set.mark};
}

ContactSpec contact(const ParamSet& set, const MeshSource& source) {
  ContactSpec spec;
  if (!set.string("history_file").empty())
    spec.history_file = source.resolve(set.string("history_file"));
  spec.travel_factor = set.real("travel_factor");
  spec.minimum_margin = set.real("minimum_margin");
  if (set.has_value("verlet_margin")) spec.verlet_margin = set.real("verlet_margin");
  if (set.has_value("cell_size")) spec.cell_size = set.real("cell_size");
  if (const ParamSet& domain = set.object("domain"); domain.has_value("min"))
    spec.domain = BoxSpec{domain.vec3("min"), domain.vec3("max")};
  const GroupMaterials materials = group_materials(set);
  for (const auto& item : set.objects("interactions"))
    spec.interactions.push_back(interaction(item, materials));
  return spec;
}

}  // namespace

DeckData build_deck_data(const ParamSet& deck, const std::string& file_name) {
  DeckData data;
  data.path = file_name;
  data.gravity = deck.vec3("gravity");
  data.start_time = deck.real("start_time");
  data.reached_state = deck.boolean("reached_state");
  data.integrator =
      deck.string("integrator") == "convex" ? Integrator::Convex : Integrator::Newmark;
  const ParamSet& output = deck.object("output");
  data.output.interval = output.real("interval");
  data.output.vtk = output.boolean("vtk");
  data.output.surfaces = output.boolean("surfaces");
  data.output.bodies = output.string("bodies");
  data.output.bodies_mark = output.at("bodies").mark;
  for (const auto& item : deck.objects("steps")) data.steps.push_back(step(item));
  for (const auto& item : deck.objects("bodies")) data.bodies.push_back(body(item));
  const MeshSource source{std::filesystem::path(file_name).parent_path()};
  for (const auto& item : deck.objects("shapes")) data.shapes.push_back(shape(item, source));
  for (const auto& item : deck.objects("body_files"))
    data.body_files.push_back(body_file(item, source));
  for (const auto& item : deck.objects("packings")) data.packings.push_back(packing(item));
  for (const auto& item : deck.objects("group_velocities"))
    data.group_velocities.push_back(group_velocity(item));
  for (const auto& item : deck.objects("boundaries"))
    data.boundaries.push_back(boundary(item, source));
  data.contact = contact(deck.object("contact"), source);
  data.energy_drift = deck.object("checks").real("energy_drift");
  return data;
}

}  // namespace polydem

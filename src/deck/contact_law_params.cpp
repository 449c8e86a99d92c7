#include "src/deck/contact_law_params.hpp"

#include "src/params/declarations.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "src/params/param_format.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

// ---- normal_branch family: part (i) of the normal law ----

ObjectSchema linear_branch_params() {
  ObjectSchema schema{"linear",
                      "A linear spring ε1 δ (n1 = 1): `stiffness` given, or from the two groups' "
                      "materials in series, ε1 = E*·`contact_length` or, without it, "
                      "k_a k_b/(k_a + k_b) of their `normal_stiffness`."};
  schema.add_real("stiffness", "ε1.")
      .with_unit("N/m")
      .with_computed_default("from the groups' materials")
      .greater_than(0);
  schema
      .add_real("contact_length",
                "ℓ in ε1 = E* ℓ, E* of the two materials in series (a flat punch of radius a "
                "has ℓ = 2a).")
      .with_unit("m")
      .with_computed_default("none: the materials' normal_stiffness in series")
      .greater_than(0);
  schema.complete = [](ParamSet& set) {
    if (set.has_value("stiffness") && set.has_value("contact_length"))
      throw set.error("contact_length", "give `stiffness` or `contact_length`, not both");
  };
  return schema;
}

NormalLawRecipe build_linear_branch(const ParamSet& set) {
  LinearLawParams params;
  if (set.has_value("stiffness")) params.stiffness = set.real("stiffness");
  if (set.has_value("contact_length")) params.contact_length = set.real("contact_length");
  return params;
}

ObjectSchema hertz_branch_params() {
  ObjectSchema schema{"hertz",
                      "Hertz's law (4/3) E* √R* δ^{3/2} (n1 = 3/2), E* given or from the two "
                      "groups' materials in series."};
  schema
      .add_real("effective_radius",
                "R* = R_a R_b/(R_a + R_b) of the rounded bodies the polyhedra stand for.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_real("effective_modulus", "E*, (1 − ν_a²)/E_a + (1 − ν_b²)/E_b inverted.")
      .with_unit("Pa")
      .with_computed_default("from the groups' materials")
      .greater_than(0);
  return schema;
}

NormalLawRecipe build_hertz_branch(const ParamSet& set) {
  HertzParams params;
  params.effective_radius = set.real("effective_radius");
  if (set.has_value("effective_modulus")) params.effective_modulus = set.real("effective_modulus");
  return params;
}

struct BranchType {
  ObjectSchema (*params)();
  NormalLawRecipe (*build)(const ParamSet&);
};

// Adding a part (i) means adding one line here.
const std::vector<BranchType>& branch_types() {
  static const std::vector<BranchType> types = {
      {linear_branch_params, build_linear_branch},
      {hertz_branch_params, build_hertz_branch},
  };
  return types;
}

// ---- damping family ----

ObjectSchema viscous_damping_params() {
  ObjectSchema schema{"viscous",
                      "Eq. (52) with ratio ζ: f_d = 2ζ √(k m) ġ_n, with each contact's share of "
                      "the pair's mass m by default (a flat face is damped like one contact)."};
  schema.add_real("ratio", "ζ.").make_required().at_least(0);
  schema
      .add_enum("mass", {"shared", "whole"},
                "shared: each contact takes the share k/Σk of m its stiffness has among the "
                "pair's contacts; whole: every contact takes all of m (eq. 52 as printed, like "
                "`damping_ratio`).")
      .with_default(std::string("shared"));
  return schema;
}

DampingSpec build_viscous_damping(const ParamSet& set) {
  return {{Dashpot::Viscous, set.real("ratio"), set.string("mass") == "shared"}, std::nullopt};
}

ObjectSchema hunt_crossley_params() {
  ObjectSchema schema{"hunt_crossley",
                      "Hunt–Crossley: p = f_e (1 + (3/2) c δ̇), zero at first touch and never "
                      "tensile; c ≈ (1 − e)/v for restitution e at impact speed v."};
  schema.add_real("coefficient", "c.").with_unit("s/m").make_required().at_least(0);
  return schema;
}

DampingSpec build_hunt_crossley(const ParamSet& set) {
  return {{Dashpot::HuntCrossley, set.real("coefficient"), false}, std::nullopt};
}

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
      .add_enum("dashpot", {"viscous", "hunt_crossley"},
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
  return schema;
}

DampingSpec build_restitution(const ParamSet& set) {
  RestitutionParams e;
  e.coefficient = set.real("coefficient");
  e.dashpot = set.string("dashpot") == "viscous" ? Dashpot::Viscous : Dashpot::HuntCrossley;
  e.capture_speed = set.real("capture_speed");
  if (set.has_value("yield_speed")) e.yield_speed = set.real("yield_speed");
  e.minimum = set.real("minimum");
  return {{e.dashpot, 0.0, e.dashpot == Dashpot::Viscous}, e};
}

struct DampingType {
  ObjectSchema (*params)();
  DampingSpec (*build)(const ParamSet&);
};

// Adding a damping model means adding one line here.
const std::vector<DampingType>& damping_types() {
  static const std::vector<DampingType> types = {
      {viscous_damping_params, build_viscous_damping},
      {hunt_crossley_params, build_hunt_crossley},
      {restitution_params, build_restitution},
  };
  return types;
}

// ---- deck-level checks ----

std::vector<std::string> names_of(const std::vector<ParamSet>& sets) {
  std::vector<std::string> names;
  for (const ParamSet& set : sets) names.push_back(set.string("name"));
  return names;
}

void check_unique(const std::vector<ParamSet>& sets, const std::string& what) {
  std::map<std::string, const ParamSet*> seen;
  for (const ParamSet& set : sets) {
    auto [found, inserted] = seen.emplace(set.string("name"), &set);
    if (!inserted)
      throw set.error("name", "duplicate " + what + " '" + set.string("name") + "' (first at " +
                                  found->second->at("name").mark.str() + ")");
  }
}

/// The groups that bodies with a shape and boundaries are in.
std::vector<std::string> used_groups(const ParamSet& deck) {
  std::set<std::string> groups;
  for (const ParamSet& body : deck.objects("bodies"))
    if (body.has_value("shape")) groups.insert(body.string("group"));
  for (const ParamSet& boundary : deck.objects("boundaries"))
    groups.insert(boundary.string("group"));
  return {groups.begin(), groups.end()};
}

/// Group name → its material's ParamSet.
std::map<std::string, const ParamSet*> group_materials(const ParamSet& deck) {
  const ParamSet& contact = deck.object("contact");
  const std::vector<std::string> materials = names_of(contact.objects("materials"));
  const std::vector<std::string> groups = used_groups(deck);
  std::map<std::string, const ParamSet*> result;
  for (const ParamSet& group : contact.objects("groups")) {
    const std::string& name = group.string("name");
    if (std::find(groups.begin(), groups.end(), name) == groups.end())
      throw group.error("name", "no body with a shape and no boundary is in group '" + name + "'" +
                                    did_you_mean(name, groups));
    const std::string& material = group.string("material");
    const auto found = std::find(materials.begin(), materials.end(), material);
    if (found == materials.end())
      throw group.error("material", "no material named '" + material + "' in `contact.materials`" +
                                        did_you_mean(material, materials));
    result[name] =
        &contact.objects("materials")[static_cast<std::size_t>(found - materials.begin())];
  }
  return result;
}

/// An interaction whose part (i) comes from materials finds them on both groups.
void check_interaction_materials(const ParamSet& interaction,
                                 const std::map<std::string, const ParamSet*>& materials) {
  const ParamSet& normal = interaction.object("normal");
  if (!interaction.boolean("enabled") || !normal.has_value("branch")) return;
  const MaterialNeed need = material_need(build_normal_recipe(normal.object("branch")));
  if (need == MaterialNeed::Nothing) return;
  for (const char* side : {"group_a", "group_b"}) {
    const std::string& group = interaction.string(side);
    const auto found = materials.find(group);
    if (found == materials.end())
      throw normal.error("branch", "derives the law from the groups' materials, but group '" +
                                       group + "' has none: add {name: " + group +
                                       ", material: ...} to `contact.groups`");
    if (need == MaterialNeed::NormalStiffness && !found->second->has_value("normal_stiffness"))
      throw normal.error("branch",
                         "a linear law without `stiffness` or `contact_length` needs the "
                         "normal_stiffness of material '" +
                             found->second->string("name") + "' (group '" + group + "')");
  }
}

}  // namespace

ObjectSchema material_params() {
  ObjectSchema schema{"material", "The elastic data of a contact group's material."};
  schema.add_string("name", "Unique name of the material.").make_required();
  schema.add_real("young_modulus", "E.").with_unit("Pa").make_required().greater_than(0);
  schema.add_real("poisson_ratio", "ν.").make_required().greater_than(-1).less_than(0.5);
  schema
      .add_real("normal_stiffness",
                "k of its contact layer, for linear laws: two materials give k_a k_b/(k_a + k_b).")
      .with_unit("N/m")
      .with_computed_default("none")
      .greater_than(0);
  return schema;
}

ObjectSchema contact_group_params() {
  ObjectSchema schema{"contact_group",
                      "The material the bodies and boundaries of a group are made of."};
  schema.add_string("name", "The group (as in `bodies[].group`, `boundaries[].group`).")
      .make_required();
  schema.add_string("material", "A name in `contact.materials`.").make_required();
  return schema;
}

PolymorphicFamily normal_branch_family() {
  PolymorphicFamily family;
  family.name = "normal_branch";
  family.description =
      "Part (i) of the hybrid normal law, instead of `stiffness` and `exponent`: a map with one "
      "key naming its type. The barrier part (ii) joins it with the same C¹ matching.";
  for (const auto& type : branch_types()) family.members.push_back(type.params());
  return family;
}

PolymorphicFamily damping_family() {
  PolymorphicFamily family;
  family.name = "damping";
  family.description =
      "Normal damping, instead of `damping_ratio`: a map with one key naming its type.";
  for (const auto& type : damping_types()) family.members.push_back(type.params());
  return family;
}

ContactMaterial build_material(const ParamSet& set) {
  ContactMaterial material;
  material.name = set.string("name");
  material.young_modulus = set.real("young_modulus");
  material.poisson_ratio = set.real("poisson_ratio");
  if (set.has_value("normal_stiffness")) material.normal_stiffness = set.real("normal_stiffness");
  return material;
}

NormalLawRecipe build_normal_recipe(const ParamSet& member) {
  for (const auto& type : branch_types())
    if (type.params().name == member.schema) return type.build(member);
  throw std::logic_error("unregistered normal_branch type '" + member.schema + "'");
}

DampingSpec build_damping(const ParamSet& member) {
  for (const auto& type : damping_types())
    if (type.params().name == member.schema) return type.build(member);
  throw std::logic_error("unregistered damping type '" + member.schema + "'");
}

void check_contact_materials(const ParamSet& deck) {
  const ParamSet& contact = deck.object("contact");
  check_unique(contact.objects("materials"), "material");
  check_unique(contact.objects("groups"), "group");
  const auto materials = group_materials(deck);
  for (const ParamSet& interaction : contact.objects("interactions"))
    check_interaction_materials(interaction, materials);
}

POLYDEM_DECLARE_OBJECT(material_params)
POLYDEM_DECLARE_OBJECT(contact_group_params)
POLYDEM_DECLARE_FAMILY_DESCRIPTION(normal_branch_family)
POLYDEM_DECLARE_FAMILY_DESCRIPTION(damping_family)

}  // namespace polydem

#include "src/deck/contact_law_params.hpp"

#include "src/params/declarations.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "contact/law/normal_law_family.hpp"
#include "src/params/param_format.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

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

/// An interaction's law finds what it needs in both groups' materials
/// (NormalLawRecipe::material_problem).
void check_interaction_materials(const ParamSet& interaction,
                                 const std::map<std::string, const ParamSet*>& materials) {
  if (!interaction.boolean("enabled")) return;
  const ParamSet& normal = interaction.object("normal");
  const std::shared_ptr<const NormalLawRecipe> recipe = normal_laws().build(normal);
  for (const char* side : {"group_a", "group_b"}) {
    const std::string& group = interaction.string(side);
    const auto found = materials.find(group);
    const std::optional<ContactMaterial> material =
        found == materials.end() ? std::nullopt : std::optional(build_material(*found->second));
    const std::string problem = recipe->material_problem(material ? &*material : nullptr);
    if (problem.empty()) continue;
    const std::string message = material ? problem + " (group '" + group + "')"
                                         : problem + ", but group '" + group +
                                               "' has none: add {name: " + group +
                                               ", material: ...} to `contact.groups`";
    const std::string key = recipe->material_key();
    throw key.empty() ? InputError(normal.mark, normal.path, message) : normal.error(key, message);
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

ContactMaterial build_material(const ParamSet& set) {
  ContactMaterial material;
  material.name = set.string("name");
  material.young_modulus = set.real("young_modulus");
  material.poisson_ratio = set.real("poisson_ratio");
  if (set.has_value("normal_stiffness")) material.normal_stiffness = set.real("normal_stiffness");
  return material;
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

}  // namespace polydem

#include "src/deck/contact_schema.hpp"

#include "src/params/declarations.hpp"

#include <map>
#include <set>
#include <utility>

#include <Eigen/Geometry>

#include "contact/law/hybrid_barrier_law.hpp"
#include "src/deck/contact_law_params.hpp"
#include "src/params/param_format.hpp"
#include "src/params/param_set.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

/// The interaction's two group names, ordered.
std::pair<std::string, std::string> group_pair(const std::string& a, const std::string& b) {
  return a < b ? std::pair{a, b} : std::pair{b, a};
}

std::string describe_pair(const std::pair<std::string, std::string>& p) {
  return "'" + p.first + "' and '" + p.second + "'";
}

/// Group pairs that can meet: body groups with each other (a group with itself
/// when it has two bodies) and with every boundary group.
std::set<std::pair<std::string, std::string>> meeting_groups(const ParamSet& deck) {
  std::map<std::string, int> body_groups;
  for (const ParamSet& body : deck.objects("bodies"))
    if (body.has_value("shape")) ++body_groups[body.string("group")];
  // Generated and file-read bodies have shapes; count them as many.
  for (const char* bulk : {"packings", "body_files"})
    for (const ParamSet& set : deck.objects(bulk)) body_groups[set.string("group")] += 2;
  std::set<std::string> boundary_groups;
  for (const ParamSet& boundary : deck.objects("boundaries"))
    boundary_groups.insert(boundary.string("group"));
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& [a, count_a] : body_groups) {
    for (const auto& [b, count_b] : body_groups)
      if (a < b || (a == b && count_a > 1)) pairs.insert({a, b});
    for (const std::string& b : boundary_groups) pairs.insert(group_pair(a, b));
  }
  return pairs;
}

void check_shape_names(const ParamSet& deck) {
  std::vector<std::string> names;
  for (const ParamSet& shape : deck.objects("shapes")) names.push_back(shape.string("name"));
  for (const ParamSet& body : deck.objects("bodies")) {
    if (!body.has_value("shape")) continue;
    const std::string& shape = body.string("shape");
    if (std::find(names.begin(), names.end(), shape) == names.end())
      throw body.error("shape",
                       "no shape named '" + shape + "' in `shapes`" + did_you_mean(shape, names));
  }
}

void check_interactions(const ParamSet& deck) {
  const ParamSet& contact = deck.object("contact");
  std::map<std::pair<std::string, std::string>, const ParamSet*> declared;
  for (const ParamSet& interaction : contact.objects("interactions")) {
    const auto key = group_pair(interaction.string("group_a"), interaction.string("group_b"));
    auto [found, inserted] = declared.emplace(key, &interaction);
    if (!inserted)
      throw interaction.error("group_a", "groups " + describe_pair(key) +
                                             " already have an interaction (at " +
                                             found->second->mark.str() + ")");
  }
  for (const auto& pair : meeting_groups(deck))
    if (!declared.contains(pair))
      throw contact.error("interactions", "no interaction for groups " + describe_pair(pair) +
                                              ": add one with group_a: " + pair.first +
                                              ", group_b: " + pair.second +
                                              " (enabled: false if they should not touch)");
}

}  // namespace

ObjectSchema shape_params() {
  ObjectSchema schema{"shape", "A particle shape that bodies refer to by name."};
  schema.add_string("name", "Unique name of the shape.").make_required();
  schema.add_polymorphic("geometry", "geometry", "Its geometry.").make_required();
  return schema;
}

ObjectSchema boundary_params() {
  ObjectSchema schema{"boundary",
                      "A rigid surface without DOFs that bodies collide with (ground, walls), "
                      "fixed or translated as prescribed."};
  schema.add_string("name", "Unique name of the boundary.").make_required();
  schema.add_string("group", "Contact group (see `contact.interactions`).")
      .with_default(std::string("boundary"));
  schema.add_polymorphic("surface", "surface", "Its surface.").make_required();
  schema.add_object("motion", "motion", "Prescribed translation.");
  schema.add_bool("active", "Acts from the start; false: only after an `add_boundary` action.")
      .with_default(true);
  return schema;
}

ObjectSchema motion_params() {
  ObjectSchema schema{"motion", "A prescribed translation x(t) = x0 + scale(t)·displacement."};
  schema.add_vec3("displacement", "The translation at scale 1.")
      .with_unit("m")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_polymorphic("scale", "time_function", "Multiplies the displacement (0 at rest).")
      .with_computed_default("0 (no motion)");
  return schema;
}

ObjectSchema contact_params() {
  ObjectSchema schema{"contact", "Contact search settings and laws (paper §2.4–2.6)."};
  schema
      .add_real(
          "travel_factor",
          "Bounding volumes are inflated by this factor times the distance a body can travel in "
          "one step (|v|Δt + |a|Δt²/2 + |ω|Δt·R), §2.5.1 and §2.6.3.")
      .with_default(2.0)
      .at_least(0);
  schema.add_real("minimum_margin", "Inflation added to every bounding volume.")
      .with_unit("m")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real(
          "verlet_margin",
          "Margin δ of the search's Verlet lists (§2.5.2): they hold what lies within the skin "
          "plus 1.5 times each body's inflation plus δ/2, and a body's pairs are rebuilt once it "
          "has moved (displacement + rotation × radius) more than δ/2 beyond the travel its "
          "inflation allowed, but for the pairs whose two bodies moved together (their "
          "relative motion still within the room their lists were made with). Larger: fewer "
          "rebuilds, longer lists.")
      .with_unit("m")
      .with_computed_default("a tenth of the smallest body size")
      .greater_than(0);
  schema
      .add_real(
          "cell_size",
          "Side of the search's linked cells (§2.5.2), which need no domain. A smaller size costs "
          "time, never contacts.")
      .with_unit("m")
      .with_computed_default("largest inflated body diameter + largest skin + verlet_margin")
      .greater_than(0);
  schema.add_object("domain", "search_domain",
                    "Where the bodies are expected; leaving it is reported.");
  schema
      .add_string("history_file",
                  "Contact histories to start from (friction's elastic tangential gap and "
                  "stick/slip state, eqs. 57–58, and the energy ledger's last state), a CSV "
                  "table as `polydem export-state --friction-history` writes it, relative to "
                  "the deck's folder; empty: every contact starts without a history.")
      .with_default(std::string())
      .allowing_empty();
  schema.add_object_list("interactions", "interaction", "Contact laws per pair of groups.")
      .with_default(std::vector<ParamSet>{});
  schema
      .add_object_list("materials", "material",
                       "Materials that interactions can derive their laws from.")
      .with_default(std::vector<ParamSet>{});
  schema.add_object_list("groups", "contact_group", "The material of each group that has one.")
      .with_default(std::vector<ParamSet>{});
  return schema;
}

ObjectSchema search_domain_params() {
  ObjectSchema schema{
      "search_domain",
      "An optional box. A body whose pole leaves it is reported (a warning on stderr and "
      "in summary.json, with a count) and still searched for contacts like any other; "
      "without it nothing is reported."};
  schema.add_vec3("min", "Lower corner.").with_unit("m").with_computed_default("none: no domain");
  schema.add_vec3("max", "Upper corner.").with_unit("m").with_computed_default("none: no domain");
  schema.complete = [](ParamSet& set) {
    if (set.has_value("min") != set.has_value("max"))
      throw set.error(set.has_value("min") ? "max" : "min",
                      "give both corners of the domain, or neither");
    if (set.has_value("min") && !(set.vec3("max").array() > set.vec3("min").array()).all())
      throw set.error("max", "must exceed min in every coordinate");
  };
  return schema;
}

ObjectSchema interaction_params() {
  ObjectSchema schema{
      "interaction",
      "The contact law between bodies of group_a and bodies or boundaries of group_b."};
  schema.add_string("group_a", "A group name.").make_required();
  schema.add_string("group_b", "The other group name.").with_computed_default("group_a");
  schema.add_bool("enabled", "false: the two groups do not interact.").with_default(true);
  schema.add_polymorphic("normal", "normal_law", "Normal law (eqs. 49–51).").make_required();
  schema
      .add_real("damping_ratio",
                "ζ of the normal viscous damping (eq. 52): f_d = 2ζ √(k m*) ġ_n, k = −df_n/dg "
                "at the contact's gap and m* the mass the contact meets at its point along its "
                "normal (rotation included), so that one contact oscillating about its rest gap "
                "decays with the ratio ζ; each contact of a pair damps its own m* (eq. 52 as "
                "printed), where `damping: {viscous: {ratio: ζ}}` shares the mass among them.")
      .with_computed_default("0, unless `damping` is given")
      .at_least(0);
  schema
      .add_polymorphic("damping", "damping", "Normal damping of another kind than `damping_ratio`.")
      .with_computed_default("`damping_ratio`");
  schema
      .add_real("damping_ramp",
                "The normal dashpot (eq. 52 or `damping`, of any kind) fades in (smoothstep) over "
                "the outer width w = min(damping_ramp·ḡ, |ġ_n| Δt) of the skin, |ġ_n| the "
                "contact's normal speed at the start of the step: a contact that enters the skin "
                "at speed meets a force that is C¹ there, and Newton does not cycle; 0: as "
                "printed (a jump 2ζ√(k m*)|ġ_n| at the skin for eq. 52 with exponent 1). Deeper "
                "than w the dashpot is ζ's own, so a contact at rest or sliding (|ġ_n| Δt far "
                "below its overlap) keeps its ζ however small its overlap; an impact is damped "
                "less over the first w of the skin (about one step's travel), which the "
                "restitution calibration does not see.")
      .with_default(0.1)
      .at_least(0)
      .at_most(1);
  schema.add_polymorphic("friction", "friction", "Friction (eqs. 54–58).")
      .with_computed_default("`coulomb` with its defaults: none");
  schema.complete = [](ParamSet& set) {
    if (!set.has_value("group_b")) set.at("group_b").value = set.string("group_a");
    if (set.has_value("damping") && set.has_value("damping_ratio"))
      throw set.error("damping", "give `damping` or `damping_ratio`, not both");
    if (!set.has_value("damping") && !set.has_value("damping_ratio"))
      set.at("damping_ratio").value = 0.0;
  };
  return schema;
}

void check_contact_references(const ParamSet& deck) {
  check_shape_names(deck);
  check_interactions(deck);
  check_contact_materials(deck);
}

POLYDEM_DECLARE_OBJECT(shape_params)
POLYDEM_DECLARE_OBJECT(boundary_params)
POLYDEM_DECLARE_OBJECT(motion_params)
POLYDEM_DECLARE_OBJECT(contact_params)
POLYDEM_DECLARE_OBJECT(search_domain_params)
POLYDEM_DECLARE_OBJECT(interaction_params)

}  // namespace polydem

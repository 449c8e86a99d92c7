#include "src/deck/action_schema.hpp"

#include "src/params/declarations.hpp"

#include <algorithm>

#include "src/params/param_set.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

const std::vector<std::string>& action_keys() {
  static const std::vector<std::string> keys = {"remove_boundary", "add_boundary", "friction",
                                                "gravity"};
  return keys;
}

std::vector<std::string> names_of(const std::vector<ParamSet>& sets) {
  std::vector<std::string> names;
  for (const ParamSet& set : sets) names.push_back(set.string("name"));
  return names;
}

bool has_interaction(const ParamSet& deck, const std::string& a, const std::string& b) {
  const auto& interactions = deck.object("contact").objects("interactions");
  return std::any_of(interactions.begin(), interactions.end(), [&](const ParamSet& i) {
    const std::string& x = i.string("group_a");
    const std::string& y = i.string("group_b");
    return (x == a && y == b) || (x == b && y == a);
  });
}

void check_action(const ParamSet& deck, const ParamSet& action,
                  const std::vector<std::string>& boundaries) {
  for (const char* key : {"remove_boundary", "add_boundary"}) {
    if (!action.has_value(key)) continue;
    const std::string& name = action.string(key);
    if (std::find(boundaries.begin(), boundaries.end(), name) == boundaries.end())
      throw action.error(key, "no boundary named '" + name + "'" + did_you_mean(name, boundaries));
  }
  if (!action.at("friction").given) return;
  const ParamSet& friction = action.object("friction");
  if (!has_interaction(deck, friction.string("group_a"), friction.string("group_b")))
    throw friction.error("group_a", "no interaction between groups '" + friction.string("group_a") +
                                        "' and '" + friction.string("group_b") +
                                        "' in contact.interactions");
}

}  // namespace

ObjectSchema action_params() {
  ObjectSchema schema{"action", "One change at the start of a step; give exactly one of the keys."};
  schema.add_string("remove_boundary", "The named boundary stops acting.")
      .with_computed_default("none");
  schema
      .add_string(
          "add_boundary",
          "The named boundary starts acting (declare it with `active: false` to add it later).")
      .with_computed_default("none");
  schema
      .add_object("friction", "friction_switch",
                  "Switches the friction of an interaction off or on.")
      .with_computed_default("none");
  schema.add_vec3("gravity", "The gravitational acceleration from this step on.")
      .with_unit("m/s²")
      .with_computed_default("none");
  schema.complete = [](ParamSet& set) {
    const auto given = std::count_if(action_keys().begin(), action_keys().end(),
                                     [&](const std::string& key) { return set.at(key).given; });
    if (given != 1)
      throw set.error("remove_boundary",
                      "an action names exactly one of remove_boundary, add_boundary, friction, "
                      "gravity");
    if (set.at("friction").given)
      for (const char* key : {"group_a", "enabled"})
        if (!set.object("friction").has_value(key))
          throw set.object("friction").error(key, "required key is missing");
  };
  return schema;
}

ObjectSchema friction_switch_params() {
  ObjectSchema schema{
      "friction_switch",
      "`{friction: {group_a: grains, group_b: grains, enabled: false}}`: the interaction's "
      "friction off (or on again)."};
  // Not `required`: an action without `friction` carries an empty one, checked by the action.
  schema.add_string("group_a", "A group of the interaction (required).")
      .with_computed_default("none");
  schema.add_string("group_b", "Its other group.").with_computed_default("group_a");
  schema.add_bool("enabled", "Friction on (true) or off (required).").with_computed_default("none");
  schema.complete = [](ParamSet& set) {
    if (set.has_value("group_a") && !set.has_value("group_b"))
      set.at("group_b").value = set.string("group_a");
  };
  return schema;
}

void check_action_references(const ParamSet& deck) {
  const std::vector<std::string> boundaries = names_of(deck.objects("boundaries"));
  for (const ParamSet& step : deck.objects("steps"))
    for (const ParamSet& action : step.objects("actions")) check_action(deck, action, boundaries);
}

POLYDEM_DECLARE_OBJECT(action_params)
POLYDEM_DECLARE_OBJECT(friction_switch_params)

}  // namespace polydem

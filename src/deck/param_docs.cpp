#include "src/deck/param_docs.hpp"

#include "src/params/param_format.hpp"

namespace polydem {
namespace {

std::string code(const std::string& text) { return "`" + text + "`"; }

std::string default_text(const ParamSpec& spec) {
  if (spec.required) return "**required**";
  if (!spec.default_note.empty()) return spec.default_note;
  if (spec.type == ParamType::Object) return "see " + code(spec.schema);
  return code(format_flow(spec.default_value, spec));
}

std::string type_text(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::Object:
      return "map, see " + code(spec.schema);
    case ParamType::ObjectList:
      return "list of " + code(spec.schema);
    case ParamType::Polymorphic:
      return code(spec.schema);
    default:
      return type_name(spec);
  }
}

// A '|' inside a cell would end it.
std::string cell(const std::string& text) {
  std::string escaped;
  for (char c : text) escaped += c == '|' ? std::string("\\|") : std::string(1, c);
  return escaped;
}

std::string key_table(const ObjectSchema& schema) {
  if (schema.params.empty()) return "No keys: write its name alone.\n";
  std::string text =
      "| Key | Type | Unit | Default | Allowed | Description |\n"
      "|---|---|---|---|---|---|\n";
  for (const auto& spec : schema.params)
    text += "| " + code(spec.name) + " | " + cell(type_text(spec)) + " | " + cell(spec.unit) +
            " | " + cell(default_text(spec)) + " | " + cell(range_text(spec)) + " | " +
            cell(spec.description) + " |\n";
  return text;
}

// "`steps[]` of `deck`" for every place that refers to the schema, in objects
// and in the members of families.
std::string used_by(const std::string& name, const SchemaRegistry& registry) {
  std::string text;
  const auto scan = [&](const ObjectSchema& owner) {
    for (const auto& spec : owner.params) {
      bool is_list = spec.type == ParamType::ObjectList;
      bool refers = spec.schema == name && (is_list || spec.type == ParamType::Object ||
                                            spec.type == ParamType::Polymorphic);
      if (refers)
        text += std::string(text.empty() ? "" : ", ") + code(spec.name + (is_list ? "[]" : "")) +
                " of " + code(owner.name);
    }
  };
  for (const auto& owner : registry.objects()) scan(owner);
  for (const auto& family : registry.families())
    for (const auto& member : family.members) scan(member);
  return text.empty() ? "" : "Used as " + text + ".\n\n";
}

}  // namespace

std::string object_markdown(const ObjectSchema& schema, const SchemaRegistry& registry) {
  return "## " + code(schema.name) + "\n\n" + schema.description + "\n\n" +
         used_by(schema.name, registry) + key_table(schema) + "\n";
}

std::string family_markdown(const PolymorphicFamily& family, const SchemaRegistry& registry) {
  std::string text = "## " + code(family.name) + "\n\n" + family.description + "\n\n" +
                     used_by(family.name, registry);
  for (const auto& member : family.members) {
    text += "### " + code(member.name) + "\n\n" + member.description + "\n\n";
    if (member.inline_payload)
      text += "The value of " + code(member.name) + " is the payload itself:\n\n";
    text += key_table(member) + "\n";
    if (!member.example.empty()) text += "Example: `" + member.example + "`\n\n";
  }
  return text;
}

}  // namespace polydem

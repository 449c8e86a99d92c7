#include "src/deck/param_echo.hpp"

#include "src/params/param_format.hpp"

namespace polydem {
namespace {

void echo_object(const ParamSet& set, int indent, std::string& out);

std::string spaces(int count) { return std::string(static_cast<std::size_t>(count), ' '); }

void echo_list(const Param& param, int indent, std::string& out) {
  const auto& items = std::get<std::vector<ParamSet>>(param.value);
  if (items.empty()) {
    out += spaces(indent) + param.name + ": []\n";
    return;
  }
  out += spaces(indent) + param.name + ":\n";
  for (const auto& item : items) {
    std::string body;
    echo_object(item, indent + 4, body);
    // The first line of each item carries the "- " marker in place of two spaces.
    out += spaces(indent + 2) + "- " + body.substr(static_cast<std::size_t>(indent + 4));
  }
}

void echo_param(const Param& param, int indent, std::string& out) {
  if (param.type == ParamType::Object) {
    std::string body;
    echo_object(std::get<std::vector<ParamSet>>(param.value).front(), indent + 2, body);
    // An optional section left out whose keys all lack a value (an action's
    // `friction` when the action is another) is left out again: `{}` would read
    // back as given. A given one (contact.domain: {}) reads back as {}.
    if (body.empty() && !param.given) return;
    out += spaces(indent) + param.name + (body.empty() ? ": {}\n" : ":\n" + body);
  } else if (param.type == ParamType::ObjectList) {
    echo_list(param, indent, out);
  } else {
    ParamSpec spec;
    spec.type = param.type;
    out += spaces(indent) + param.name + ": " + format_flow(param.value, spec) + "\n";
  }
}

void echo_object(const ParamSet& set, int indent, std::string& out) {
  for (const auto& param : set.params) {
    // An optional key with no value (a body without a shape) is left out: writing
    // it empty would not read back, since an empty value is an error.
    if (std::holds_alternative<std::monostate>(param.value)) continue;
    echo_param(param, indent, out);
  }
}

}  // namespace

std::string echo_params(const ParamSet& root) {
  std::string out;
  echo_object(root, 0, out);
  return out;
}

}  // namespace polydem

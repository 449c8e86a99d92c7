#include "src/params/param_format.hpp"

#include <array>
#include <charconv>
#include <set>

#include "src/params/param_set.hpp"
#include "src/params/scalar_parse.hpp"

namespace polydem {
namespace {

bool is_name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

// Plain scalars that YAML would read as something other than this string.
bool is_reserved_word(const std::string& text) {
  static const std::set<std::string> words = {
      "true", "True", "TRUE", "false", "False", "FALSE", "yes",  "Yes", "YES",
      "no",   "No",   "NO",   "on",    "On",    "ON",    "off",  "Off", "OFF",
      "y",    "Y",    "n",    "N",     "null",  "Null",  "NULL", "~"};
  return words.count(text) > 0;
}

bool can_be_plain(const std::string& text) {
  if (text.empty() || is_reserved_word(text)) return false;
  if (text.front() == '-' || text.front() == '.') return false;
  if (parse_real(text).issue != ScalarIssue::NotANumber) return false;
  for (char c : text)
    if (!is_name_character(c)) return false;
  return true;
}

std::string escape_character(unsigned char c) {
  switch (c) {
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    case '\n':
      return "\\n";
    case '\t':
      return "\\t";
    case '\r':
      return "\\r";
    default:
      break;
  }
  if (c < 0x20 || c == 0x7f) {
    const char* hex = "0123456789abcdef";
    return std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return std::string(1, static_cast<char>(c));
}

std::string format_list(const double* values, std::size_t count) {
  std::string text = "[";
  for (std::size_t k = 0; k < count; ++k) text += (k == 0 ? "" : ", ") + format_real(values[k]);
  return text + "]";
}

std::string format_tensor(const Mat3& m) {
  std::array<double, 6> voigt = {m(0, 0), m(1, 1), m(2, 2), m(0, 1), m(0, 2), m(1, 2)};
  return format_list(voigt.data(), voigt.size());
}

std::string format_points(const TimePoints& points) {
  std::string text = "[";
  for (std::size_t k = 0; k < points.size(); ++k) {
    std::array<double, 2> pair = {points[k].first, points[k].second};
    text += (k == 0 ? "" : ", ") + format_list(pair.data(), 2);
  }
  return text + "]";
}

std::string format_object_flow(const ParamSet& set);

std::string format_param_flow(const Param& param) {
  ParamSpec spec;
  spec.type = param.type;
  return format_flow(param.value, spec);
}

// Optional keys without a value are left out, as in the block-style echo:
// written as ~ they would not read back.
std::string format_object_flow(const ParamSet& set) {
  std::string text = "{";
  for (const Param& param : set.params) {
    if (std::holds_alternative<std::monostate>(param.value)) continue;
    text += (text.size() == 1 ? "" : ", ") + param.name + ": " + format_param_flow(param);
  }
  return text + "}";
}

}  // namespace

std::string format_real(double value) {
  std::array<char, 64> buffer{};
  auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (error != std::errc()) return "0";
  std::string text(buffer.data(), end);
  return text == "-0" ? "0" : text;
}

std::string format_string(const std::string& text) {
  if (can_be_plain(text)) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += escape_character(static_cast<unsigned char>(c));
  return quoted + "\"";
}

std::string format_flow(const ParamValue& value, const ParamSpec& spec) {
  struct Visitor {
    const ParamSpec& spec;
    std::string operator()(std::monostate) const { return "~"; }
    std::string operator()(double v) const { return format_real(v); }
    std::string operator()(long long v) const { return std::to_string(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return format_string(v); }
    std::string operator()(const Vec3& v) const { return format_list(v.data(), 3); }
    std::string operator()(const Mat3& v) const { return format_tensor(v); }
    std::string operator()(const TimePoints& v) const { return format_points(v); }
    std::string operator()(const std::vector<ParamSet>& sets) const {
      if (spec.type == ParamType::Polymorphic) return format_member_flow(sets.front());
      if (spec.type == ParamType::Object) return format_object_flow(sets.front());
      std::string text = "[";
      for (std::size_t k = 0; k < sets.size(); ++k)
        text += (k == 0 ? "" : ", ") + format_object_flow(sets[k]);
      return text + "]";
    }
  };
  return std::visit(Visitor{spec}, value);
}

std::string format_member_flow(const ParamSet& member) {
  if (member.params.empty()) return member.schema;  // a bare name: a member without keys
  bool inline_payload = member.params.size() == 1 && member.params.front().name == member.schema;
  std::string payload =
      inline_payload ? format_param_flow(member.params.front()) : format_object_flow(member);
  return "{" + member.schema + ": " + payload + "}";
}

}  // namespace polydem

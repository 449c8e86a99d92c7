#include "src/io/text_format.hpp"

#include <charconv>

namespace polydem {

void append_shortest(std::string& out, double value) {
  char digits[32];  // the longest shortest form, "-2.2250738585072014e-308", has 24 chars
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

std::string format_shortest(double value) {
  std::string out;
  append_shortest(out, value);
  return out;
}

void append_xml_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
}

}  // namespace polydem

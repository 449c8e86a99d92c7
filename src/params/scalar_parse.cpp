#include "src/params/scalar_parse.hpp"

#include <charconv>
#include <cmath>
#include <set>

namespace polydem {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t skip_digits(const std::string& text, std::size_t at) {
  while (at < text.size() && is_digit(text[at])) ++at;
  return at;
}

std::size_t skip_sign(const std::string& text, std::size_t at) {
  return at < text.size() && (text[at] == '+' || text[at] == '-') ? at + 1 : at;
}

bool is_decimal_real(const std::string& text) {
  std::size_t at = skip_sign(text, 0);
  std::size_t integer_end = skip_digits(text, at);
  bool has_digits = integer_end > at;
  at = integer_end;
  if (at < text.size() && text[at] == '.') {
    std::size_t fraction_end = skip_digits(text, at + 1);
    has_digits = has_digits || fraction_end > at + 1;
    at = fraction_end;
  }
  if (!has_digits) return false;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    std::size_t exponent_start = skip_sign(text, at + 1);
    std::size_t exponent_end = skip_digits(text, exponent_start);
    if (exponent_end == exponent_start) return false;
    at = exponent_end;
  }
  return at == text.size();
}

bool is_special_float(const std::string& text) {
  static const std::set<std::string> spellings = {
      ".nan",  ".NaN",  ".NAN",  ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF",
      "-.inf", "-.Inf", "-.INF", "nan",  "NaN",  "inf",  "-inf",  "+inf",  "infinity"};
  return spellings.count(text) > 0;
}

// from_chars rejects a leading '+', which YAML allows.
const char* number_start(const std::string& text) {
  return text.data() + (!text.empty() && text[0] == '+' ? 1 : 0);
}

}  // namespace

RealParse parse_real(const std::string& text) {
  if (is_special_float(text)) return {0, ScalarIssue::NotFinite};
  if (!is_decimal_real(text)) return {0, ScalarIssue::NotANumber};
  RealParse result;
  auto [end, error] = std::from_chars(number_start(text), text.data() + text.size(), result.value);
  if (error == std::errc::result_out_of_range) return {0, ScalarIssue::OutOfRange};
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(result.value))
    return {0, ScalarIssue::NotFinite};
  return result;
}

IntegerParse parse_integer(const std::string& text) {
  std::size_t digits_start = skip_sign(text, 0);
  if (digits_start == text.size() || skip_digits(text, digits_start) != text.size()) {
    RealParse real = parse_real(text);
    return {0, real.issue == ScalarIssue::None ? ScalarIssue::NotAnInteger : real.issue};
  }
  IntegerParse result;
  auto [end, error] = std::from_chars(number_start(text), text.data() + text.size(), result.value);
  if (error != std::errc() || end != text.data() + text.size()) return {0, ScalarIssue::OutOfRange};
  return result;
}

std::optional<bool> parse_bool(const std::string& text) {
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  return std::nullopt;
}

}  // namespace polydem

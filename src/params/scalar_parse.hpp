// Strict conversion of YAML scalars to numbers and booleans.
// yaml-cpp's as<T>() follows YAML 1.1 and C++ streams: it turns "yes"/"on" into
// true, "0x10" into 16 for integers, ".nan" into NaN, and "20.5" fails for int only
// after partial reads. A deck value is either exactly a number of the YAML 1.2
// core schema in decimal notation, or a type error that names the key.
#pragma once

#include <optional>
#include <string>

namespace polydem {

enum class ScalarIssue { None, NotANumber, NotFinite, NotAnInteger, OutOfRange, NotABoolean };

struct RealParse {
  double value = 0;
  ScalarIssue issue = ScalarIssue::None;
};

struct IntegerParse {
  long long value = 0;
  ScalarIssue issue = ScalarIssue::None;
};

/// Decimal reals: [-+]?(digits[.digits]|.digits)([eE][-+]?digits)?.
/// .inf/.nan spellings and values that overflow a double give NotFinite.
RealParse parse_real(const std::string& text);
/// [-+]?digits within the range of long long.
IntegerParse parse_integer(const std::string& text);
/// true/True/TRUE/false/False/FALSE only.
std::optional<bool> parse_bool(const std::string& text);

}  // namespace polydem

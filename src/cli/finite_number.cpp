#include "src/cli/finite_number.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace polydem {

const CLI::Validator& finite_number() {
  static const CLI::Validator validator(
      [](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || std::isfinite(value)) return {};
        return "Value " + text + " is not a finite number";
      },
      "FINITE", "finite number");
  return validator;
}

}  // namespace polydem

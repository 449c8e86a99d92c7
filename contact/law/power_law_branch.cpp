#include "contact/law/power_law_branch.hpp"

#include <cmath>
#include <cstdio>

namespace polydem {

double PowerLawBranch::force(double depth) const {
  return coefficient_ * std::pow(depth, exponent_);
}

double PowerLawBranch::stiffness(double depth) const {
  return coefficient_ * exponent_ * std::pow(depth, exponent_ - 1);
}

double PowerLawBranch::stiffness_slope(double depth) const {
  if (exponent_ == 1) return 0.0;
  return coefficient_ * exponent_ * (exponent_ - 1) * std::pow(depth, exponent_ - 2);
}

double PowerLawBranch::energy(double depth) const {
  return coefficient_ * std::pow(depth, exponent_ + 1) / (exponent_ + 1);
}

std::string PowerLawBranch::shape_key() const {
  char key[48];
  std::snprintf(key, sizeof key, "power n1=%.17g", exponent_);
  return key;
}

}  // namespace polydem

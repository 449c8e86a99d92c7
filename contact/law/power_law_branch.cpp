#include "contact/law/power_law_branch.hpp"

#include <cmath>
#include <cstdio>

namespace polydem {

double PowerLawBranch::force(double depth) const { return coefficient_ * depth_to_n1_(depth); }

double PowerLawBranch::stiffness(double depth) const {
  return coefficient_ * exponent_ * depth_to_n1_minus_1_(depth);
}

double PowerLawBranch::stiffness_slope(double depth) const {
  if (exponent_ == 1) return 0.0;
  return coefficient_ * exponent_ * (exponent_ - 1) * depth_to_n1_minus_2_(depth);
}

double PowerLawBranch::energy(double depth) const {
  return coefficient_ * depth_to_n1_plus_1_(depth) / (exponent_ + 1);
}

std::string PowerLawBranch::shape_key() const {
  char key[48];
  std::snprintf(key, sizeof key, "power n1=%.17g", exponent_);
  return key;
}

}  // namespace polydem

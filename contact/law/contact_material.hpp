// The elastic data of a contact group's material, and how two materials
// combine at a contact: the two bodies deform in series, so their
// compliances add (Johnson, Contact Mechanics, §4.2):
//   1/E* = (1 − ν_a²)/E_a + (1 − ν_b²)/E_b,   1/k = 1/k_a + 1/k_b.
#pragma once

#include <string>

namespace polydem {

struct ContactMaterial {
  std::string name;
  double young_modulus = 0;     ///< E (Pa)
  double poisson_ratio = 0;     ///< ν, −1 < ν < 1/2
  double normal_stiffness = 0;  ///< k (N/m) of its contact layer for linear laws; 0: not given
};

/// E/(1 − ν²): the plane-strain modulus one body brings to a contact (Pa).
double contact_modulus(const ContactMaterial& material);
/// E* of a pair: the plane-strain moduli in series (Pa).
double effective_modulus(const ContactMaterial& a, const ContactMaterial& b);
/// k_a k_b/(k_a + k_b): two springs in series.
double series_stiffness(double a, double b);

}  // namespace polydem

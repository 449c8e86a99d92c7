#include "contact/law/contact_material.hpp"

namespace polydem {

double contact_modulus(const ContactMaterial& material) {
  return material.young_modulus / (1 - material.poisson_ratio * material.poisson_ratio);
}

double effective_modulus(const ContactMaterial& a, const ContactMaterial& b) {
  return series_stiffness(contact_modulus(a), contact_modulus(b));
}

double series_stiffness(double a, double b) { return a * b / (a + b); }

}  // namespace polydem

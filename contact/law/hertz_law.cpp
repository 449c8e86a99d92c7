#include "contact/law/hertz_law.hpp"

#include <cmath>

namespace polydem {

double hertz_coefficient(double effective_modulus, double effective_radius) {
  return 4.0 / 3.0 * effective_modulus * std::sqrt(effective_radius);
}

double hertz_coefficient(const HertzParams& params, const ContactMaterial* a,
                         const ContactMaterial* b) {
  const double modulus =
      params.effective_modulus > 0 ? params.effective_modulus : effective_modulus(*a, *b);
  return hertz_coefficient(modulus, params.effective_radius);
}

}  // namespace polydem

#include "contact/law/linear_law.hpp"

namespace polydem {

double linear_coefficient(const LinearLawParams& params, const ContactMaterial* a,
                          const ContactMaterial* b) {
  if (params.stiffness > 0) return params.stiffness;
  if (params.contact_length > 0) return effective_modulus(*a, *b) * params.contact_length;
  return series_stiffness(a->normal_stiffness, b->normal_stiffness);
}

}  // namespace polydem

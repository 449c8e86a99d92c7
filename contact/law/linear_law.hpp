// A linear spring as part (i) of the hybrid law: f = ε1 δ (n1 = 1 in eq. 49).
// ε1 is given, or comes from the two groups' materials in series:
//  - from their contact-layer stiffnesses, ε1 = k_a k_b/(k_a + k_b);
//  - from their moduli and a contact length ℓ, ε1 = E* ℓ (a rigid flat punch of
//    radius a on an elastic half-space has stiffness 2 E* a: ℓ = 2a).
#pragma once

#include "contact/law/contact_material.hpp"

namespace polydem {

struct LinearLawParams {
  double stiffness = 0;       ///< ε1 (N/m); 0: from the materials
  double contact_length = 0;  ///< ℓ (m): ε1 = E*·ℓ; 0: the materials' normal_stiffness in series
};

/// ε1 of the pair. Precondition: params.stiffness > 0, or both materials are
/// given (with normal_stiffness > 0 when params.contact_length is 0).
double linear_coefficient(const LinearLawParams& params, const ContactMaterial* a,
                          const ContactMaterial* b);

}  // namespace polydem

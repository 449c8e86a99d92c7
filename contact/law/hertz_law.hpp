// Hertz's law as part (i) of the hybrid law (paper §2.4.7 mentions it): two
// elastic bodies with effective radius R* pressed together by δ carry
//   f = (4/3) E* √R* δ^{3/2}          (Johnson, Contact Mechanics, eq. 4.23),
// so ε1 = (4/3) E* √R* and n1 = 3/2 in eq. (49). E* is given or comes from the
// two groups' materials in series (contact_material.hpp). R* = R_a R_b/(R_a + R_b)
// is given: a polyhedron has no curvature at a vertex, edge or face, so it is
// the radius of the rounded bodies the polyhedra stand for.
#pragma once

#include "contact/law/contact_material.hpp"

namespace polydem {

struct HertzParams {
  double effective_radius = 0;   ///< R* (m)
  double effective_modulus = 0;  ///< E* (Pa); 0: from the two materials
};

inline constexpr double kHertzExponent = 1.5;

/// ε1 = (4/3) E* √R* (N/m^{3/2}).
double hertz_coefficient(double effective_modulus, double effective_radius);

/// ε1 of the pair; E* from the materials when params does not give it.
/// Precondition: params.effective_modulus > 0 or both materials are given.
double hertz_coefficient(const HertzParams& params, const ContactMaterial* a,
                         const ContactMaterial* b);

}  // namespace polydem

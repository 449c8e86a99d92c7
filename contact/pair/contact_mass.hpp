// The mass a contact's normal force meets: the effective mass of the two
// sides at the contact point along the normal (translational and rotational),
//   1/m* = n·(K_A + K_B) n,   K = (1/m) I − [r]× J⁻¹ [r]×,
// with r the contact point relative to the side's centre of mass and J⁻¹ its
// inverse inertia in world axes (a boundary adds nothing). For the sum of unit
// normal forces of several contacts weighted by w_j the same quantity is the
// square of Σ w_j μ_j, where μ_j is the contact's mobility: the 9-vector
//   μ = ( n √(1/m_A + 1/m_B),  L_Aᵀ (r_A × n),  −L_Bᵀ (r_B × n) ),
// L Lᵀ = J⁻¹ (body axes, with r × n in body axes), so that μ·μ = 1/m*. A pair
// whose contacts share its mass takes the mass of the stiffness-weighted push
// K²/|Σ k_j μ_j|² (pointwise_contact.hpp): the whole mass for a face centred
// under the centre of mass, m* for a single contact.
//
// The damping of a step takes μ at configuration i (the material points of the
// contact's LCP solution at i, the normal n^i): frozen over the step, it adds
// nothing to the tangent, and the dashpot stays dissipative.
#pragma once

#include <Eigen/Core>

#include "contact/pair/contact_side.hpp"

namespace polydem {

using ContactMobility = Eigen::Matrix<double, 9, 1>;

/// L with L Lᵀ = J⁻¹ for an inertia tensor J (about the centre of mass, body
/// axes); zero when J is not positive definite (the side is taken not to turn).
Mat3 inverse_inertia_root(const Mat3& inertia);

/// μ of a unit normal force along `normal` (world, from B towards A) at the
/// material points `point_a`, `point_b` (body frames, relative to the poles),
/// the sides posed at their configuration i (trial.rotation). A zero `normal`
/// (no direction known at i) gives the translational part alone, whose m* is
/// m_A m_B/(m_A + m_B), or m_A against a boundary.
ContactMobility contact_mobility(const ContactSide& a, const ContactSide& b, const Vec3& point_a,
                                 const Vec3& point_b, const Vec3& normal);

/// m* = 1/(μ·μ) (kg).
double contact_point_mass(const ContactMobility& mobility);

}  // namespace polydem

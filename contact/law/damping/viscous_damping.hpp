// The viscous dashpot of the paper's eq. (52): f_d = 2ζ √(k m*) ġ_n, with m*
// the sides' effective mass at the contact point along its normal, rotation
// included (contact_mass.hpp; the paper's m_A m_B/(m_A + m_B) is the mass of a
// contact in line with both centres of mass). A pair touching at N points then
// damps its relative motion with about √N ζ where each contact meets about the
// whole mass (the paper notes this, §2.4.7). With a shared pair mass each
// contact takes the share of M its stiffness has in the pair's total
// K = Σ k_j: f_d = 2ζ k √(M/K) ġ_n, M the mass the stiffness-weighted push of
// the contacts meets, so the contacts of a pair together give the pair the
// ratio ζ (the flat face of a box as much as a single vertex), and a single
// contact is unchanged (M = m*). K and M depend on every contact's gap: their
// derivatives enter the tangent of each contact (pointwise_contact.hpp).
//
// The deck's `{viscous: {ratio: ζ, mass: shared|whole}}`, and `damping_ratio: ζ`
// for eq. (52) as printed.
#pragma once

#include <memory>

#include "contact/law/normal_damping.hpp"

namespace polydem {

std::shared_ptr<const Dashpot> viscous_dashpot();

/// Ratio ζ; `share_pair_mass` false is eq. (52) as printed.
NormalDamping viscous_damping(double ratio, bool share_pair_mass = false);

}  // namespace polydem

// A contact frozen at configuration i for a step whose unknowns are the
// bodies' velocities (src/analysis/convex/): the point pair the degenerated
// LCP found at i (§2.4.2), its normal and moment arms held over the step, so
// that the normal gap and the tangential slip become affine in the velocities:
//
//   w   = (v_A + ω_A × r_A) − (v_B + ω_B × r_B)     relative velocity of Γ_A to Γ_B
//   g_n = g_n^i + Δt n·w                             (the linearised gap)
//   g_t = g_t^i + Δt (I − n⊗n) w                     (the elastic tangential gap, eq. 43)
//
// with r the arms from each body's centre of mass to its contact point, n
// from B to A (eq. 31). A boundary side moves with its prescribed velocity.
// What is held per contact besides (the dashpot's coefficient, the normal
// force friction meets) is the law's part: frozen_contact_law.hpp.
#pragma once

#include <vector>

#include "contact/law/coulomb_friction.hpp"
#include "contact/law/interaction.hpp"
#include "contact/pair/contact_pair_element.hpp"

namespace polydem {

struct FrozenContact {
  const ContactPairElement* element = nullptr;  ///< the pair it was found in
  SubRegion region_a;                           ///< its sub-regions (§2.4.3)
  SubRegion region_b;
  int body_a = -1;  ///< node index of A
  int body_b = -1;  ///< node index of B; −1 for a boundary
  const Interaction* interaction = nullptr;
  Vec3 arm_a = Vec3::Zero();  ///< Γ_A − x_G of A, world (m)
  Vec3 arm_b = Vec3::Zero();  ///< Γ_B − x_G of B (zero for a boundary)
  Vec3 normal = Vec3::Zero();
  Vec3 boundary_velocity = Vec3::Zero();  ///< of B when it is a boundary (m/s)
  double gap = 0;                         ///< g_n^i (m)
  double mass = 0;                        ///< m*, the mass the dashpot meets (contact_mass.hpp)
  double dashpot_coefficient = 0;         ///< the dashpot's (ζ, c, …), for this contact's event
  Vec3 tangential_gap = Vec3::Zero();     ///< g_t^i, in the tangent plane of `normal`
  StickSlip status = StickSlip::Stick;    ///< of the last accepted step: μ_s or μ_d
};

/// Appends the contacts of `element` at configuration i (`at_i`: zero increments, at_step_start)
/// that lie within the skin plus `reach` (ContactPairElement::collect_near), with
/// their friction histories moved into the tangent plane of their normal at i.
void freeze_contacts(const ContactPairElement& element, const StepContext& at_i, double reach,
                     std::vector<FrozenContact>& frozen);

/// Appends candidate `candidate` of `element` frozen at configuration i (its
/// sub-region pair solved there, in range or not), whatever its gap: a pair the
/// step's end crossed though collect_near left it out. False without a solution.
bool freeze_candidate(const ContactPairElement& element, const StepContext& at_i, int candidate,
                      std::vector<FrozenContact>& frozen);

/// g_n of the contact's own sub-region pair at `ctx` (the real geometry of a trial
/// state, e.g. the end of the step), valid or out of its range; +∞ without a solution.
double frozen_contact_gap_at(const FrozenContact& contact, const StepContext& ctx);

}  // namespace polydem

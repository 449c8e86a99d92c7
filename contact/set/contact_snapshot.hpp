// What the contact set reports of a converged state (paper §2.6, §3.6): the
// active pointwise contacts with their outcomes and energy accounts, the
// boundaries' reactions, and the energy ledger of the run.
#pragma once

#include <limits>
#include <vector>

#include "contact/pair/pointwise_contact.hpp"

namespace polydem {

/// One contact's energy account (J) since its contact event began.
struct ContactLedger {
  double stored_energy = 0;         ///< Φ(g_n) + ε_t|g_t|²/2 at this state
  double damping_dissipation = 0;   ///< ∫ (f_n − p) dg_n, normal damping
  double friction_dissipation = 0;  ///< ∫ f_t·v_t dt − Δ(ε_t|g_t|²/2)
  double onset_speed = 0;           ///< approach speed −ġ_n when the event began (m/s)
};

/// One active pointwise contact of a converged state.
struct ContactRecord {
  int body_a = 0;
  int body_b = -1;    ///< -1 against a boundary
  int boundary = -1;  ///< boundary index, or -1
  Degeneration kind = Degeneration::VertexFace;
  PointwiseOutcome outcome;
  ContactLedger ledger;
};

/// What the contacts add to a step's energy balance (J).
struct ContactEnergyStep {
  double stored_change = 0;  ///< Δ of the stored energy
  double dissipated = 0;     ///< damping and friction dissipation in the step
  double boundary_work = 0;  ///< work of moving boundaries on the bodies in the step
  double switched = 0;       ///< energy brought in by contacts switching inside the skin
  /// Damping booked as negative work in the step: a dashpot gives no energy, so
  /// this is a contact event the step did not resolve (it began and turned in one step).
  double unresolved = 0;
  /// The most any contact closed in the step, over its skin: (min(g_i, ḡ) − g_{i+1})/ḡ.
  /// This process's own, not summed under domain decomposition.
  double largest_closure = 0;
};

/// The active contact closest to touching at a state: what a run that gives up
/// with a contact deep in its barrier names (src/analysis/barrier_hint.hpp).
struct ClosestContact {
  double gap = std::numeric_limits<double>::infinity();  ///< g_n (m)
  double barrier_gap = 0;      ///< where its normal law's barrier starts (m)
  double barrier_energy = 0;   ///< Φ there: what the law stores before its barrier (J)
  double approach_energy = 0;  ///< ½ m* ġ_n² while it closes, else 0 (J)
  int body_a = -1;
  int body_b = -1;    ///< −1 against a boundary
  int boundary = -1;  ///< the boundary's index, or −1
};

/// The contacts' totals at an accepted state: counts, reactions, the energy ledger and
/// extremes (what processes sum or reduce under domain decomposition).
struct ContactTotals {
  int body_body = 0;
  int body_boundary = 0;
  std::vector<Vec3>
      boundary_reactions;  ///< per boundary: total contact force it exerts on the bodies
  std::vector<Vec3>
      boundary_moments;      ///< per boundary: moment of those forces about the world origin
  double stored_energy = 0;  ///< Σ Φ(g_n) + ε_t|g_t|²/2 over the active contacts (J)
  // Energy ledger since the start, trapezoidal in time over accepted steps (J):
  double damping_dissipation = 0;  ///< ∫ (f_n − p) dg_n, normal damping (eqs. 52–53)
  double friction_dissipation = 0;  ///< ∫ f_t·v_t dt − Δ(ε_t|g_t|²/2), sliding and released springs
  double boundary_work = 0;  ///< ∫ R·dx_b, work of moving boundaries on the bodies
  /// Normal energy brought in (or, negative, taken away) by contacts switching
  /// on or off inside the skin: hierarchy rules, validity hand-overs, contacts
  /// found twice. No Δt makes it smaller; it is no integration error.
  double switching_energy = 0;
  /// In this step alone (not a total): the damping booked as negative work
  /// (ContactEnergyStep::unresolved).
  double negative_damping = 0;
  /// In this step alone: ContactEnergyStep::largest_closure.
  double largest_closure = 0;
  /// The smallest gap of the active contacts (m); ∞ without any.
  double closest_gap = std::numeric_limits<double>::infinity();
  /// The contact at that gap (under domain decomposition: on the process that holds it).
  ClosestContact closest;
  /// The smallest critical step of central differences of the active contacts
  /// at their gaps (Interaction::critical_step, s): what an explicit integrator
  /// of the same model could take at this state; ∞ without contacts.
  double explicit_critical_step = std::numeric_limits<double>::infinity();
};

/// The totals and each active contact's record (for output).
struct ContactSnapshot : ContactTotals {
  std::vector<ContactRecord> contacts;
};

}  // namespace polydem

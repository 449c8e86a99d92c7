// What a contact carries from one accepted step to the next (paper §2.4.6):
// the tangential gap and stick/slip status of its friction history (eqs.
// 57–58) and its normal, plus the last accepted state the energy ledger books
// the next step against. Keyed by the bodies (or body and boundary) and the
// sub-region pair, so that a contact keeps its history however the search
// regroups the candidates; a contact that moves to a neighbouring pair at the
// same point takes its history along (handed_over_history).
#pragma once

#include <compare>
#include <map>

#include "contact/geometry/shape.hpp"
#include "contact/law/coulomb_friction.hpp"
#include "contact/local/local_contact.hpp"
#include "contact/set/contact_snapshot.hpp"

namespace polydem {

struct ContactKey {
  int body_a;
  int body_b;    ///< -1 for a boundary
  int boundary;  ///< -1 for a body
  SubRegion region_a;
  SubRegion region_b;
  auto operator<=>(const ContactKey&) const = default;
};

struct ContactHistory {
  Vec3 tangential_gap = Vec3::Zero();
  StickSlip status = StickSlip::Stick;
  Vec3 normal = Vec3::Zero();
  // The last accepted state, for the energy ledger:
  double gap = 0;            ///< g_n
  double damping_force = 0;  ///< f_n − p
  double normal_velocity = 0;
  Vec3 friction = Vec3::Zero();       ///< f_t
  Vec3 slip_velocity = Vec3::Zero();  ///< v_t
  double spring_energy = 0;           ///< ε_t|g_t|²/2 (J)
  double event_dashpot = 0;           ///< the event's ζ or c (restitution damping)
  ContactLedger ledger;               ///< since the contact event began, with its onset speed
};

using ContactHistories = std::map<ContactKey, ContactHistory>;

/// The history of the contact `key` (not in `histories` itself) had at
/// configuration i as its neighbouring sub-region pair at the same point:
/// the same vertex of one side against a sub-region of the other that bounds
/// or is bounded by the new one, or a coplanar triangle (contact_history.cpp).
/// histories.end() when there is none.
ContactHistories::const_iterator handed_over_history(const ContactHistories& histories,
                                                     const ContactKey& key, const Shape& shape_a,
                                                     const Shape& shape_b);

/// Whether the sub-region pair (region_a, region_b) of the same bodies is a
/// neighbour of `donor`'s at the same point, one that may take its history over.
bool takes_over_from(const ContactKey& donor, SubRegion region_a, SubRegion region_b,
                     const Shape& shape_a, const Shape& shape_b);

}  // namespace polydem

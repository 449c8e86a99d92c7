// Friction histories an integrator other than the paper's Newmark step leaves
// (the convex step, src/analysis/convex/): its own return map (eqs. 57–58) on its
// own elastic tangential gaps. At a commit the accepted state's histories take
// these instead of the update the ledger makes from the paper's outcome at the
// state, so that the spring energy the run carries is the one that step booked.
#pragma once

#include <algorithm>
#include <tuple>
#include <vector>

#include "contact/law/coulomb_friction.hpp"
#include "contact/local/local_contact.hpp"

namespace polydem {

class ContactPairElement;

struct GivenFrictionState {
  const ContactPairElement* element = nullptr;
  SubRegion region_a;
  SubRegion region_b;
  Vec3 tangential_gap = Vec3::Zero();
  StickSlip status = StickSlip::Stick;

  auto key() const { return std::tie(element, region_a, region_b); }
};

/// Sorted by key().
using GivenFrictionStates = std::vector<GivenFrictionState>;

inline void sort_given(GivenFrictionStates& states) {
  std::sort(
      states.begin(), states.end(),
      [](const GivenFrictionState& x, const GivenFrictionState& y) { return x.key() < y.key(); });
}

/// The state given for this contact, or null.
inline const GivenFrictionState* find_given(const GivenFrictionStates& states,
                                            const ContactPairElement* element, SubRegion region_a,
                                            SubRegion region_b) {
  const auto key = std::tie(element, region_a, region_b);
  const auto found =
      std::lower_bound(states.begin(), states.end(), key,
                       [](const GivenFrictionState& s, const auto& k) { return s.key() < k; });
  return found != states.end() && found->key() == key ? &*found : nullptr;
}

}  // namespace polydem

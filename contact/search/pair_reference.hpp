// Where a pair's Verlet lists were made: the placement of one of its objects
// relative to the other's frame, and the room the lists were made with (the
// two list margins, L_a + L_b). The lists hold every primitive pair of the two
// objects within skin + L_a + L_b at that relative placement, so they hold
// every one within skin + m_a + m_b later, while the relative motion since
// then, D_rel, leaves D_rel + m_a + m_b ≤ L_a + L_b (contact_search.hpp).
//
// D_rel bounds how far any point of one object has moved in the frame of the
// other: in the frame F of the larger object (the moving one M of radius r_M
// about its position), a point q of M sits at t + R q with t = R_Fᵀ(p_M − p_F)
// and R = R_Fᵀ R_M, so it has moved at most |t − t₀| + ‖R − R₀‖_F r_M. Bodies
// that move together (a pack falling, turning or carried as a whole) keep
// their pair's lists however far they go, where the bound of each body's own
// motion, D_a + D_b, renews them every few steps.
#pragma once

#include <array>

#include "contact/search/search_object.hpp"

namespace polydem {

class PairReference {
 public:
  PairReference() = default;
  /// The reference of lists made at the placements a and b, with their list margins.
  PairReference(const SearchObject& a, const SearchObject& b);

  /// Whether lists made at this reference still hold every primitive pair that the
  /// objects placed and inflated as a and b now bring within their skin.
  bool holds(const SearchObject& a, const SearchObject& b) const;
  /// L_a + L_b of the placements the lists were made at.
  double room() const { return room_; }

 private:
  // In single precision, rounded so that the test stays on the safe side (holds): a pair
  // is kept per near pair of bodies, with or without leaf pairs, so its size counts
  // (36 bytes instead of 72).
  std::array<float, 4> rotation_{1, 0, 0, 0};  ///< R₀ = R_Fᵀ R_M as a quaternion (w, x, y, z)
  std::array<float, 3> offset_{0, 0, 0};       ///< t₀ = R_Fᵀ (p_M − p_F)
  float room_ = -1;          ///< L_a + L_b, rounded down; negative: no reference (never holds)
  bool frame_is_b_ = false;  ///< F = b (the larger), M = a
};

}  // namespace polydem

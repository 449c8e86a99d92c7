// The second level of the contact search for one pair of bodies (paper
// §2.5.1): both sub-region hierarchies descended together, then the exact
// candidate test (sub_region_proximity.hpp) on what survives. The cost grows
// with the number of sub-regions near the other body, not with N_A × N_B.
#pragma once

#include <cstdint>
#include <vector>

#include "contact/search/search_object.hpp"

namespace polydem {

/// Two sub-regions by their positions in their trees' primitives().
struct PrimitivePair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

/// Appends the pairs of a and b with a degeneration whose primitives come
/// within `reach`, sorted by (sub-region of a, sub-region of b).
void near_sub_region_pairs(const SearchObject& a, const SearchObject& b, double reach,
                           std::vector<PrimitivePair>& out);

/// The sub-regions of a pair of primitives.
inline SubRegionPair regions_of(const SearchObject& a, const SearchObject& b, PrimitivePair pair) {
  return {a.tree->primitives()[pair.a].region, b.tree->primitives()[pair.b].region};
}

}  // namespace polydem

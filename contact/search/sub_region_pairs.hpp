// The second level of the contact search for one pair of bodies (paper
// §2.5.1): both sub-region hierarchies descended together, then the exact
// candidate test (sub_region_proximity.hpp) on what survives. The cost grows
// with the number of sub-regions near the other body, not with N_A × N_B.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact/search/search_object.hpp"

namespace polydem {

/// Two sub-regions by their positions in their trees' primitives().
struct PrimitivePair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

/// Two leaves by their positions in their trees' nodes(), and which pairs of
/// their primitives were near: bit kLeafSize·i + j for the i-th primitive of
/// leaf a and the j-th of leaf b. What a Verlet list keeps (contact_search.hpp):
/// 16 bytes for the three (a resting pack) to eight (a fast body's long reach)
/// primitive pairs of 8 bytes a leaf pair marks, and a search drops a leaf pair
/// with one test.
struct LeafPair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::uint64_t near = 0;
};

/// Appends the pairs of a and b with a degeneration whose primitives come
/// within `reach`, sorted by (sub-region of a, sub-region of b).
void near_sub_region_pairs(const SearchObject& a, const SearchObject& b, double reach,
                           std::vector<PrimitivePair>& out);

/// Appends the leaf pairs of a and b holding at least one pair with a
/// degeneration whose primitives come within `reach`, with those pairs marked,
/// in descent order.
void near_leaf_pairs(const SearchObject& a, const SearchObject& b, double reach,
                     std::vector<LeafPair>& out);

/// What near_sub_region_pairs appends, found among the marked pairs of `leaves`
/// only: the same pairs when `leaves` marks every pair within reach.
void near_sub_region_pairs_in(const SearchObject& a, const SearchObject& b, double reach,
                              std::span<const LeafPair> leaves, std::vector<PrimitivePair>& out);

/// The sub-regions of a pair of primitives.
inline SubRegionPair regions_of(const SearchObject& a, const SearchObject& b, PrimitivePair pair) {
  return {a.tree->primitives()[pair.a].region, b.tree->primitives()[pair.b].region};
}

}  // namespace polydem

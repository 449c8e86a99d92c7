// The all-pairs contact search (paper §2.5.1 without §2.5.2): every pair of
// bodies and every body–boundary pair through the first-level sphere test,
// then every sub-region pair through the exact candidate test. O(N²) bodies
// and O(N_A N_B) sub-regions per pair: the reference that the fast search
// (contact_search.hpp) must reproduce exactly, kept for tests and small runs.
#pragma once

#include <vector>

#include "contact/search/candidate_set.hpp"
#include "contact/search/search_scene.hpp"

namespace polydem {

/// Appends the candidate sub-region pairs of a and b within `reach`, sorted by (region a, region
/// b).
void brute_force_sub_region_pairs(const SearchObject& a, const SearchObject& b, double reach,
                                  std::vector<SubRegionPair>& out);

/// Every candidate of the scene (its margins included).
void brute_force_candidates(const SearchScene& scene, CandidateSet& out);

}  // namespace polydem

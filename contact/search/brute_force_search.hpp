// Interim candidate search for sub-region pairs (paper §2.5.1): inflated
// bounding spheres of the bodies and then of their sub-regions, tested all
// against all. O(N_A N_B) per body pair; the fast search (linked cells,
// Verlet lists, per-shape hierarchies) replaces it.
#pragma once

#include <utility>
#include <vector>

#include "contact/search/sub_region_bounds.hpp"

namespace polydem {

/// A shape placed in the world for the search, with its inflation (the
/// distance it may travel before the next search, m).
struct SearchObject {
  const Shape* shape = nullptr;
  const std::vector<SubRegionSphere>* spheres = nullptr;
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  double margin = 0;
};

using SubRegionPair = std::pair<SubRegion, SubRegion>;

/// Whether the inflated bounding spheres of a and b come within `skin`.
bool bounding_spheres_overlap(const SearchObject& a, const SearchObject& b, double skin);

/// The sub-region pairs with a degeneration (§2.4.2) whose inflated spheres come
/// within `skin`, sorted by (region of a, region of b).
void sub_region_candidates(const SearchObject& a, const SearchObject& b, double skin,
                           std::vector<SubRegionPair>& pairs);

}  // namespace polydem

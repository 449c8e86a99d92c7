// Brute-force pointwise contact query between two posed shapes (paper §2.4.3-
// 2.4.5): every sub-region pair of A × B with a degeneration (§2.4.2) is solved
// in closed form, kept when the solution is valid (§2.4.4), within the
// proximity threshold ḡ_n (the barrier law acts only for g_n < ḡ_n, §2.4.7) and
// on the outside of both bodies (side test), then filtered by the concave-region
// hierarchy of §3.6 and sorted by (kind, sub-region A, sub-region B) so that
// assembly order is reproducible. Flat edges and vertices inside planar regions
// (all incident edges flat) are not sub-regions. The cost is O(N_A N_B); a fast
// bounding-volume search replaces the double loop later.
#pragma once

#include <vector>

#include <Eigen/Geometry>

#include "contact/geometry/shape.hpp"
#include "contact/local/local_contact.hpp"

namespace polydem {

/// A shape placed in the world: x = position + rotation · x^r.
struct PosedShape {
  const Shape* shape = nullptr;
  Vec3 position = Vec3::Zero();
  Eigen::Quaterniond rotation = Eigen::Quaterniond::Identity();
};

struct PairQueryOptions {
  double proximity = 0.0;  ///< ḡ_n: keep contacts with g_n < proximity
  LcpTolerances tolerances;
  bool apply_hierarchy = true;  ///< §3.6 rules (hierarchy.hpp)
  bool require_outside = true;  ///< drop pairs that fail the side test
};

/// All valid pointwise contacts between a and b, sorted by (kind, sub_region_a, sub_region_b).
std::vector<LocalContact> query_local_contacts(const PosedShape& a, const PosedShape& b,
                                               const PairQueryOptions& options);

/// The contact sub-regions of a shape (§2.4.3): faces, non-flat edges, vertices
/// with at least one non-flat edge; sorted by (kind, index).
std::vector<SubRegion> contact_sub_regions(const Shape& shape);

}  // namespace polydem

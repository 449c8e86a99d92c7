#include "contact/search/tree_traversal.hpp"

#include "contact/search/sub_region_proximity.hpp"

namespace polydem {
std::array<KindSet, 8> kind_partners(KindPairs wanted) {
  std::array<KindSet, 8> partners{};
  for (unsigned set = 0; set < 8; ++set)
    for (unsigned ka = 0; ka < 3; ++ka)
      for (unsigned kb = 0; kb < 3; ++kb)
        if ((set & (1u << ka)) && (wanted & (1u << (3 * ka + kb))))
          partners[set] |= static_cast<KindSet>(1u << kb);
  return partners;
}

// Rounding: world coordinates carry errors of order ε|x|, the relative
// placement of order ε(|x_a − x_b| + R); the widening covers both many times.
RelativePlacement::RelativePlacement(const SearchObject& a, const SearchObject& b, double reach_)
    : rotation_ab(b.rotation.transpose() * a.rotation),
      offset_ab(b.rotation.transpose() * (a.position - b.position)),
      rotation_ba(rotation_ab.transpose()),
      offset_ba(a.rotation.transpose() * (b.position - a.position)) {
  const double size = a.tree->radius() + b.tree->radius() + reach_;
  const double coordinates = a.position.norm() + b.position.norm();
  reach = reach_ * (1 + 4 * kReachTolerance) + 1e-9 * size + 1e-12 * coordinates;
}

}  // namespace polydem

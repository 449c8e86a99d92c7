#include "contact/search/sub_region_pairs.hpp"

#include <algorithm>

#include "contact/search/sub_region_proximity.hpp"
#include "contact/search/tree_traversal.hpp"
#include "contact/search/world_primitive_cache.hpp"

namespace polydem {

void near_sub_region_pairs(const SearchObject& a, const SearchObject& b, double reach,
                           std::vector<PrimitivePair>& out) {
  const std::size_t start = out.size();
  const SubRegionBounds* base_a = a.tree->primitives().data();
  const SubRegionBounds* base_b = b.tree->primitives().data();
  thread_local WorldPrimitiveCache world_a, world_b;
  world_a.reset(a);
  world_b.reset(b);
  for_each_near_pair(a, b, reach, kDegenerationPairs,
                     [&](const SubRegionBounds& pa, const SubRegionBounds& pb) {
                       const PrimitivePair pair{static_cast<std::uint32_t>(&pa - base_a),
                                                static_cast<std::uint32_t>(&pb - base_b)};
                       if (primitives_within(world_a[pair.a], world_b[pair.b], reach))
                         out.push_back(pair);
                     });
  std::sort(
      out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
      [&](PrimitivePair x, PrimitivePair y) { return regions_of(a, b, x) < regions_of(a, b, y); });
}

}  // namespace polydem

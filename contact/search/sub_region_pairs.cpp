#include "contact/search/sub_region_pairs.hpp"

#include <algorithm>
#include <bit>
#include <span>
#include <tuple>
#include <utility>

#include "contact/search/sub_region_proximity.hpp"
#include "contact/search/tree_traversal.hpp"
#include "contact/search/world_primitive_cache.hpp"

namespace polydem {
namespace {

/// A sub-region pair's place in (sub-region of a, sub-region of b) order as one
/// integer, so that a sort compares words instead of walking both trees'
/// primitives at every comparison: [kind a | index a | kind b | index b].
std::uint64_t region_order_key(const SubRegionPair& regions) {
  constexpr int kIndexBits = 29;
  const auto half = [](const SubRegion& r) {
    return (static_cast<std::uint64_t>(r.kind) << kIndexBits) | static_cast<std::uint32_t>(r.index);
  };
  return (half(regions.first) << 32) | half(regions.second);
}

/// Sorts the pairs by sub-region pair and keeps one pair of primitives per
/// sub-region pair: a facet's triangles are primitives of one sub-region, and
/// its contact is one contact. Ties keep the lowest primitive pair, so the
/// result does not depend on the order the traversal found them in. Returns
/// the number kept.
std::size_t sort_by_regions(const SearchObject& a, const SearchObject& b,
                            std::span<PrimitivePair> pairs) {
  thread_local std::vector<std::pair<std::uint64_t, PrimitivePair>> keyed;
  keyed.clear();
  for (const PrimitivePair pair : pairs)
    keyed.emplace_back(region_order_key(regions_of(a, b, pair)), pair);
  std::sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) {
    return std::tie(x.first, x.second.a, x.second.b) < std::tie(y.first, y.second.a, y.second.b);
  });
  std::size_t kept = 0;
  for (std::size_t k = 0; k < keyed.size(); ++k)
    if (k == 0 || keyed[k].first != keyed[k - 1].first) pairs[kept++] = keyed[k].second;
  return kept;
}

/// sort_by_regions on the pairs `out` gained since `start`, dropping the repeats.
void sort_new_pairs(const SearchObject& a, const SearchObject& b, std::size_t start,
                    std::vector<PrimitivePair>& out) {
  const std::size_t kept = sort_by_regions(a, b, std::span(out).subspan(start));
  out.resize(start + kept);
}

}  // namespace

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
  sort_new_pairs(a, b, start, out);
}

static_assert(SubRegionTree::kLeafSize * SubRegionTree::kLeafSize <= 64,
              "a leaf pair's primitive pairs fit LeafPair::near");

void near_leaf_pairs(const SearchObject& a, const SearchObject& b, double reach,
                     std::vector<LeafPair>& out) {
  if (a.tree->nodes().empty() || b.tree->nodes().empty()) return;
  thread_local WorldPrimitiveCache world_a, world_b;
  world_a.reset(a);
  world_b.reset(b);
  const SubRegionBounds* base_a = a.tree->primitives().data();
  const SubRegionBounds* base_b = b.tree->primitives().data();
  const RelativePlacement placement(a, b, reach);
  for_each_near_leaf_pair(a, b, placement, kDegenerationPairs, [&](int leaf_a, int leaf_b) {
    const SubRegionTree::Node& node_a = a.tree->nodes()[static_cast<std::size_t>(leaf_a)];
    const SubRegionTree::Node& node_b = b.tree->nodes()[static_cast<std::size_t>(leaf_b)];
    LeafPair pair{static_cast<std::uint32_t>(leaf_a), static_cast<std::uint32_t>(leaf_b), 0};
    auto mark_within = [&](const SubRegionBounds& pa, const SubRegionBounds& pb) {
      if (!primitives_within(world_a.of(pa), world_b.of(pb), reach)) return;
      const auto i = static_cast<unsigned>(&pa - base_a - node_a.first);
      const auto j = static_cast<unsigned>(&pb - base_b - node_b.first);
      pair.near |= std::uint64_t{1} << (SubRegionTree::kLeafSize * i + j);
    };
    visit_leaves(a, b, placement, node_a, node_b, kDegenerationPairs, mark_within);
    if (pair.near != 0) out.push_back(pair);
    return true;
  });
}

void near_sub_region_pairs_in(const SearchObject& a, const SearchObject& b, double reach,
                              std::span<const LeafPair> leaves, std::vector<PrimitivePair>& out) {
  const std::size_t start = out.size();
  thread_local WorldPrimitiveCache world_a, world_b;
  world_a.reset(a);
  world_b.reset(b);
  const RelativePlacement placement(a, b, reach);
  for (const LeafPair& leaf_pair : leaves) {
    const SubRegionTree::Node& leaf_a = a.tree->nodes()[leaf_pair.a];
    const SubRegionTree::Node& leaf_b = b.tree->nodes()[leaf_pair.b];
    if (!nodes_may_meet(placement, leaf_a, leaf_b)) continue;
    for (std::uint64_t near = leaf_pair.near; near != 0; near &= near - 1) {
      const auto bit = static_cast<unsigned>(std::countr_zero(near));
      const PrimitivePair pair{
          static_cast<std::uint32_t>(leaf_a.first) + bit / SubRegionTree::kLeafSize,
          static_cast<std::uint32_t>(leaf_b.first) + bit % SubRegionTree::kLeafSize};
      if (primitives_within(world_a[pair.a], world_b[pair.b], reach)) out.push_back(pair);
    }
  }
  sort_new_pairs(a, b, start, out);
}

}  // namespace polydem

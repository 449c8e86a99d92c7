// Simultaneous descent of two sub-region hierarchies (paper §2.5.1, second
// level): a pair of nodes is dropped as soon as the sphere of one, carried into
// the other's body frame, stays farther than the reach from the other's box (in
// both directions), or when the kinds below them cannot form a wanted pair.
// What survives to the leaves is a superset of the pairs within reach; the
// caller applies the exact test. The culls are widened by a tolerance so that
// rounding never drops a pair the exact test would keep.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "contact/search/search_object.hpp"

namespace polydem {

/// A set of (kind of a, kind of b) pairs: bit 3·kind_a + kind_b.
using KindPairs = std::uint16_t;

constexpr KindPairs kind_pair_bit(SubRegionKind a, SubRegionKind b) {
  return static_cast<KindPairs>(1u << (3 * static_cast<unsigned>(a) + static_cast<unsigned>(b)));
}

/// The pairs with a degeneration (§2.4.2): all but face–face, edge–face, face–edge.
inline constexpr KindPairs kDegenerationPairs =
    static_cast<KindPairs>(kind_pair_bit(SubRegionKind::Vertex, SubRegionKind::Vertex) |
                           kind_pair_bit(SubRegionKind::Vertex, SubRegionKind::Edge) |
                           kind_pair_bit(SubRegionKind::Vertex, SubRegionKind::Face) |
                           kind_pair_bit(SubRegionKind::Edge, SubRegionKind::Vertex) |
                           kind_pair_bit(SubRegionKind::Edge, SubRegionKind::Edge) |
                           kind_pair_bit(SubRegionKind::Face, SubRegionKind::Vertex));

/// Edges of one against faces of the other: where two surfaces cross.
inline constexpr KindPairs kEdgeFacePairs =
    static_cast<KindPairs>(kind_pair_bit(SubRegionKind::Edge, SubRegionKind::Face) |
                           kind_pair_bit(SubRegionKind::Face, SubRegionKind::Edge));

/// For each set of kinds of a (bit per kind), the kinds of b that form a pair of `wanted` with one
/// of them.
std::array<KindSet, 8> kind_partners(KindPairs wanted);

/// The placement of a's body frame in b's, and back, with the widened reach:
/// what every node test of one traversal needs.
struct RelativePlacement {
  RelativePlacement(const SearchObject& a, const SearchObject& b, double reach);
  Mat3 rotation_ab;  ///< a's frame → b's frame
  Vec3 offset_ab;
  Mat3 rotation_ba;  ///< b's frame → a's frame
  Vec3 offset_ba;
  double reach;  ///< widened for rounding

  Vec3 a_in_b(const Vec3& x) const { return rotation_ab * x + offset_ab; }
  Vec3 b_in_a(const Vec3& x) const { return rotation_ba * x + offset_ba; }
};

inline bool sphere_reaches_box(const Vec3& centre, double radius, const SubRegionTree::Node& node,
                               double reach) {
  const Vec3 below = (node.box_min - centre).cwiseMax(0.0);
  const Vec3 above = (centre - node.box_max).cwiseMax(0.0);
  const double limit = radius + reach;
  return (below + above).squaredNorm() <= limit * limit;
}

/// Whether node_a (of a) and node_b (of b) may hold a pair within reach: their
/// spheres, then a's sphere against b's box (one transform for both), then
/// b's sphere against a's box.
inline bool nodes_may_meet(const RelativePlacement& placement, const SubRegionTree::Node& node_a,
                           const SubRegionTree::Node& node_b) {
  const Vec3 centre_a = placement.a_in_b(node_a.centre);
  const double limit = node_a.radius + node_b.radius + placement.reach;
  return (centre_a - node_b.centre).squaredNorm() <= limit * limit &&
         sphere_reaches_box(centre_a, node_a.radius, node_b, placement.reach) &&
         sphere_reaches_box(placement.b_in_a(node_b.centre), node_b.radius, node_a,
                            placement.reach);
}

/// The sub-region pairs of two leaves whose spheres may come within reach.
template <class Visit>
bool visit_leaves(const SearchObject& a, const SearchObject& b, const RelativePlacement& placement,
                  const SubRegionTree::Node& leaf_a, const SubRegionTree::Node& leaf_b,
                  KindPairs wanted, Visit& visit) {
  const auto prims_a = a.tree->primitives().subspan(static_cast<std::size_t>(leaf_a.first),
                                                    static_cast<std::size_t>(leaf_a.count));
  const auto prims_b = b.tree->primitives().subspan(static_cast<std::size_t>(leaf_b.first),
                                                    static_cast<std::size_t>(leaf_b.count));
  for (const SubRegionBounds& pa : prims_a) {
    const Vec3 centre = placement.a_in_b(pa.centre);
    for (const SubRegionBounds& pb : prims_b) {
      if (!(wanted & kind_pair_bit(pa.region.kind, pb.region.kind))) continue;
      const double limit = pa.radius + pb.radius + placement.reach;
      if ((centre - pb.centre).squaredNorm() > limit * limit) continue;
      if constexpr (std::is_same_v<decltype(visit(pa, pb)), bool>) {
        if (!visit(pa, pb)) return false;
      } else {
        visit(pa, pb);
      }
    }
  }
  return true;
}

/// Calls visit(leaf_a, leaf_b), indices into a's and b's tree nodes(), for
/// every pair of leaves whose bounds may come within the placement's reach and
/// whose kinds may form a pair of `wanted`. A visit returning false stops the
/// descent.
template <class VisitLeafPair>
void for_each_near_leaf_pair(const SearchObject& a, const SearchObject& b,
                             const RelativePlacement& placement, KindPairs wanted,
                             VisitLeafPair&& visit) {
  const auto nodes_a = a.tree->nodes();
  const auto nodes_b = b.tree->nodes();
  if (nodes_a.empty() || nodes_b.empty()) return;
  const std::array<KindSet, 8> partners = kind_partners(wanted);
  // Depth-first; each pop pushes at most two pairs and a tree is at most ~64 deep.
  std::array<std::pair<int, int>, 256> stack;
  std::size_t size = 0;
  stack[size++] = {0, 0};
  while (size > 0) {
    const auto [ia, ib] = stack[--size];
    const SubRegionTree::Node& na = nodes_a[static_cast<std::size_t>(ia)];
    const SubRegionTree::Node& nb = nodes_b[static_cast<std::size_t>(ib)];
    if (!(partners[na.kinds] & nb.kinds) || !nodes_may_meet(placement, na, nb)) continue;
    if (na.leaf() && nb.leaf()) {
      if (!visit(ia, ib)) return;
      continue;
    }
    if (nb.leaf() || (!na.leaf() && na.radius >= nb.radius)) {
      stack[size++] = {na.first, ib};
      stack[size++] = {na.first + 1, ib};
    } else {
      stack[size++] = {ia, nb.first};
      stack[size++] = {ia, nb.first + 1};
    }
  }
}

/// Calls visit(bounds_a, bounds_b) for a superset of the sub-region pairs of a
/// and b with kinds in `wanted` whose primitives come within `reach`. A visit
/// that returns bool stops the descent by returning false.
template <class Visit>
void for_each_near_pair(const SearchObject& a, const SearchObject& b, double reach,
                        KindPairs wanted, Visit&& visit) {
  if (a.tree->nodes().empty() || b.tree->nodes().empty()) return;
  const RelativePlacement placement(a, b, reach);
  for_each_near_leaf_pair(a, b, placement, wanted, [&](int leaf_a, int leaf_b) {
    return visit_leaves(a, b, placement, a.tree->nodes()[static_cast<std::size_t>(leaf_a)],
                        b.tree->nodes()[static_cast<std::size_t>(leaf_b)], wanted, visit);
  });
}

}  // namespace polydem

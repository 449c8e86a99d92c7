// A bounding-volume hierarchy over the contact sub-regions of one shape, in its
// body frame (paper §2.5.1, second level): every node has an axis-aligned box
// and a bounding sphere of the primitives below it, and the set of sub-region
// kinds it holds. Built once per shape and shared by all bodies using it, so
// that a pair of bodies descends both trees together and reaches only the
// sub-regions near the other body instead of testing all N_A × N_B pairs.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "contact/search/sub_region_bounds.hpp"

namespace polydem {

/// Bit (1 << kind) per SubRegionKind present.
using KindSet = std::uint8_t;

inline KindSet kind_bit(SubRegionKind kind) {
  return static_cast<KindSet>(1u << static_cast<unsigned>(kind));
}

class SubRegionTree {
 public:
  /// Most primitives in a leaf: the pairs of two leaves fit one 64-bit mask (sub_region_pairs.hpp).
  static constexpr int kLeafSize = 8;

  struct Node {
    Vec3 box_min = Vec3::Zero();
    Vec3 box_max = Vec3::Zero();
    Vec3 centre =
        Vec3::Zero();  ///< sphere about the box centre through the farthest primitive point
    double radius = 0;
    int first = 0;  ///< leaf: first primitive; inner node: first child (the second is first + 1)
    int count = 0;  ///< leaf: number of primitives; 0 for an inner node
    KindSet kinds = 0;
    bool leaf() const { return count > 0; }
  };

  explicit SubRegionTree(const Shape& shape);

  /// Node 0 is the root; an empty shape has no nodes.
  std::span<const Node> nodes() const { return nodes_; }
  /// The sub-regions' bounds in leaf order.
  std::span<const SubRegionBounds> primitives() const { return primitives_; }
  /// Largest distance of a primitive point from the body-frame origin.
  double radius() const { return radius_; }
  std::size_t memory_bytes() const;

 private:
  void build(int index, int first, int count);

  std::vector<Node> nodes_;
  std::vector<SubRegionBounds> primitives_;
  double radius_ = 0;
};

}  // namespace polydem

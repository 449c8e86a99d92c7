#include "contact/search/sub_region_tree.hpp"

#include <algorithm>

namespace polydem {

SubRegionTree::SubRegionTree(const Shape& shape) : primitives_(sub_region_bounds(shape)) {
  for (const SubRegionBounds& p : primitives_)
    for (int k = 0; k < p.count; ++k)
      radius_ = std::max(radius_, p.vertices[static_cast<std::size_t>(k)].norm());
  if (primitives_.empty()) return;
  nodes_.reserve(2 * primitives_.size() / kLeafSize + 2);
  nodes_.emplace_back();
  build(0, 0, static_cast<int>(primitives_.size()));
}

// Splits at the median of the primitives' centres along the longest side of
// their spread: balanced (height ≤ log2 n + 1) whatever the shape. The two
// children of a node are adjacent.
void SubRegionTree::build(int index, int first, int count) {
  const auto range = std::span(primitives_)
                         .subspan(static_cast<std::size_t>(first), static_cast<std::size_t>(count));
  Node node;
  node.box_min = range.front().box_min;
  node.box_max = range.front().box_max;
  Vec3 centre_min = range.front().centre, centre_max = range.front().centre;
  for (const SubRegionBounds& p : range) {
    node.box_min = node.box_min.cwiseMin(p.box_min);
    node.box_max = node.box_max.cwiseMax(p.box_max);
    centre_min = centre_min.cwiseMin(p.centre);
    centre_max = centre_max.cwiseMax(p.centre);
    node.kinds |= kind_bit(p.region.kind);
  }
  node.centre = 0.5 * (node.box_min + node.box_max);
  for (const SubRegionBounds& p : range)
    for (int k = 0; k < p.count; ++k)
      node.radius =
          std::max(node.radius, (p.vertices[static_cast<std::size_t>(k)] - node.centre).norm());
  if (count <= kLeafSize) {
    node.first = first;
    node.count = count;
    nodes_[static_cast<std::size_t>(index)] = node;
    return;
  }
  Eigen::Index axis = 0;
  (centre_max - centre_min).maxCoeff(&axis);
  const int half = count / 2;
  std::nth_element(range.begin(), range.begin() + half, range.end(),
                   [axis](const SubRegionBounds& x, const SubRegionBounds& y) {
                     return x.centre[axis] < y.centre[axis] ||
                            (x.centre[axis] == y.centre[axis] && x.region < y.region);
                   });
  node.first = static_cast<int>(nodes_.size());
  nodes_[static_cast<std::size_t>(index)] = node;
  nodes_.resize(nodes_.size() + 2);
  build(node.first, first, half);
  build(node.first + 1, first + half, count - half);
}

std::size_t SubRegionTree::memory_bytes() const {
  return sizeof(*this) + nodes_.capacity() * sizeof(Node) +
         primitives_.capacity() * sizeof(SubRegionBounds);
}

}  // namespace polydem

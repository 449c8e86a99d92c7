#include "src/parallel/coordinate_bisection.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace polydem {
namespace {

int longest_axis(std::span<const Vec3> points, std::span<const int> indices) {
  Vec3 low = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 high = -low;
  for (const int i : indices) {
    low = low.cwiseMin(points[static_cast<std::size_t>(i)]);
    high = high.cwiseMax(points[static_cast<std::size_t>(i)]);
  }
  int axis = 0;
  (high - low).maxCoeff(&axis);
  return axis;
}

// The first index of the right side: the cut whose left weight comes closest to `target`.
std::size_t cut_position(std::span<const double> weights, std::span<const int> sorted,
                         double target) {
  double left = 0;
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    const double with = left + weights[static_cast<std::size_t>(sorted[k])];
    if (with >= target) return (with - target < target - left) ? k + 1 : k;
    left = with;
  }
  return sorted.size();
}

void bisect(std::span<const Vec3> points, std::span<const double> weights, std::span<int> indices,
            int first_part, int parts, std::vector<int>& part_of) {
  if (parts == 1 || indices.empty()) {
    for (const int i : indices) part_of[static_cast<std::size_t>(i)] = first_part;
    return;
  }
  const int axis = longest_axis(points, indices);
  std::sort(indices.begin(), indices.end(), [&](int a, int b) {
    const double pa = points[static_cast<std::size_t>(a)][axis];
    const double pb = points[static_cast<std::size_t>(b)][axis];
    return pa < pb || (pa == pb && a < b);
  });
  double total = 0;
  for (const int i : indices) total += weights[static_cast<std::size_t>(i)];
  const int left_parts = parts / 2;
  const std::size_t cut = cut_position(weights, indices, total * left_parts / parts);
  bisect(points, weights, indices.first(cut), first_part, left_parts, part_of);
  bisect(points, weights, indices.subspan(cut), first_part + left_parts, parts - left_parts,
         part_of);
}

}  // namespace

std::vector<int> coordinate_bisection(std::span<const Vec3> points, std::span<const double> weights,
                                      int parts) {
  std::vector<int> indices(points.size());
  std::iota(indices.begin(), indices.end(), 0);
  std::vector<int> part_of(points.size(), 0);
  bisect(points, weights, indices, 0, std::max(parts, 1), part_of);
  return part_of;
}

double load_imbalance(std::span<const double> part_weights) {
  if (part_weights.empty()) return 1.0;
  const double total = std::accumulate(part_weights.begin(), part_weights.end(), 0.0);
  const double largest = *std::max_element(part_weights.begin(), part_weights.end());
  return total > 0 ? largest * static_cast<double>(part_weights.size()) / total : 1.0;
}

}  // namespace polydem

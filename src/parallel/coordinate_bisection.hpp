// Recursive coordinate bisection (RCB): splits points into `parts` spatial
// regions of nearly equal total weight. Each cut is a plane across the longest
// side of the current set's bounding box, placed where the weight on each side
// is in proportion to the parts it gets. Ties sort by index, so every process
// computes the same partition from the same points.
#pragma once

#include <span>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

/// The part in [0, parts) of every point; parts may exceed the points (some parts stay empty).
std::vector<int> coordinate_bisection(std::span<const Vec3> points, std::span<const double> weights,
                                      int parts);

/// max part weight / mean part weight of an assignment (1 is perfect balance).
double load_imbalance(std::span<const double> part_weights);

}  // namespace polydem

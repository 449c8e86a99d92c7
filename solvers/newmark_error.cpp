#include "solvers/newmark_error.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {

double newmark_local_error(std::span<const NodeState> before, std::span<const NodeState> after,
                           std::span<const double> length_scales, double beta, double dt) {
  const double factor = std::abs(beta - 1.0 / 6.0) * dt * dt;
  double largest = 0;
  for (std::size_t n = 0; n < length_scales.size(); ++n) {
    const double translation =
        (after[n].acceleration - before[n].acceleration).norm() / length_scales[n];
    const double rotation = (after[n].angular_acceleration - before[n].angular_acceleration).norm();
    largest = std::max({largest, factor * translation, factor * rotation});
  }
  return largest;
}

}  // namespace polydem

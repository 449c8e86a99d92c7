#include "src/core/critical_time_step.hpp"

#include <cmath>

namespace polydem {

double critical_time_step(double mass, double stiffness, double damping_ratio) {
  const double undamped = 2.0 * std::sqrt(mass / stiffness);
  return undamped * (std::sqrt(1.0 + damping_ratio * damping_ratio) - damping_ratio);
}

}  // namespace polydem

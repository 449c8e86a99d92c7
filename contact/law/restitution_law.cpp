#include "contact/law/restitution_law.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {

double restitution_at(const RestitutionParams& params, double approach_speed) {
  const double v = std::max(approach_speed, 0.0);
  if (v < params.capture_speed) return params.minimum;
  if (params.yield_speed > 0 && v > params.yield_speed)
    return std::max(params.minimum, params.coefficient * std::pow(params.yield_speed / v, 0.25));
  return params.coefficient;
}

}  // namespace polydem

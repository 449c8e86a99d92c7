#include "solvers/step_controller.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {

namespace {

constexpr double kSafety = 0.9;

}  // namespace

bool StepController::accurate(double error) const {
  return settings_.error_tolerance <= 0 || error <= settings_.error_tolerance;
}

void StepController::accepted(int iterations, double dt_taken, double error) {
  // A step shortened to land on an output time says nothing about the Δt the
  // dynamics allow, so growth starts from the larger of the two.
  double base = std::max(dt_, dt_taken);
  if (iterations <= settings_.easy_iterations) base *= settings_.grow_factor;
  if (settings_.error_tolerance > 0 && error > 0)
    base = std::min(base, dt_taken * kSafety * std::cbrt(settings_.error_tolerance / error));
  dt_ = std::clamp(base, settings_.min, settings_.max);
}

bool StepController::rejected(double dt_taken, double error) {
  double factor = settings_.cut_factor;
  if (settings_.error_tolerance > 0 && error > settings_.error_tolerance)
    factor = std::clamp(kSafety * std::cbrt(settings_.error_tolerance / error), 0.1, kSafety);
  dt_ = dt_taken * factor;
  return dt_ >= settings_.min * (1 - 1e-12);
}

}  // namespace polydem

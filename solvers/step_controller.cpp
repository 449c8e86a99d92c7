#include "solvers/step_controller.hpp"

#include <algorithm>

namespace polydem {

void StepController::accepted(int iterations, double dt_taken) {
  // A step shortened to land on an output time says nothing about the Δt the
  // dynamics allow, so growth starts from the larger of the two.
  double base = std::max(dt_, dt_taken);
  if (iterations <= settings_.easy_iterations) base *= settings_.grow_factor;
  dt_ = std::min(base, settings_.max);
}

bool StepController::rejected(double dt_taken) {
  dt_ = dt_taken * settings_.cut_factor;
  return dt_ >= settings_.min * (1 - 1e-12);
}

}  // namespace polydem

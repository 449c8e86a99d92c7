#include "src/analysis/explicit_step_tally.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {

void ExplicitStepTally::add(double time, double dt, double critical_step, double closest_gap) {
  ++steps_;
  duration_ += dt;
  closest_gap_ = std::min(closest_gap_, closest_gap);
  if (!std::isfinite(critical_step)) return;
  ++steps_with_contact_;
  explicit_steps_ += dt / critical_step;
  if (critical_step < smallest_critical_step_) {
    smallest_critical_step_ = critical_step;
    time_of_smallest_ = time;
  }
}

void ExplicitStepTally::write_state(StateWriter& out) const {
  out.put(static_cast<std::int64_t>(steps_));
  out.put(duration_);
  out.put(smallest_critical_step_);
  out.put(time_of_smallest_);
  out.put(closest_gap_);
  out.put(static_cast<std::int64_t>(steps_with_contact_));
  out.put(explicit_steps_);
}

void ExplicitStepTally::read_state(StateReader& in) {
  steps_ = in.integer();
  duration_ = in.real();
  smallest_critical_step_ = in.real();
  time_of_smallest_ = in.real();
  closest_gap_ = in.real();
  steps_with_contact_ = in.integer();
  explicit_steps_ = in.real();
}

}  // namespace polydem

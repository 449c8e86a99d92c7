// How an implicit run's steps compare with the steps an explicit (central
// difference) integrator of the same model would have needed.
//
// The paper (§3.6, Fig. 11) takes the critical step Δt_c = 2√(m_c/k_c) at the
// closest gap its contacts reached (k_c = −df_n/dg grows without bound in the
// barrier) and divides its mean step by it: 82× for the tetrapod collapse. The
// tally keeps that figure for a run, from each accepted state's smallest
// critical step (ContactSnapshot::explicit_critical_step), and a second one
// that does not hinge on the single worst state: the steps an explicit run
// would take if at every moment it ran at the critical step of the current
// state, Σ Δt_i / Δt_c,i over the steps with contacts (an explicit run also
// needs a safety fraction, typically 0.1–0.5, which divides its step further).
#pragma once

#include <limits>

#include "src/core/state_stream.hpp"

namespace polydem {

class ExplicitStepTally {
 public:
  /// An accepted step ending at `time` of length `dt`, whose end state has the
  /// given smallest contact critical step and closest gap (∞ without contacts).
  void add(double time, double dt, double critical_step, double closest_gap);

  long steps() const { return steps_; }
  /// The mean step of the run (s).
  double mean_step() const { return steps_ > 0 ? duration_ / static_cast<double>(steps_) : 0.0; }
  /// The smallest critical step of any accepted state (s), the time of that
  /// state and the closest gap of any accepted state (m); ∞ without contacts.
  double smallest_critical_step() const { return smallest_critical_step_; }
  double time_of_smallest() const { return time_of_smallest_; }
  double closest_gap() const { return closest_gap_; }
  /// The paper's ratio: the mean step over the smallest critical step; ∞ without contacts.
  double mean_step_over_smallest() const {
    return steps_with_contact_ > 0 ? mean_step() / smallest_critical_step_ : kNone;
  }
  /// The accepted steps that ended with contacts, and Σ Δt / Δt_c over them:
  /// the steps of an explicit run at the current critical step.
  long steps_with_contact() const { return steps_with_contact_; }
  double explicit_steps_with_contact() const { return explicit_steps_; }

  void write_state(StateWriter& out) const;
  void read_state(StateReader& in);

 private:
  static constexpr double kNone = std::numeric_limits<double>::infinity();
  long steps_ = 0;
  double duration_ = 0;
  double smallest_critical_step_ = kNone;
  double time_of_smallest_ = kNone;
  double closest_gap_ = kNone;
  long steps_with_contact_ = 0;
  double explicit_steps_ = 0;
};

}  // namespace polydem

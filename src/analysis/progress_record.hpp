// A progress record for runs nobody watches on a terminal (nohup, a batch
// queue, CI, stderr into a file): one line on stderr at the first accepted
// step after every `every` seconds of wall time, with the simulated time, the
// share of the end time reached, the steps, the rejected ones, the Newton
// iterations per step and the wall time so far. Lines, not a line rewritten in
// place (progress_line.hpp), so that a log file can be read back.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace polydem {

/// The run's counts so far, as the progress record reports them.
struct ProgressCounts {
  long accepted_steps = 0;
  long rejected_steps = 0;
  long newton_iterations = 0;
};

class ProgressRecord {
 public:
  /// `every` ≤ 0: silent. `end_time`: the end of the last analysis step.
  ProgressRecord(double every, double end_time, std::FILE* stream = stderr);
  /// Starts the wall clock.
  void start();
  /// After an accepted step ending at `time` of analysis step `step_name`: a line when due.
  void update(double time, const std::string& step_name, const ProgressCounts& counts);

  /// The line for these figures ('\n'-terminated).
  static std::string format(double time, double end_time, const std::string& step_name,
                            const ProgressCounts& counts, double wall_seconds);

 private:
  using Clock = std::chrono::steady_clock;
  double every_;
  double end_time_;
  std::FILE* stream_;
  Clock::time_point started_;
  Clock::time_point next_;
};

}  // namespace polydem

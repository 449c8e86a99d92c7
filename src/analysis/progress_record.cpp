#include "src/analysis/progress_record.hpp"

#include <algorithm>

namespace polydem {

ProgressRecord::ProgressRecord(double every, double end_time, std::FILE* stream)
    : every_(every), end_time_(end_time), stream_(stream) {
  start();
}

void ProgressRecord::start() {
  started_ = Clock::now();
  next_ = started_ + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::max(every_, 0.0)));
}

void ProgressRecord::update(double time, const std::string& step_name,
                            const ProgressCounts& counts) {
  if (every_ <= 0) return;
  const Clock::time_point now = Clock::now();
  if (now < next_) return;
  // From now, not from when it was due: a long step is followed by one line, not a burst.
  next_ = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(every_));
  const double wall = std::chrono::duration<double>(now - started_).count();
  const std::string line = format(time, end_time_, step_name, counts, wall);
  std::fputs(line.c_str(), stream_);  // one write per line: lines of MPI ranks do not mix
  std::fflush(stream_);
}

std::string ProgressRecord::format(double time, double end_time, const std::string& step_name,
                                   const ProgressCounts& counts, double wall_seconds) {
  const double percent = end_time > 0 ? 100 * time / end_time : 100;
  const double per_step = static_cast<double>(counts.newton_iterations) /
                          static_cast<double>(std::max(counts.accepted_steps, 1L));
  char time_part[128], count_part[160];
  std::snprintf(time_part, sizeof time_part, "t = %.9g s of %.9g s (%.1f%%)", time, end_time,
                percent);
  std::snprintf(count_part, sizeof count_part,
                "%ld steps, %ld rejected, %.2f Newton iterations per step, %.1f s wall",
                counts.accepted_steps, counts.rejected_steps, per_step, wall_seconds);
  return std::string("polydem: progress: ") + time_part + ", step '" + step_name + "', " +
         count_part + "\n";
}

}  // namespace polydem

#include "src/analysis/progress_line.hpp"

#include <cstdio>

namespace polydem {

ProgressLine::ProgressLine(bool enabled, double start_time, double end_time, std::string step_name)
    : enabled_(enabled),
      start_time_(start_time),
      end_time_(end_time),
      step_name_(std::move(step_name)),
      started_(std::chrono::steady_clock::now()),
      last_print_(started_) {}

void ProgressLine::update(double time, double dt, int iterations) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (printed_ && now - last_print_ < std::chrono::milliseconds(200)) return;
  last_print_ = now;
  printed_ = true;
  const double elapsed = std::chrono::duration<double>(now - started_).count();
  const double done = (time - start_time_) / (end_time_ - start_time_);
  const double eta = done > 0 ? elapsed * (1 - done) / done : 0;
  std::fprintf(stderr, "\r%s: t = %.6g s (%5.1f%%)  dt = %.3g s  newton = %d  ETA %.0f s   ",
               step_name_.c_str(), time, 100 * done, dt, iterations, eta);
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (enabled_ && printed_) std::fprintf(stderr, "\n");
  printed_ = false;
}

}  // namespace polydem

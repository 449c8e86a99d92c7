// A one-line progress report on a terminal (stderr): simulated time, Δt,
// Newton iterations and an estimate of the wall time left. Rewritten in
// place at most five times a second; silent when disabled.
#pragma once

#include <chrono>
#include <string>

namespace polydem {

class ProgressLine {
 public:
  ProgressLine(bool enabled, double start_time, double end_time, std::string step_name);
  void update(double time, double dt, int iterations);
  /// Ends the line so that later output starts on a fresh one.
  void finish();

 private:
  bool enabled_;
  double start_time_;
  double end_time_;
  std::string step_name_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_print_;
  bool printed_ = false;
};

}  // namespace polydem

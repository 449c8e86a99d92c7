// Adds the wall-clock time of a scope to a running total (s).
#pragma once

#include <chrono>

namespace polydem {

class PhaseTimer {
 public:
  explicit PhaseTimer(double& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
  ~PhaseTimer() {
    total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  double& total_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace polydem

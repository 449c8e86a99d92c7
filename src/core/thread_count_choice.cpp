#include "src/core/thread_count_choice.hpp"

#include <algorithm>
#include <chrono>

namespace polydem {
namespace {

// The weight of the newest timing: a few calls follow a change of load, single outliers
// (an interrupt, a page fault) do not flip the choice.
constexpr double kNewestWeight = 0.25;

}  // namespace

double ThreadCountChoice::now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void ThreadCountChoice::set_threads(int threads) {
  const int team = threads_of_run(threads);
  options_.clear();
  for (int size = 1; size < team; size *= 2) options_.push_back(Option{size});
  options_.push_back(Option{team});
  calls_ = 0;
}

std::size_t ThreadCountChoice::fastest() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < options_.size(); ++k)
    if (options_[k].mean_cost < options_[best].mean_cost) best = k;
  return best;
}

int ThreadCountChoice::next() const {
  // Warming up: the least timed option, the largest team first.
  std::size_t least = options_.size() - 1;
  for (std::size_t k = options_.size(); k-- > 0;)
    if (options_[k].samples < options_[least].samples) least = k;
  if (options_[least].samples < kSamplesToCompare) return options_[least].threads;
  const std::size_t best = fastest();
  if (options_.size() == 1 || calls_ % kReprobeInterval != 0) return options_[best].threads;
  // A re-probe: the neighbouring sizes in turn, half and twice the fastest. Sizes farther
  // off can cost many times more (one thread where sixteen are best) and are timed again
  // only once the fastest moves next to them.
  const bool has_smaller = best > 0;
  const bool has_larger = best + 1 < options_.size();
  const bool larger = !has_smaller || (has_larger && (calls_ / kReprobeInterval) % 2 == 1);
  return options_[larger ? best + 1 : best - 1].threads;
}

void ThreadCountChoice::record(int threads_used, double seconds_per_unit) {
  ++calls_;
  for (Option& option : options_) {
    if (option.threads != threads_used) continue;
    option.mean_cost = option.samples == 0 ? seconds_per_unit
                                           : (1 - kNewestWeight) * option.mean_cost +
                                                 kNewestWeight * seconds_per_unit;
    ++option.samples;
  }
}

}  // namespace polydem

#include "src/core/thread_count_choice.hpp"

#include <algorithm>
#include <bit>
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
  Ladder ladder;
  for (int size = 1; size < team; size *= 2) ladder.options.push_back(Option{size});
  ladder.options.push_back(Option{team});
  ladders_.assign(kSizeClasses, ladder);
}

std::size_t ThreadCountChoice::size_class(long size) {
  const auto units = static_cast<unsigned long>(size > 0 ? size : 0);
  return std::min<std::size_t>(static_cast<std::size_t>(std::bit_width(units)) / 2,
                               kSizeClasses - 1);
}

int ThreadCountChoice::next(long size) const {
  return size <= 1 ? 1 : ladders_[size_class(size)].next();
}

void ThreadCountChoice::record(int threads_used, double seconds_per_unit, long size) {
  ladders_[size_class(size)].record(threads_used, seconds_per_unit);
}

std::size_t ThreadCountChoice::Ladder::fastest() const {
  std::size_t best = 0;
  for (std::size_t k = 1; k < options.size(); ++k)
    if (options[k].mean_cost < options[best].mean_cost) best = k;
  return best;
}

int ThreadCountChoice::Ladder::next() const {
  // Warming up: the least timed option, the largest team first.
  std::size_t least = options.size() - 1;
  for (std::size_t k = options.size(); k-- > 0;)
    if (options[k].samples < options[least].samples) least = k;
  if (options[least].samples < kSamplesToCompare) return options[least].threads;
  const std::size_t best = fastest();
  if (options.size() == 1 || calls % kReprobeInterval != 0) return options[best].threads;
  // A re-probe: the neighbouring sizes in turn, half and twice the fastest. Sizes farther
  // off can cost many times more (one thread where sixteen are best) and are timed again
  // only once the fastest moves next to them.
  const bool has_smaller = best > 0;
  const bool has_larger = best + 1 < options.size();
  const bool larger = !has_smaller || (has_larger && (calls / kReprobeInterval) % 2 == 1);
  return options[larger ? best + 1 : best - 1].threads;
}

void ThreadCountChoice::Ladder::record(int threads_used, double seconds_per_unit) {
  ++calls;
  for (Option& option : options) {
    if (option.threads != threads_used) continue;
    if (option.samples == 0)
      option.mean_cost = seconds_per_unit;
    else if (option.samples < kSamplesToCompare)  // warming up: a cold first call aside
      option.mean_cost = std::min(option.mean_cost, seconds_per_unit);
    else
      option.mean_cost = (1 - kNewestWeight) * option.mean_cost + kNewestWeight * seconds_per_unit;
    ++option.samples;
  }
}

}  // namespace polydem

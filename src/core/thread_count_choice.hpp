// How many threads a repeated kernel runs on, chosen by timing: 1, 2, 4, ... up to the
// run's --threads. Sharing a kernel costs the wake-up of its team at each parallel region:
// with a passive wait (or after polydem's short spin), 60–90 µs on the two-core development machine
// and 10 µs (2 threads) to 36 µs (16 threads) on a 16-core Xeon (docs/performance.md, "Threads and
// the cost of waking them"), more than a BiCGSTAB iteration on a 1005-tetrapod tangent gains from
// more threads. Machine, load and wait policy are not known in advance, so the choice is measured:
// the first calls go round the team sizes until each has been timed twice, the fastest runs after
// that, and every kReprobeInterval-th call times a size next to it again (half or twice it, in
// turn), so that a machine that becomes busy or idle moves the choice step by step.
//
// Only kernels whose results do not depend on the thread count may use it: the choice
// depends on timings, the results must not.
#pragma once

#include <vector>

namespace polydem {

class ThreadCountChoice {
 public:
  static constexpr int kReprobeInterval = 32;
  static constexpr int kSamplesToCompare = 2;

  explicit ThreadCountChoice(int threads = 1) { set_threads(threads); }

  /// The largest team (the run's threads); forgets the timings.
  void set_threads(int threads);
  /// set_threads() where the run's threads changed (the timings belonged to another team).
  void follow_threads(int threads) {
    if (threads_of_run(threads) != this->threads()) set_threads(threads);
  }
  int threads() const { return options_.back().threads; }

  /// The threads for the next call.
  int next() const;
  /// The cost of the call just made on `threads_used` threads (a value next() gave), per
  /// unit of its work so that calls of different sizes compare, in seconds.
  void record(int threads_used, double seconds_per_unit);

  /// Runs kernel(threads) on next()'s threads and records its time per unit of the work
  /// it returns (a count of elements, of Krylov iterations).
  template <class Kernel>
  void run(Kernel&& kernel) {
    const int threads = next();
    const double start = now_seconds();
    const double units = static_cast<double>(kernel(threads));
    record(threads, (now_seconds() - start) / (units > 1 ? units : 1.0));
  }

 private:
  static double now_seconds();  ///< a steady clock
  static int threads_of_run(int threads) { return threads > 1 ? threads : 1; }
  struct Option {
    int threads = 1;
    double mean_cost = 0;  ///< exponential moving average of the recorded costs
    int samples = 0;
  };
  std::size_t fastest() const;

  std::vector<Option> options_;  ///< ascending team sizes: 1, 2, 4, ..., the run's threads
  long calls_ = 0;
};

}  // namespace polydem

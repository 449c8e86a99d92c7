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
// Calls are told apart by their size (elements, rows), in classes a factor of four apart,
// each with its own timings: the cost per unit of a call falls with its size as the wake-up
// is shared by more units, so timings of a pack's first contacts would otherwise decide for
// its later thousands (the 60 tetrapods on 16 cores: contact 11 s on 2-16 threads, 16 s on
// one). A class's cost is the lower of its first two timings before it runs the moving
// average, so that the team's first wake-up (the threads' creation) does not rule it out.
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
  int threads() const { return ladders_.front().options.back().threads; }

  /// The threads for the next call of `size` units of work (a call of one unit or none
  /// runs on the calling thread).
  int next(long size) const;
  /// The cost of the call of `size` just made on `threads_used` threads (a value next()
  /// gave), per unit of its work so that calls of one size class compare, in seconds.
  void record(int threads_used, double seconds_per_unit, long size);

  /// Runs kernel(threads) on next(size)'s threads and records its time per unit of the
  /// work it returns (a count of elements, of Krylov iterations).
  template <class Kernel>
  void run(long size, Kernel&& kernel) {
    const int threads = next(size);
    if (size <= 1) {
      kernel(threads);
      return;
    }
    const double start = now_seconds();
    const double units = static_cast<double>(kernel(threads));
    record(threads, (now_seconds() - start) / (units > 1 ? units : 1.0), size);
  }

 private:
  static constexpr int kSizeClasses = 32;  ///< sizes up to 4^32
  static double now_seconds();             ///< a steady clock
  static int threads_of_run(int threads) { return threads > 1 ? threads : 1; }
  struct Option {
    int threads = 1;
    double mean_cost = 0;  ///< exponential moving average of the recorded costs
    int samples = 0;
  };
  /// The team sizes' timings for the calls of one size class.
  struct Ladder {
    std::vector<Option> options;  ///< ascending team sizes: 1, 2, 4, ..., the run's threads
    long calls = 0;
    int next() const;
    void record(int threads_used, double seconds_per_unit);
    std::size_t fastest() const;
  };
  static std::size_t size_class(long size);

  std::vector<Ladder> ladders_;  ///< one per size class
};

}  // namespace polydem

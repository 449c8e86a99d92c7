// A barrier for the threads of one parallel region that spins instead of sleeping.
// An OpenMP barrier sleeps once libgomp's spin count is spent (at once under
// OMP_WAIT_POLICY=passive, after about 0.2 ms with polydem's default: src/cli/main.cpp),
// and waking costs 60–90 µs on the two-core development machine (docs/performance.md,
// "Threads and the cost of waking them"): more than a Krylov iteration's share of work.
// This barrier spins whatever the user chose for the wait. A solve's iterations meet at a barrier
// every few tens of microseconds, so its threads spin there; after kSpinsBeforeYield turns a
// waiting thread yields its core on every turn, so that a machine shared with other processes is
// not held by waiting threads.
#pragma once

#include <atomic>
#include <thread>

namespace polydem {

class SpinBarrier {
 public:
  static constexpr int kSpinsBeforeYield = 4000;

  /// Waits until `threads` threads (the team, the same number in every call) have come.
  /// Each thread keeps its own `sense` (false at the start) and passes it to every wait.
  void wait(bool& sense, int threads) {
    sense = !sense;
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads) {
      arrived_.store(0, std::memory_order_relaxed);
      released_.store(sense, std::memory_order_release);
      return;
    }
    for (int turns = 0; released_.load(std::memory_order_acquire) != sense; ++turns)
      if (turns > kSpinsBeforeYield) std::this_thread::yield();
  }

 private:
  std::atomic<int> arrived_{0};
  std::atomic<bool> released_{false};
};

}  // namespace polydem

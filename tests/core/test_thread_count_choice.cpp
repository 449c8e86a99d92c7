// ThreadCountChoice: the measured choice of a repeated kernel's team size (1, 2, 4, ...,
// the run's threads). Timings are fed in by hand: which size runs at each call is checked
// against the policy the header states (each size timed twice, largest first, then the
// fastest, a neighbouring size in turn every kReprobeInterval-th call; calls of different
// size classes timed apart; a cold first timing set aside).
#include <catch2/catch.hpp>

#include <vector>

#include "src/core/thread_count_choice.hpp"

using polydem::ThreadCountChoice;

namespace {

/// Runs `calls` calls whose cost per unit is cost(threads, call), returns the threads used.
/// All calls of `size` units (one size class unless stated).
template <class Cost>
std::vector<int> run_calls(ThreadCountChoice& choice, int calls, Cost cost, long size = 100) {
  std::vector<int> used;
  for (int call = 0; call < calls; ++call) {
    const int threads = choice.next(size);
    used.push_back(threads);
    choice.record(threads, cost(threads, call), size);
  }
  return used;
}

int count_of(const std::vector<int>& used, int threads, int from = 0) {
  int count = 0;
  for (std::size_t k = static_cast<std::size_t>(from); k < used.size(); ++k)
    count += used[k] == threads;
  return count;
}

}  // namespace

TEST_CASE("one thread is always one thread", "[thread_count_choice]") {
  ThreadCountChoice choice(1);
  const auto used = run_calls(choice, 40, [](int, int) { return 1.0; });
  CHECK(count_of(used, 1) == 40);
}

TEST_CASE("the fastest size runs after each was timed twice", "[thread_count_choice]") {
  ThreadCountChoice choice(4);
  SECTION("the whole team is fastest") {
    const auto used = run_calls(choice, 200, [](int t, int) { return t == 4 ? 1.0 : 3.0; });
    CHECK(std::vector<int>(used.begin(), used.begin() + 6) == std::vector<int>{4, 2, 1, 4, 2, 1});
    // Calls 32, 64, ... time the neighbouring size, 2 threads, again; 1 thread never.
    CHECK(count_of(used, 4, 6) == 194 - 200 / ThreadCountChoice::kReprobeInterval);
    CHECK(used[32] == 2);
    CHECK(used[33] == 4);
    CHECK(used[64] == 2);
    CHECK(count_of(used, 1, 6) == 0);
  }
  SECTION("the calling thread alone is fastest") {
    const auto used = run_calls(choice, 200, [](int t, int) { return t == 1 ? 1.0 : 2.0; });
    CHECK(count_of(used, 1, 6) == 194 - 200 / ThreadCountChoice::kReprobeInterval);
    CHECK(count_of(used, 4, 6) == 0);
  }
  SECTION("a team smaller than the run's is fastest") {
    ThreadCountChoice sixteen(16);  // sizes 1, 2, 4, 8, 16
    const auto used = run_calls(sixteen, 330, [](int t, int) { return t == 4 ? 1.0 : 1.5; });
    CHECK(count_of(used, 4, 10) == 320 - 320 / ThreadCountChoice::kReprobeInterval);
    // The ten re-probes (calls 32, ..., 320) alternate between 8 and 2 threads.
    CHECK(count_of(used, 8, 10) == 5);
    CHECK(count_of(used, 2, 10) == 5);
    CHECK(count_of(used, 16, 10) == 0);
    CHECK(count_of(used, 1, 10) == 0);
  }
}

TEST_CASE("a machine that becomes busy changes the choice", "[thread_count_choice]") {
  ThreadCountChoice choice(2);
  // The team is twice as fast for 100 calls, then five times slower (others took the cores).
  const auto used = run_calls(choice, 400, [](int t, int call) {
    if (t == 1) return 1.0;
    return call < 100 ? 0.5 : 5.0;
  });
  CHECK(count_of(used, 2, 4) > 90);  // the team up to the change
  // After the change, the team's one re-probe lifts its mean above the lone thread's.
  CHECK(count_of(used, 2, 140) == (400 - 140) / ThreadCountChoice::kReprobeInterval);
}

TEST_CASE("a new team size forgets the timings", "[thread_count_choice]") {
  ThreadCountChoice choice(2);
  run_calls(choice, 50, [](int t, int) { return t == 2 ? 1.0 : 2.0; });
  choice.follow_threads(2);  // the same team: the timings stay
  CHECK(choice.next(100) == 2);
  choice.follow_threads(0);  // fewer than one is one
  CHECK(choice.threads() == 1);
  choice.follow_threads(2);
  CHECK(choice.next(100) == 2);  // timing again, the largest team first
  choice.follow_threads(2);
  choice.set_threads(3);
  CHECK(choice.threads() == 3);
  const auto used = run_calls(choice, 4, [](int, int) { return 1.0; });
  CHECK(used == std::vector<int>{3, 2, 1, 3});
}

TEST_CASE("calls of another size class are timed apart", "[thread_count_choice]") {
  ThreadCountChoice choice(4);
  // Small calls: the wake-up dominates, one thread is fastest; large calls: four.
  const auto small = run_calls(
      choice, 100, [](int t, int) { return t == 1 ? 1.0 : 4.0; }, 10);
  const auto large = run_calls(
      choice, 100, [](int t, int) { return t == 4 ? 1.0 : 3.0; }, 1000);
  CHECK(count_of(small, 1, 6) == 94 - 100 / ThreadCountChoice::kReprobeInterval);
  // The large calls start their own warm-up, largest team first, then run on four.
  CHECK(std::vector<int>(large.begin(), large.begin() + 6) == std::vector<int>{4, 2, 1, 4, 2, 1});
  CHECK(count_of(large, 4, 6) == 94 - 100 / ThreadCountChoice::kReprobeInterval);
  // Sizes a factor of four apart share a class at most: 1000 and 700 do, 1000 and 10 not.
  CHECK(choice.next(700) == 4);
  CHECK(choice.next(12) == 1);
  // A call of one unit, or none, runs on the calling thread.
  CHECK(choice.next(1) == 1);
  CHECK(choice.next(0) == 1);
}

TEST_CASE("a cold first call does not rule a team out", "[thread_count_choice]") {
  ThreadCountChoice choice(16);
  // The first call on 16 threads creates them: ten times its later cost. Sixteen are
  // fastest after that; the lower of the two warm-up timings counts.
  const auto used = run_calls(choice, 100, [](int t, int call) {
    if (t == 16) return call == 0 ? 10.0 : 1.0;
    return 2.0;
  });
  CHECK(used.front() == 16);
  // After the ten warm-up calls, all but the re-probes of 8 threads at calls 32, 64 and 96.
  CHECK(count_of(used, 16, 10) == 87);
  CHECK(count_of(used, 8, 10) == 3);
}

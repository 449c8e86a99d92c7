// The forty packed cubes of tests/cli/decks/packed_cubes.yaml (dropped into a box, with
// friction, to 0.2 s, where they have landed) run with UMFPACK and with an iterative back
// end. The iterative solves' error (relative residual 1e-8) is far below what Newton
// resolves (residual 1e-11, increments 1e-12 relative to corrections that end near 1e-12):
// the runs must take the same steps and iterations, and end at the same positions to within
// what Newton's increment tolerance leaves undecided (1e-10 m on 0.1 m cubes).
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>

#include "solvers/linear_solver_family.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/analysis_fixtures.hpp"

namespace polydem::testing {

inline DeckData packed_cubes_deck(double end_time) {
  DeckData deck = read_deck(std::filesystem::path(POLYDEM_SOURCE_DIR) / "tests" / "cli" / "decks" /
                            "packed_cubes.yaml");
  deck.steps[0].end_time = end_time;
  return deck;
}

/// The iterative run, after checking it against UMFPACK's as above.
inline RunResult check_run_as_umfpack(const LinearSolverChoice& umfpack,
                                      const LinearSolverChoice& iterative_choice) {
  DeckData deck = packed_cubes_deck(0.2);
  deck.steps[0].linear_solver = umfpack;
  const RunResult direct = run_deck_in_memory(deck);
  deck.steps[0].linear_solver = iterative_choice;
  RunResult iterative = run_deck_in_memory(deck);

  CHECK(iterative.totals.accepted_steps == direct.totals.accepted_steps);
  CHECK(iterative.totals.rejected_steps == direct.totals.rejected_steps);
  CHECK(iterative.totals.newton_iterations == direct.totals.newton_iterations);
  CHECK(iterative.totals.linear_solver_fallbacks == 0);
  REQUIRE(iterative.steps.size() == direct.steps.size());
  for (std::size_t s = 0; s < direct.steps.size(); ++s)
    CHECK(iterative.steps[s].newton_iterations == direct.steps[s].newton_iterations);
  const Model initial = build_model(deck);
  double largest = 0;
  double moved = 0;
  for (std::size_t n = 0; n < direct.model.nodes.size(); ++n) {
    const Vec3& end = direct.model.nodes[n].position;
    largest = std::max(largest, (iterative.model.nodes[n].position - end).cwiseAbs().maxCoeff());
    moved = std::max(moved, (end - initial.nodes[n].position).norm());
  }
  CHECK(moved > 0.1);  // the cubes did fall, into contact
  CHECK(largest < 1e-10);
  return iterative;
}

}  // namespace polydem::testing

// One polydem run of a scene, implicit (Analysis: Newmark–Newton) or explicit
// (ExplicitAnalysis: central differences), measured the same way, so that the
// benchmarks compare like with like and with the peer (Bullet) runs:
// wall time, steps and Δt, the closest two surfaces came, the energy balance
// and the rest state (the boundaries' reaction against the weight).
#pragma once

#include <string>
#include <vector>

#include "src/analysis/convex/convex_analysis.hpp"
#include "src/analysis/explicit_analysis.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem::bench {

struct SceneFigures {
  double simulated_seconds = 0;
  double wall_seconds = 0;
  double force_seconds = 0;    ///< explicit: element residuals
  double contact_seconds = 0;  ///< explicit: search, candidates, crossing checks, commit
  long steps = 0;
  long newton_iterations = 0;  ///< implicit and convex
  double mean_step = 0;        ///< s
  double smallest_step = 0;    ///< s
  double critical_step = 0;    ///< Δt_crit of the model (explicit_time_step.hpp), s
  double smallest_gap = 0;     ///< of an active contact over the run (m); > 0: no interpenetration
  double initial_energy = 0;   ///< T + V + contact energy at the start (J)
  double peak_kinetic_energy = 0;
  double final_kinetic_energy = 0;
  double dissipated = 0;            ///< damping, friction and the integrator's own, at the end (J)
  double energy_balance_error = 0;  ///< at the end (J)
  double largest_energy_error = 0;  ///< |balance error| over the run (J)
  double weight = 0;                ///< of the free bodies (N)
  double vertical_reaction = 0;     ///< Σ boundary reactions along −g at the end (N)
  std::vector<double> boundary_vertical_reactions;  ///< per boundary of the deck, along −g (N)
  bool gave_up = false;
  std::string give_up_reason;

  double wall_per_simulated_second() const { return wall_seconds / simulated_seconds; }
  /// Reaction over weight − 1 at the end: 0 when the boundaries carry exactly the weight.
  double reaction_balance() const { return vertical_reaction / weight - 1; }
};

SceneFigures run_implicit(const DeckData& deck, int threads = 1);
SceneFigures run_explicit(const DeckData& deck, const ExplicitSettings& settings);
/// The deck's scene under the convex step (`integrator` as the deck says or not).
SceneFigures run_convex(const DeckData& deck, const ConvexSettings& settings = {});

/// The deck of `relative_path` below the source tree (examples/..., benchmarks/scenes/...).
DeckData source_deck(const std::string& relative_path);

}  // namespace polydem::bench

#include "benchmarks/support/scene_counters.hpp"

#include <string>

namespace polydem::bench {

void report_figures(benchmark::State& state, const SceneFigures& f) {
  if (f.gave_up) state.SkipWithError(f.give_up_reason.c_str());
  state.SetIterationTime(f.wall_seconds);
  auto& c = state.counters;
  c["wall_s"] = f.wall_seconds;
  c["wall_per_sim_s"] = f.wall_per_simulated_second();
  if (f.force_seconds > 0) {
    c["force_s"] = f.force_seconds;
    c["contact_s"] = f.contact_seconds;
  }
  c["steps"] = static_cast<double>(f.steps);
  c["newton_its"] = static_cast<double>(f.newton_iterations);
  c["mean_dt"] = f.mean_step;
  c["min_dt"] = f.smallest_step;
  c["dt_crit"] = f.critical_step;
  c["mean_dt/dt_crit"] = f.mean_step / f.critical_step;
  c["energy_err_J"] = f.energy_balance_error;
  c["max_energy_err_J"] = f.largest_energy_error;
  c["E0_J"] = f.initial_energy;
  c["peak_KE_J"] = f.peak_kinetic_energy;
  c["dissipated_J"] = f.dissipated;
  c["reaction_balance"] = f.reaction_balance();
  c["final_KE_J"] = f.final_kinetic_energy;
  c["min_gap_m"] = f.smallest_gap;
}

void report_support_split(benchmark::State& state, const SceneFigures& f,
                          const std::vector<double>& expected) {
  for (std::size_t k = 0; k < expected.size() && k < f.boundary_vertical_reactions.size(); ++k) {
    const double fraction = f.boundary_vertical_reactions[k] / f.weight;
    state.counters["R" + std::to_string(k) + "/W"] = fraction;
    state.counters["R" + std::to_string(k) + "_err"] = fraction - expected[k];
  }
}

}  // namespace polydem::bench

#include "benchmarks/support/scene_runs.hpp"

#include <algorithm>
#include <cmath>

#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/explicit_time_step.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/parallel/make_domain_decomposition.hpp"

namespace polydem::bench {
namespace {

/// Follows a run step by step: energy ledger, closest contact, kinetic energy.
class SceneObserver final : public AnalysisObserver {
 public:
  /// `booked`: the run's records carry its own energy account (the convex step's
  /// dissipation, convex_analysis.hpp); otherwise the observer keeps the account.
  explicit SceneObserver(const Model& model, bool booked = false)
      : energy_(model), booked_(booked) {
    figures.initial_energy = energy_.values().initial_energy;
    figures.smallest_gap = figures.smallest_step = HUGE_VAL;
  }

  void step_accepted(const Model& model, const StepRecord& record) override {
    const BookedDissipation dissipation{record.energy.damping_dissipation,
                                        record.energy.friction_dissipation,
                                        record.energy.integrator_dissipation};
    const MonitorValues& values =
        energy_.update(model, previous_time_, record.time, previous_factor_, record.load_factor,
                       true, booked_ ? &dissipation : nullptr);  // the scenes are dynamic
    previous_time_ = record.time;
    previous_factor_ = record.load_factor;
    figures.smallest_step = std::min(figures.smallest_step, record.dt);
    figures.peak_kinetic_energy = std::max(figures.peak_kinetic_energy, values.kinetic_energy);
    figures.largest_energy_error =
        std::max(figures.largest_energy_error, std::abs(values.energy_balance_error()));
    if (model.contact)
      for (const ContactRecord& c : model.contact->snapshot().contacts)
        figures.smallest_gap = std::min(figures.smallest_gap, c.outcome.gap);
  }

  void finished(const Model& model, const RunTotals& /*totals*/) override {
    const MonitorValues& values = energy_.values();
    figures.final_kinetic_energy = values.kinetic_energy;
    figures.dissipated =
        values.damping_dissipation + values.friction_dissipation + values.integrator_dissipation;
    figures.energy_balance_error = values.energy_balance_error();
    const Vec3 down = model.gravity.normalized();
    for (std::size_t b = 0; b < model.bodies.size(); ++b)
      if (!model.dofs.is_constrained(kDofsPerNode * static_cast<int>(b)))
        figures.weight += model.bodies[b]->mass() * model.gravity.norm();
    if (model.contact)
      for (const Vec3& reaction : model.contact->snapshot().boundary_reactions) {
        figures.boundary_vertical_reactions.push_back(-reaction.dot(down));
        figures.vertical_reaction -= reaction.dot(down);
      }
  }

  SceneFigures figures;

 private:
  EnergyMonitor energy_;
  bool booked_ = false;
  double previous_time_ = 0;
  double previous_factor_ = 1;
};

/// What the drivers of free bodies (explicit, convex) report alike.
template <class Totals>
SceneFigures free_body_figures(SceneFigures figures, const Totals& totals) {
  figures.simulated_seconds = totals.final_time - totals.start_time;
  figures.wall_seconds = totals.wall_seconds;
  figures.contact_seconds = totals.contact_seconds;
  figures.steps = totals.steps;
  figures.mean_step = figures.simulated_seconds / static_cast<double>(std::max(1L, totals.steps));
  figures.gave_up = totals.gave_up;
  figures.give_up_reason = totals.give_up_reason;
  return figures;
}

}  // namespace

SceneFigures run_implicit(const DeckData& deck, int threads) {
  Model model = build_model(deck);
  SceneObserver observer(model);
  RunOptions options;
  options.threads = threads;
  Analysis analysis(model, deck, options, make_domain_decomposition(model, deck));
  const RunTotals totals = analysis.run(observer);
  SceneFigures figures = observer.figures;
  figures.simulated_seconds = totals.final_time;
  figures.wall_seconds = totals.total_seconds;
  figures.steps = totals.accepted_steps;
  figures.newton_iterations = totals.newton_iterations;
  figures.mean_step = totals.final_time / static_cast<double>(std::max(1L, totals.accepted_steps));
  figures.critical_step = contact_critical_step(model, deck).step;
  figures.gave_up = totals.gave_up;
  figures.give_up_reason = totals.give_up_reason;
  return figures;
}

SceneFigures run_explicit(const DeckData& deck, const ExplicitSettings& settings) {
  Model model = build_model(deck);
  SceneObserver observer(model);
  ExplicitAnalysis analysis(model, deck, settings);
  const ExplicitTotals totals = analysis.run(observer);
  SceneFigures figures = free_body_figures(observer.figures, totals);
  figures.force_seconds = totals.force_seconds;
  figures.critical_step = totals.critical_step;
  return figures;
}

SceneFigures run_convex(const DeckData& deck, const ConvexSettings& settings) {
  Model model = build_model(deck);
  SceneObserver observer(model, true);
  ConvexAnalysis analysis(model, deck, settings);
  const ConvexTotals totals = analysis.run(observer);
  SceneFigures figures = free_body_figures(observer.figures, totals);
  figures.newton_iterations = totals.newton_iterations;
  figures.critical_step = contact_critical_step(model, deck).step;
  return figures;
}

DeckData source_deck(const std::string& relative_path) {
  return read_deck(std::string(POLYDEM_SOURCE_DIR) + "/" + relative_path);
}

}  // namespace polydem::bench

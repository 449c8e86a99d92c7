// Small decks built in code for the dynamics tests, and an observer that
// records what a run did.
#pragma once

#include <vector>

#include "src/analysis/analysis.hpp"
#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/model_builder.hpp"

namespace polydem::testing {

inline BodySpec box_body(double mass, const Vec3& half_extents) {
  BodySpec body;
  body.name = "body";
  body.mass = mass;
  const Vec3 e2 = (2 * half_extents).cwiseAbs2();
  body.inertia = Mat3::Zero();
  body.inertia.diagonal() << mass / 12 * (e2.y() + e2.z()), mass / 12 * (e2.x() + e2.z()),
      mass / 12 * (e2.x() + e2.y());
  return body;
}

inline DeckData single_step_deck(const BodySpec& body, double end_time, double dt,
                                 const Vec3& gravity) {
  DeckData deck;
  deck.path = "<test>";
  deck.gravity = gravity;
  StepSpec step;
  step.name = "test";
  step.end_time = end_time;
  step.dt.initial = dt;
  step.dt.min = dt * 1e-6;
  step.dt.max = dt;
  step.newton.residual_tolerance = 1e-10;
  step.newton.increment_tolerance = 1e-12;
  deck.steps.push_back(step);
  deck.bodies.push_back(body);
  deck.output.interval = 0;
  deck.output.vtk = false;
  return deck;
}

/// Records every accepted step and the driver's energy/momentum account after it.
class Recorder final : public AnalysisObserver {
 public:
  explicit Recorder(const Model& model) : initial(model.nodes) {}

  void step_accepted(const Model&, const StepRecord& record) override {
    steps.push_back(record);
    monitor.push_back(record.energy);
  }

  std::vector<NodeState> initial;
  std::vector<StepRecord> steps;
  std::vector<MonitorValues> monitor;
};

struct RunResult {
  Model model;
  RunTotals totals;
  std::vector<StepRecord> steps;
  std::vector<MonitorValues> monitor;
};

inline RunResult run_deck_in_memory(const DeckData& deck, int threads = 1) {
  RunResult result{build_model(deck), {}, {}, {}};
  Recorder recorder(result.model);
  RunOptions options;
  options.threads = threads;
  Analysis analysis(result.model, deck, options);
  result.totals = analysis.run(recorder);
  result.steps = std::move(recorder.steps);
  result.monitor = std::move(recorder.monitor);
  return result;
}

}  // namespace polydem::testing

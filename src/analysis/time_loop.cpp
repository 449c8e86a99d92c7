#include "src/analysis/time_loop.hpp"

#include <algorithm>
#include <cmath>

#include "src/analysis/phase_timer.hpp"
#include "src/analysis/step_actions.hpp"

namespace polydem {

double next_sample_time(const DeckData& deck, double time) {
  const double interval = deck.output.interval;
  if (interval <= 0) return deck.steps.back().end_time;
  // Samples sit at k·interval; the tolerance keeps a sample just reached from being chosen again.
  const double k = std::floor(time / interval * (1 + 1e-12) + 1e-9) + 1;
  return k * interval;
}

std::string begin_free_body_step(Model& model, const DeckData& deck, int index, double time) {
  const StepSpec& spec = deck.steps[static_cast<std::size_t>(index)];
  apply_step_actions(model, spec);
  if (!model.contact || index == 0) return {};
  const std::string problem = model.contact->preflight(model.nodes, time, false);
  return problem.empty() ? problem : start_problem(spec, problem);
}

std::string start_problem(const StepSpec& spec, const std::string& problem) {
  return "at the start of step '" + spec.name + "': " + problem;
}

TimeStep TimeLoop::taking(Landing landing, double time, double dt) {
  const double next = time + dt;
  return landing == Landing::ExactTimes ? TimeStep{next, next - time} : TimeStep{next, dt};
}

TimeStep TimeLoop::aimed(Landing landing, double time, double dt, double target) {
  const bool lands = time + dt >= target * (1 - 1e-12);
  if (!lands) return taking(landing, time, dt);
  return landing == Landing::ExactTimes ? TimeStep{target, target - time}
                                        : taking(landing, time, target - time);
}

bool TimeLoop::run(TimeIntegrator& integrator, double& time, double end_time) {
  while (time < end_time * (1 - 1e-14) - 1e-300) {
    const double target = std::min(end_time, next_sample_time(deck_, time));
    TimeStep step = aimed(integrator.landing(), time, integrator.proposed_step(), target);
    while (!integrator.attempt(step)) {
      const Retry retry = integrator.rejected(step);
      if (!retry.give_up.empty()) {
        integrator.gave_up(retry.give_up);
        return false;
      }
      step = retry.aimed ? aimed(integrator.landing(), time, retry.dt, target)
                         : taking(integrator.landing(), time, retry.dt);
    }
    const bool sampling = step.time >= target * (1 - 1e-12);
    StepRecord record = integrator.accept(step, sampling);
    time = step.time;
    integrator.before_report(sampling, record);
    {
      PhaseTimer timer(output_seconds_);
      observer_.step_accepted(model_, record);
      if (sampling) observer_.sample(model_, time);
    }
    integrator.after_report(record);
  }
  return true;
}

}  // namespace polydem

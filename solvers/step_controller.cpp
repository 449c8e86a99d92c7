#include "solvers/step_controller.hpp"

#include <algorithm>
#include <cmath>

#include "src/params/declarations.hpp"
#include "src/params/param_format.hpp"

namespace polydem {

namespace {

constexpr double kSafety = 0.9;
/// The PI controller's exponents for an error of order Δt³ (k = 3): α = 0.7/k, β = 0.4/k.
constexpr double kIntegralExponent = 0.7 / 3;
constexpr double kProportionalExponent = 0.4 / 3;
/// Its safety factor: a steady error settles at 0.95^(k/0.3) = 0.60 of the tolerance.
constexpr double kPiSafety = 0.95;
/// Of dt.energy_gain_tolerance (issue 27: the two-tetrapod drop; docs/deck.md,
/// "Choosing the law and the step").
constexpr double kDefaultEnergyGain = 1e-3;
constexpr double kDefaultRelativeEnergy = 5e-5;
constexpr double kDefaultSkinClosure = 0;

void complete_time_step(ParamSet& dt) {
  double initial = dt.real("initial");
  if (!dt.has_value("min")) dt.at("min").value = initial * 1e-6;
  if (!dt.has_value("max")) dt.at("max").value = initial;
  if (!(dt.real("min") <= initial))
    throw dt.error("min", "must not exceed initial (" + format_real(initial) + ")");
  if (!(initial <= dt.real("max")))
    throw dt.error("max", "must not be less than initial (" + format_real(initial) + ")");
}

// The tests a converged dynamic step must pass besides Newton's: its accuracy
// and its energy.
void add_accuracy_tests(ObjectSchema& schema) {
  schema
      .add_real("error_tolerance",
                "Bound on the local error estimate (β − 1/6)Δt²|Δü|/L and |Δω̇| term of each "
                "step (Zienkiewicz & Xie): steps above it are repeated with Δt × 0.9 "
                "(tolerance/error)^(1/3), the error falling as Δt³. Resolves impacts; 0 leaves Δt "
                "to Newton's iteration count alone.")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real("energy_tolerance",
                "Bound on the energy-balance error a step adds, |Δ(T + V + contact energy) − W + "
                "dissipation| (monitor.csv's energy_balance_error): steps above it are repeated "
                "with Δt × 0.9 tolerance/error (this error falls about linearly with Δt at an "
                "under-resolved contact event). 0: no such test.")
      .with_unit("J")
      .with_default(0.0)
      .at_least(0);
  schema
      .add_real("energy_gain_tolerance",
                "Bound on the energy a step creates, Δ(T + V + contact energy) − work, plus any "
                "damping it books as negative work (a contact event the step did not resolve), "
                "as a fraction of the energy the run has moved so far (its largest T + stored "
                "contact energy + |ΔV| + |W|, at least each body's weight times its size): "
                "steps above it are repeated with Δt × 0.9 tolerance/error. It "
                "catches an impact that crosses a contact's skin in one step and rebounds with "
                "more energy than it brought. 0: no such test.")
      .with_default(kDefaultEnergyGain)
      .at_least(0);
  schema
      .add_real("relative_energy_tolerance",
                "Bound on a step's energy-balance error, |Δ(T + V + contact energy) − W + "
                "dissipation|, as a fraction of the energy the run has moved (as for "
                "energy_gain_tolerance): steps above it are repeated with Δt × 0.9 "
                "tolerance/error. It keeps the energy ledger (monitor.csv) closed where impacts "
                "would cross a contact's skin within one step. 0: no such test.")
      .with_default(kDefaultRelativeEnergy)
      .at_least(0);
}

// The tests that keep an impact from being jumped: how much of its skin a contact
// may close in one step, and the forecast that shortens a step before Newton.
void add_impact_tests(ObjectSchema& schema) {
  schema
      .add_real(
          "skin_closure",
          "The largest fraction of its skin ḡ_n a contact may close in one step, "
          "(min(g_i, ḡ_n) − g_{i+1})/ḡ_n: a step in which an impact goes further is repeated "
          "with Δt × 0.9 skin_closure/closure, so that impacts are resolved rather than jumped "
          "into the barrier (with the default barrier_fraction 0.5, 0.5 keeps a contact that "
          "enters the skin out of the barrier in that step). 0: no limit.")
      .with_default(kDefaultSkinClosure)
      .at_least(0);
  schema
      .add_bool("foresee_impacts",
                "Shorten a step before Newton where the contacts closing (or opening) inside "
                "their skin at its start foretell more energy-balance error than "
                "relative_energy_tolerance or energy_tolerance allow: the trapezoidal rule's "
                "error of the normal law's work along the gap each would close at its speed, "
                "no deeper than its kinetic energy reaches. The step that meets an impact is "
                "then short from the start instead of rejected first (summary.json's "
                "impact_shortened_steps). Newmark step only; false: only the tests after the "
                "step.")
      .with_default(true);
}

ObjectSchema time_step_params() {
  ObjectSchema schema{"dt", "Adaptive time-step control; requires min <= initial <= max."};
  schema.add_real("initial", "First time step.").with_unit("s").make_required().greater_than(0);
  schema.add_real("min", "Smallest time step before the solver gives up.")
      .with_unit("s")
      .with_computed_default("initial × 1e-6")
      .greater_than(0);
  schema.add_real("max", "Largest time step.")
      .with_unit("s")
      .with_computed_default("initial")
      .greater_than(0);
  schema.add_real("grow_factor", "Δt multiplier after an easy step.").with_default(1.5).at_least(1);
  schema.add_real("cut_factor", "Δt multiplier after a failed step.")
      .with_default(0.5)
      .greater_than(0)
      .less_than(1);
  schema.add_integer("easy_iterations", "A step converged in at most this many iterations is easy.")
      .with_default(4LL)
      .at_least(0);
  add_accuracy_tests(schema);
  add_impact_tests(schema);
  schema.complete = complete_time_step;
  return schema;
}

}  // namespace

StepControlSettings StepControlSettings::from(const ParamSet& dt) {
  StepControlSettings s;
  s.initial = dt.real("initial");
  s.min = dt.real("min");
  s.max = dt.real("max");
  s.grow_factor = dt.real("grow_factor");
  s.cut_factor = dt.real("cut_factor");
  s.easy_iterations = static_cast<int>(std::min<long long>(dt.integer("easy_iterations"), 1 << 30));
  s.error_tolerance = dt.real("error_tolerance");
  s.energy_tolerance = dt.real("energy_tolerance");
  s.energy_gain_tolerance = dt.real("energy_gain_tolerance");
  s.relative_energy_tolerance = dt.real("relative_energy_tolerance");
  s.skin_closure = dt.real("skin_closure");
  s.foresee_impacts = dt.boolean("foresee_impacts");
  return s;
}

POLYDEM_DECLARE_OBJECT(time_step_params)

bool StepController::accurate(double error) const {
  return !settings_.tests_accuracy() || error <= 1.0;
}

void StepController::accepted(int iterations, double dt_taken, double error) {
  // A step shortened to land on an output time says nothing about the Δt the
  // dynamics allow, so growth starts from the larger of the two.
  double base = std::max(dt_, dt_taken);
  if (iterations <= settings_.easy_iterations) base *= settings_.grow_factor;
  if (settings_.tests_accuracy() && error > 0) {
    base = std::min(base, accuracy_limit(dt_taken, error));
    previous_error_ = error;
  }
  dt_ = std::clamp(base, settings_.min, settings_.max);
}

double StepController::accuracy_limit(double dt_taken, double error) const {
  if (!(previous_error_ > 0)) return dt_taken * kSafety * std::cbrt(1.0 / error);
  return dt_taken * kPiSafety * std::pow(error, -kIntegralExponent) *
         std::pow(previous_error_, kProportionalExponent);
}

bool StepController::rejected(double dt_taken, double error, double order) {
  double factor = settings_.cut_factor;
  if (settings_.tests_accuracy() && error > 1.0)
    factor = std::clamp(kSafety * std::pow(error, -1.0 / order), 0.1, kSafety);
  dt_ = dt_taken * factor;
  return dt_ >= settings_.min * (1 - 1e-12);
}

}  // namespace polydem

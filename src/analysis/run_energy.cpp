#include "src/analysis/run_energy.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace polydem {
namespace {

/// The weight of each body lifted by its own size: what a resting pack moves at least.
double weight_scale(const Model& model) {
  double scale = 0;
  for (const auto& body : model.bodies)
    scale += body->mass() * model.gravity.norm() * body->length_scale();
  return scale;
}

}  // namespace

RunEnergy::RunEnergy(const Model& model, double start_time)
    : monitor_(model),
      initial_potential_(monitor_.values().potential_energy),
      previous_time_(start_time) {
  scale_ = weight_scale(model);
  widen_scale();
}

void RunEnergy::widen_scale() {
  const MonitorValues& v = monitor_.values();
  const double moved = v.kinetic_energy + v.contact_energy +
                       std::abs(v.potential_energy - initial_potential_) +
                       std::abs(v.external_work);
  if (std::isfinite(moved)) scale_ = std::max(scale_, moved);
}

const MonitorValues& RunEnergy::update(const Model& model, double time, double load_factor,
                                       bool dynamic, const BookedDissipation* booked) {
  const double error_before = monitor_.values().energy_balance_error();
  monitor_.update(model, previous_time_, time, previous_load_factor_, load_factor, dynamic, booked);
  if (!dynamic) static_error_ += monitor_.values().energy_balance_error() - error_before;
  previous_time_ = time;
  previous_load_factor_ = load_factor;
  widen_scale();
  return monitor_.values();
}

std::string RunEnergy::drift_warning(double drift) const {
  const double error = monitor_.values().energy_balance_error() - static_error_;
  if (!(drift > 0) || std::abs(error) <= drift * scale_) return {};
  char text[320];
  std::snprintf(text, sizeof text,
                "the energy balance is off by %.4g J, %.3g %% of the %.4g J the run moved "
                "(checks.energy_drift allows %.3g %%): the results are not to be trusted; "
                "lower dt.relative_energy_tolerance or dt.max (docs/deck.md, \"Choosing the law "
                "and the step\")",
                error, 100 * std::abs(error) / scale_, scale_, 100 * drift);
  return text;
}

void RunEnergy::write_state(StateWriter& out) const {
  monitor_.write_state(out);
  out.put(initial_potential_);
  out.put(previous_time_);
  out.put(previous_load_factor_);
  out.put(scale_);
  out.put(static_error_);
}

void RunEnergy::read_state(StateReader& in, const Model& model) {
  monitor_.read_state(in, model);
  initial_potential_ = in.real();
  previous_time_ = in.real();
  previous_load_factor_ = in.real();
  scale_ = in.real();
  static_error_ = in.real();
}

}  // namespace polydem

// Checkpoints of the convex step (`run --checkpoint-every`, `--restart`): what
// the Newmark driver's hold (analysis.cpp: the nodes, the contact set's histories
// and ledger, the energy account, the observer's state), plus what this driver
// carries from one step to the next — each body's state about its centre of mass
// (the nodes hold it about the pole, and converting back is not exact to the
// bit), the next Δt, the dissipation it booked and its totals. A restart from one
// continues bitwise as the uninterrupted run goes on, with the same thread count.
#include <cstdint>

#include "src/analysis/cause_counts.hpp"
#include "src/analysis/convex/convex_analysis.hpp"
#include "src/analysis/model_state.hpp"
#include "src/analysis/step_actions.hpp"
#include "src/core/file_bytes.hpp"
#include "src/io/sealed_file.hpp"

namespace polydem {
namespace {

// Not the Newmark driver's magic: neither driver reads the other's checkpoints.
constexpr const char* kConvexCheckpointMagic = "polydem convex checkpoint 1";

void write_totals(const ConvexTotals& totals, StateWriter& out) {
  for (const long v : {totals.steps, totals.rejected_steps, totals.newton_iterations,
                       totals.night_owl_reevaluations, totals.crossings_frozen})
    out.put(static_cast<std::int64_t>(v));
  write_cause_counts(totals.rejections, out);
}

void read_totals(ConvexTotals& totals, StateReader& in) {
  for (long* v : {&totals.steps, &totals.rejected_steps, &totals.newton_iterations,
                  &totals.night_owl_reevaluations, &totals.crossings_frozen})
    *v = in.integer();
  read_cause_counts(totals.rejections, in);
}

void write_centre(const CentreState& state, StateWriter& out) {
  out.put(state.centre);
  out.put(state.velocity);
  for (const double q :
       {state.orientation.w(), state.orientation.x(), state.orientation.y(), state.orientation.z()})
    out.put(q);
  out.put(state.angular_velocity);
}

CentreState read_centre(StateReader& in) {
  CentreState state;
  state.centre = in.vec3();
  state.velocity = in.vec3();
  const double w = in.real(), x = in.real(), y = in.real(), z = in.real();
  state.orientation = Eigen::Quaterniond(w, x, y, z);
  state.angular_velocity = in.vec3();
  return state;
}

}  // namespace

void ConvexAnalysis::after_report(const StepRecord& /*record*/) {
  if (!(settings_.run.checkpoint_every > 0) || time_ < next_checkpoint_ * (1 - 1e-12)) return;
  while (next_checkpoint_ <= time_ * (1 + 1e-12))
    next_checkpoint_ += settings_.run.checkpoint_every;
  write_checkpoint(*observer_);
}

void ConvexAnalysis::write_checkpoint(AnalysisObserver& observer) {
  observer.persist();
  StateWriter out;
  out.put(std::string(kConvexCheckpointMagic));
  out.put(static_cast<std::int64_t>(settings_.run.deck_fingerprint));
  write_state(out);
  StateWriter observer_state;  // length-prefixed: an observer that keeps no state skips it
  observer.write_state(observer_state);
  out.put(observer_state.bytes());
  if (settings_.run.writes_checkpoints)
    write_sealed_file(settings_.run.checkpoint_path, out.bytes(), Durability::Synced);
}

void ConvexAnalysis::write_state(StateWriter& out) const {
  out.put(static_cast<std::int64_t>(analysis_step_));
  out.put(time_);
  out.put(dt_);
  out.put(next_checkpoint_);
  write_totals(totals_, out);
  for (const double booked : {booked_.damping, booked_.friction, booked_.integrator})
    out.put(booked);
  out.put(static_cast<std::int64_t>(state_.size()));
  for (const CentreState& state : state_) write_centre(state, out);
  write_model_state(model_, out);
  out.put(model_.contact != nullptr);
  if (model_.contact) out.put_sized([&](StateWriter& part) { model_.contact->write_state(part); });
  energy_.write_state(out);
}

void ConvexAnalysis::read_state(StateReader& in, const std::string& file) {
  first_step_ = static_cast<int>(in.count(deck_.steps.size()));
  time_ = in.real();
  dt_ = in.real();
  next_checkpoint_ = in.real();
  read_totals(totals_, in);
  booked_.damping = in.real();
  booked_.friction = in.real();
  booked_.integrator = in.real();
  if (in.count(state_.size() + 1) != state_.size())
    in.fail("the checkpoint and the deck disagree on the bodies");
  for (CentreState& state : state_) state = read_centre(in);
  // The actions up to this step set flags and gravity; replaying them rebuilds what
  // the checkpoint does not store (the gravity read next overrides theirs).
  for (int index = 0; index <= first_step_; ++index)
    apply_step_actions(model_, deck_.steps[static_cast<std::size_t>(index)]);
  read_model_state(model_, in);
  if (in.boolean() != (model_.contact != nullptr))
    in.fail("the checkpoint and the deck disagree on contact");
  if (model_.contact) {
    const std::string part = in.text();
    read_contact_parts(*model_.contact, {&part, 1}, true, file);
  }
  energy_.read_state(in, model_);
}

void ConvexAnalysis::resume(const std::string& checkpoint_file, AnalysisObserver& observer) {
  StateReader in(unsealed(read_file_bytes(checkpoint_file), checkpoint_file), checkpoint_file);
  if (in.text() != kConvexCheckpointMagic)
    in.fail(std::string("not a checkpoint of this polydem version's convex step (expected '") +
            kConvexCheckpointMagic + "')");
  if (static_cast<std::uint64_t>(in.integer()) != settings_.run.deck_fingerprint)
    in.fail("the checkpoint was written by a run of another deck (or another version of this one)");
  read_state(in, checkpoint_file);
  StateReader observer_state(in.text(), checkpoint_file);
  if (!in.at_end()) in.fail("the checkpoint has trailing data");
  observer.read_state(observer_state, model_);  // last: it may open and cut the output files
  resuming_ = true;
}

}  // namespace polydem

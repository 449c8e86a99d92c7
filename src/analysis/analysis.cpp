#include "src/analysis/analysis.hpp"

#include <chrono>

#include "src/analysis/cause_counts.hpp"
#include "src/analysis/checkpoint_parts.hpp"
#include "src/analysis/domain_decomposition.hpp"
#include "src/analysis/implicit_stepper.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/model_state.hpp"
#include "src/analysis/phase_timer.hpp"
#include "src/analysis/step_actions.hpp"
#include "src/analysis/time_loop.hpp"
#include "src/core/errors.hpp"
#include "src/core/file_bytes.hpp"
#include "src/io/sealed_file.hpp"

namespace polydem {

Analysis::Analysis(Model& model, const DeckData& deck, RunOptions options,
                   std::unique_ptr<DomainDecomposition> decomposition)
    : model_(model),
      deck_(deck),
      options_(options),
      time_(deck.start_time),
      decomposition_(std::move(decomposition)),
      energy_(model, deck.start_time),
      progress_record_(options.progress_every,
                       deck.steps.empty() ? 0.0 : deck.steps.back().end_time) {}

Analysis::Analysis(Model& model, const DeckData& deck, RunOptions options)
    : Analysis(model, deck, options, nullptr) {}

Analysis::~Analysis() = default;

void Analysis::sample(AnalysisObserver& observer) {
  if (decomposition_)
    decomposition_->share_contact_snapshot(observer.reads_contact_records(model_, true));
  PhaseTimer timer(totals_.output_seconds);
  observer.sample(model_, time_);
}

void Analysis::drop_unread_records(const AnalysisObserver& observer) {
  if (model_.contact && !records_read(observer, false)) model_.contact->drop_records();
}

bool Analysis::records_read(const AnalysisObserver& observer, bool sample) {
  const bool own = observer.reads_contact_records(model_, sample);
  return decomposition_ ? !decomposition_->system().on_every_process(!own) : own;
}

double Analysis::step_start_time(int index) const {
  return index > 0 ? deck_.steps[static_cast<std::size_t>(index - 1)].end_time : deck_.start_time;
}

namespace {

// 6: the output history (restart into the same folder) and the linear-solver fallbacks;
// 8: the contact state in one part per process, with the bodies' owners; 9: under domain
// decomposition each part in a file of its own, listed; 10: the attempts shortened for
// a foreseen impact.
constexpr const char* kCheckpointMagic = "polydem checkpoint 10";

void write_totals(const RunTotals& totals, StateWriter& out) {
  for (const long v : {totals.accepted_steps, totals.rejected_steps, totals.newton_iterations,
                       totals.night_owl_resolves, totals.active_set_cycles,
                       totals.linear_solver_fallbacks, totals.impact_shortened_steps})
    out.put(static_cast<std::int64_t>(v));
  write_cause_counts(totals.rejections, out);
}

void read_totals(RunTotals& totals, StateReader& in) {
  for (long* v : {&totals.accepted_steps, &totals.rejected_steps, &totals.newton_iterations,
                  &totals.night_owl_resolves, &totals.active_set_cycles,
                  &totals.linear_solver_fallbacks, &totals.impact_shortened_steps})
    *v = in.integer();
  read_cause_counts(totals.rejections, in);
}

struct ListedContactParts {
  std::vector<std::string> parts;  ///< in process order; empty where this process skips one
  std::string placement;
  std::vector<CheckpointPart> files;  ///< where the parts are in files of their own
};

// The contact parts of a checkpoint that this process reads, from the checkpoint or from
// their files: on as many processes as wrote them (with their placement) its own alone,
// else all of them. A part missing or damaged stops every process with one message (the
// one that lacks it might be the only one to read it).
ListedContactParts listed_contact_parts(StateReader& in, const std::string& checkpoint_file,
                                        DomainDecomposition* decomposition) {
  const bool in_files = in.boolean();
  ListedContactParts listed;
  listed.parts.resize(in.count(std::size_t{1} << 24));
  if (listed.parts.empty()) in.fail("the checkpoint holds no contact state");
  for (std::string& part : listed.parts) part = in.text();
  listed.placement = in.text();
  if (!in_files) return listed;
  const bool own_only = decomposition && !listed.placement.empty() &&
                        listed.parts.size() == static_cast<std::size_t>(decomposition->processes());
  std::string problem;
  for (std::size_t k = 0; k < listed.parts.size(); ++k) {
    StateReader entry(std::move(listed.parts[k]), checkpoint_file);
    const CheckpointPart part = listed.files.emplace_back(CheckpointPart::read(entry));
    listed.parts[k].clear();
    if (own_only && k != static_cast<std::size_t>(decomposition->process())) continue;
    try {
      if (problem.empty()) listed.parts[k] = CheckpointParts::read(checkpoint_file, part);
    } catch (const InputError& error) {
      problem = error.what();
    }
  }
  if (decomposition) problem = decomposition->first_problem(problem);
  if (!problem.empty()) throw InputError(problem);
  return listed;
}

}  // namespace

// Written after an accepted step, whole or not at all, so a crash at any moment
// leaves the previous checkpoint usable.
void Analysis::write_checkpoint(AnalysisObserver& observer, int index, double next_dt,
                                double previous_error) {
  observer.persist();
  StateWriter out;
  out.put(std::string(kCheckpointMagic));
  out.put(static_cast<std::int64_t>(options_.deck_fingerprint));
  out.put(static_cast<std::int64_t>(index));
  out.put(time_);
  out.put(next_dt);
  out.put(previous_error);
  out.put(next_checkpoint_);
  write_totals(totals_, out);
  write_model_state(model_, out);
  write_contact_checkpoint(out);
  energy_.write_state(out);
  StateWriter observer_state;  // length-prefixed: an observer that keeps no state skips it
  observer.write_state(observer_state);
  out.put(observer_state.bytes());
  if (options_.writes_checkpoints)
    write_sealed_file(options_.checkpoint_path, out.bytes(), Durability::Synced);
  if (model_.contact) {
    if (decomposition_)
      decomposition_->wait_for_all();  // the checkpoint listing the parts is on disk
    checkpoint_parts_.drop_previous();
  }
}

// One part per process that wrote it, so that a restart on as many processes gives each its
// own (bitwise) and one on another number adds them up. Under domain decomposition each
// process writes its part to a file of its own and the checkpoint lists them
// (checkpoint_parts.hpp); one process's part is in the checkpoint itself.
void Analysis::write_contact_checkpoint(StateWriter& out) {
  out.put(model_.contact != nullptr);
  if (!model_.contact) return;
  out.put(decomposition_ != nullptr);
  if (!decomposition_) {
    out.put(std::int64_t{1});  // one part, in the checkpoint
    // Room for it and for what follows (the energy account, the observer's sample times),
    // so that the checkpoint, made in place, is not copied as it grows.
    constexpr std::size_t kAfterContacts = std::size_t{1} << 20;
    out.reserve(out.bytes().size() + sizeof(std::int64_t) + model_.contact->state_bytes() +
                kAfterContacts);
    out.put_sized([&](StateWriter& part) { model_.contact->write_state(part); });
    out.put(std::string());
    return;
  }
  StateWriter own;
  model_.contact->write_state(own);
  StateWriter mine;
  checkpoint_parts_
      .write(options_.checkpoint_path, decomposition_->process(),
             static_cast<std::int64_t>(totals_.accepted_steps), own.bytes())
      .write(mine);
  const std::vector<std::string> parts = decomposition_->gather_on_first(mine.bytes());
  out.put(static_cast<std::int64_t>(parts.size()));  // 0 but on process 0, which writes it
  for (const std::string& part : parts) out.put(part);
  out.put(decomposition_->placement());
}

void Analysis::read_contact_checkpoint(StateReader& in, const std::string& checkpoint_file) {
  if (in.boolean() != (model_.contact != nullptr))
    in.fail("the checkpoint and the deck disagree on contact");
  if (!model_.contact) return;
  auto [parts, placement, files] = listed_contact_parts(in, checkpoint_file, decomposition_.get());
  // Continued in its own place, the checkpoint's parts go once the next checkpoint is written.
  if (!decomposition_ || decomposition_->process() == 0)
    checkpoint_parts_.continue_from(checkpoint_file, options_.checkpoint_path, files);
  if (decomposition_) {
    decomposition_->restore(parts, placement, checkpoint_file);
    decomposition_->share_contact_snapshot(false);  // the whole ledger, as after a step
  } else {
    read_contact_parts(*model_.contact, parts, true, checkpoint_file);
  }
}

void Analysis::resume(const std::string& checkpoint_file, AnalysisObserver& observer) {
  StateReader in(unsealed(read_file_bytes(checkpoint_file), checkpoint_file), checkpoint_file);
  if (in.text() != kCheckpointMagic)
    in.fail(std::string("not a checkpoint of this polydem version (expected '") + kCheckpointMagic +
            "')");
  if (static_cast<std::uint64_t>(in.integer()) != options_.deck_fingerprint)
    in.fail("the checkpoint was written by a run of another deck (or another version of this one)");
  first_step_ = static_cast<int>(in.count(deck_.steps.size()));
  time_ = in.real();
  resume_dt_ = in.real();
  resume_error_ = in.real();
  next_checkpoint_ = in.real();
  read_totals(totals_, in);
  // The actions up to this step set flags and gravity; replaying them rebuilds what
  // the checkpoint does not store (the gravity read next overrides theirs).
  for (int index = 0; index <= first_step_; ++index)
    apply_step_actions(model_, deck_.steps[static_cast<std::size_t>(index)]);
  read_model_state(model_, in);
  read_contact_checkpoint(in, checkpoint_file);
  energy_.read_state(in, model_);
  StateReader observer_state(in.text(), checkpoint_file);
  if (!in.at_end()) in.fail("the checkpoint has trailing data");
  observer.read_state(observer_state, model_);  // last: it may open and cut the output files
}

RunTotals Analysis::run(AnalysisObserver& observer) {
  const auto start = std::chrono::steady_clock::now();
  observer.run_started(model_);
  progress_record_.start();
  if (resume_dt_ <= 0) observer.sample(model_, time_);  // the built state: nothing to share yet
  drop_unread_records(observer);
  if (options_.checkpoint_every > 0 && resume_dt_ <= 0)
    next_checkpoint_ = time_ + options_.checkpoint_every;
  for (int index = first_step_; index < static_cast<int>(deck_.steps.size()); ++index) {
    if (!run_analysis_step(index, observer)) break;
  }
  totals_.final_time = time_;
  totals_.total_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (decomposition_) totals_.decomposition_report = decomposition_->report();
  totals_.energy_scale = energy_.scale();
  if (!totals_.gave_up)
    if (std::string drift = energy_.drift_warning(deck_.energy_drift); !drift.empty())
      totals_.warnings.push_back(std::move(drift));
  observer.finished(model_, totals_);
  return totals_;
}

bool Analysis::begin_analysis_step(int index, AnalysisObserver& observer) {
  const StepSpec& spec = deck_.steps[static_cast<std::size_t>(index)];
  const bool resuming = resume_dt_ > 0;
  if (!resuming) apply_step_actions(model_, spec);
  if (decomposition_) decomposition_->begin_analysis_step(time_);
  // Newmark needs accelerations that balance the forces now acting: after a
  // static step, and after actions that changed the forces (walls, gravity).
  const bool after_static =
      index > 0 && deck_.steps[static_cast<std::size_t>(index - 1)].type == AnalysisType::Static;
  if (!resuming && spec.type == AnalysisType::Dynamic && (after_static || !spec.actions.empty())) {
    set_consistent_accelerations(model_, time_);
    drop_unread_records(observer);
  }
  if (!resuming && (index > 0 || !spec.actions.empty()) &&
      model_.contact) {  // step 0 was checked at build
    std::string problem =
        model_.contact->preflight(model_.nodes, time_, index == 0 && !deck_.reached_state);
    if (decomposition_) problem = decomposition_->first_problem(problem);
    if (!problem.empty()) {
      totals_.gave_up = true;
      totals_.give_up_reason = start_problem(spec, problem);
      sample(observer);
      return false;
    }
  }
  return true;
}

void Analysis::checkpoint_if_due(AnalysisObserver& observer, int index, double next_dt,
                                 double previous_error) {
  if (options_.checkpoint_every > 0 && time_ >= next_checkpoint_ * (1 - 1e-12)) {
    while (next_checkpoint_ <= time_ * (1 + 1e-12)) next_checkpoint_ += options_.checkpoint_every;
    write_checkpoint(observer, index, next_dt, previous_error);
  }
}

// The step's time steps run in the time loop shared with the explicit driver
// (time_loop.hpp), with Newmark–Newton as the integrator (implicit_stepper.hpp).
bool Analysis::run_analysis_step(int index, AnalysisObserver& observer) {
  if (!begin_analysis_step(index, observer)) return false;
  Stepper stepper(*this, index, observer);
  TimeLoop loop(deck_, model_, observer, totals_.output_seconds);
  if (!loop.run(stepper, time_, deck_.steps[static_cast<std::size_t>(index)].end_time))
    return false;
  stepper.finish();
  return true;
}

}  // namespace polydem

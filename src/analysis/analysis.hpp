// The analysis driver: runs the deck's steps in order, each a sequence of
// Newmark time steps (or pseudo-time increments in a static step) solved by
// Newton–Raphson, with adaptive Δt, rejection and retry (paper §2.6), output
// samples at fixed times independent of Δt, and a clean stop when Δt would
// fall below its minimum. The time steps of an analysis step run in the time
// loop it shares with the explicit driver (time_loop.hpp), with Newmark–Newton
// as the integrator (implicit_stepper.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "solvers/evaluation_kind.hpp"
#include "src/analysis/checkpoint_parts.hpp"
#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/model.hpp"
#include "src/analysis/progress_record.hpp"
#include "src/analysis/run_energy.hpp"
#include "src/core/state_stream.hpp"
#include "src/deck/deck_data.hpp"

namespace polydem {
class DomainDecomposition;
}  // namespace polydem

namespace polydem {

struct RunOptions {
  int threads = 1;
  bool progress = false;        ///< a progress line on stderr, rewritten in place
  double progress_every = 0;    ///< s of wall time between progress records on stderr; 0: none
  double checkpoint_every = 0;  ///< s of simulated time between checkpoints; 0: none
  std::string checkpoint_path;  ///< where checkpoints go (replaced each time)
  /// Whether this process writes the checkpoints (under domain decomposition every process
  /// writes its contact part beside checkpoint_path, and process 0 the checkpoint).
  bool writes_checkpoints = true;
  std::uint64_t deck_fingerprint = 0;  ///< identifies the deck a checkpoint belongs to
};

/// What one accepted time step did.
struct StepRecord {
  int analysis_step = 0;  ///< index into DeckData::steps
  double time = 0;        ///< t_{i+1}
  double dt = 0;
  double load_factor = 1;  ///< gravity factor at t_{i+1} (ramped in static steps)
  int newton_iterations = 0;
  int rejected_attempts = 0;  ///< attempts rejected before this one succeeded
  std::vector<double> residual_norms;
  int night_owls = 0;  ///< re-solves of this step for night-owl contacts (§2.6.3)
  /// Per residual evaluation: what led to it and the halvings of the correction before it.
  std::vector<EvaluationKind> evaluation_kinds;
  std::vector<int> correction_halvings;
  /// The energy account after the step (the implicit driver's; default otherwise).
  MonitorValues energy;
};

/// The largest size each structure that grows with the model had at an accepted step, in
/// bytes, on this process (summary.json's memory).
struct StructureBytes {
  double assembly = 0;           ///< the assembly's maps and buffers, the tangent aside
  double contact_histories = 0;  ///< ContactSet::memory's parts
  double contact_pairs = 0;
  double candidate_data = 0;
  double search_lists = 0;
};

struct RunTotals {
  long accepted_steps = 0;
  long rejected_steps = 0;
  long impact_shortened_steps = 0;  ///< attempts shortened before Newton for a foreseen impact
  long newton_iterations = 0;
  long night_owl_resolves = 0;
  /// Convex step: pairs an attempt's end crossed, frozen and solved again (convex_analysis.hpp).
  long crossings_frozen = 0;
  /// Accepted steps whose Newton solve ended an active-set cycle (NewtonReport::active_set_cycled).
  long active_set_cycles = 0;
  /// Linear solves an iterative back end handed to its direct fallback
  /// (LinearSolver::take_fallbacks).
  long linear_solver_fallbacks = 0;
  long largest_tangent_entries = 0;   ///< stored entries of the largest tangent assembled
  long largest_contact_elements = 0;  ///< contact pair elements at the busiest accepted step
  StructureBytes largest_structures;
  std::map<std::string, long> rejections;  ///< rejected attempts by cause (the failure message)
  double final_time = 0;
  double assembly_seconds = 0;
  double linear_solve_seconds = 0;
  double contact_seconds = 0;        ///< search, candidate set-up, end-of-step checks, commit
  double decomposition_seconds = 0;  ///< balance, ghosts, contact totals over the processes
  double output_seconds = 0;         ///< the observer's calls
  double total_seconds = 0;
  std::string decomposition_report;  ///< JSON, under domain decomposition on process 0
  bool gave_up = false;
  std::string give_up_reason;
  /// Why the results are not to be trusted although the run completed
  /// (the energy balance drifted, checks.energy_drift): exit code 4.
  std::vector<std::string> warnings;
  double energy_scale = 0;  ///< J: the most energy the run moved (run_energy.hpp)
};

/// Receives the run's events; output writers and tests implement it.
class AnalysisObserver {
 public:
  virtual ~AnalysisObserver() = default;
  /// Once, before the run's first event, after resume() when there is one: an
  /// output writer opens its files here, not before, so that a restart that is
  /// refused leaves the output folder as it was.
  virtual void run_started(const Model& /*model*/) {}
  virtual void step_accepted(const Model& /*model*/, const StepRecord& /*record*/) {}
  /// A sample of the converged state at an output time (the initial state included).
  virtual void sample(const Model& /*model*/, double /*time*/) {}
  /// Whether it reads each active contact's record (a contacts VTU, per-body contact
  /// resultants) at an accepted step (`sample`: one that ends on an output time). Where
  /// none does, the records are not made (a third of the contacts' memory at a settled
  /// pack's 13 contacts per body); under domain decomposition the first process gathers
  /// them when any process's observer does, which at 10^4 bodies costs it more memory
  /// than its share of the model. An observer that does not say is given them all.
  virtual bool reads_contact_records(const Model& /*model*/, bool /*sample*/) const { return true; }
  virtual void finished(const Model& /*model*/, const RunTotals& /*totals*/) {}
  /// Called before each checkpoint: write out what has been reported so far, so
  /// that a run killed after the checkpoint leaves its logs complete up to it
  /// and the restarted run's logs continue them without a gap.
  virtual void persist() {}
  /// Checkpoints: what the observer accumulates over the run (written after persist()).
  virtual void write_state(StateWriter& /*out*/) const {}
  virtual void read_state(StateReader& /*in*/, const Model& /*model*/) {}
};

/// Observes nothing: a process that writes no output, a run whose results are read
/// from the model afterwards.
class SilentObserver final : public AnalysisObserver {
 public:
  bool reads_contact_records(const Model& /*model*/, bool /*sample*/) const override {
    return false;
  }
};

class Analysis {
 public:
  /// `decomposition`: how the run is split among processes (src/parallel's
  /// make_domain_decomposition); null: each process runs all of it.
  Analysis(Model& model, const DeckData& deck, RunOptions options,
           std::unique_ptr<DomainDecomposition> decomposition);
  Analysis(Model& model, const DeckData& deck, RunOptions options);
  ~Analysis();
  RunTotals run(AnalysisObserver& observer);
  /// Before run(): continue from a checkpoint written by a run of the same deck
  /// (model, contact, observer and step control as they were), so that the run
  /// gives bitwise the results of the uninterrupted one on as many processes as
  /// wrote it; on another number of processes the bodies are partitioned afresh
  /// (results then differ as partitions do, in the last digits). InputError for a
  /// file that is no checkpoint of this deck. Under domain decomposition every process calls it.
  void resume(const std::string& checkpoint_file, AnalysisObserver& observer);

  /// Where the analysis stands: its time, the index of the step it is in (or starts next)
  /// and, after resume(), the Δt it goes on with (0 before any).
  struct Position {
    double time = 0;
    int step = 0;
    double next_dt = 0;
  };
  Position position() const { return {time_, first_step_, resume_dt_}; }

 private:
  class Stepper;  ///< the integrator of one analysis step (implicit_stepper.hpp)
  bool run_analysis_step(int index, AnalysisObserver& observer);
  /// The actions of analysis step `index`, consistent accelerations and the
  /// pre-flight check; false when the run cannot go on.
  bool begin_analysis_step(int index, AnalysisObserver& observer);
  /// After an accepted step: a checkpoint when one is due.
  void checkpoint_if_due(AnalysisObserver& observer, int index, double next_dt,
                         double previous_error);
  void write_checkpoint(AnalysisObserver& observer, int index, double next_dt,
                        double previous_error);
  /// The contact part of a checkpoint: each process's contact state (under domain
  /// decomposition in files of their own, listed) and where the bodies were placed. Collective.
  void write_contact_checkpoint(StateWriter& out);
  void read_contact_checkpoint(StateReader& in, const std::string& checkpoint_file);
  double step_start_time(int index) const;
  /// A sample of the current state (under domain decomposition with every contact on process 0).
  void sample(AnalysisObserver& observer);
  /// Frees the contacts' records of the state at rest (the start, an analysis step's
  /// actions) where the observer reads none before the next step makes them again.
  void drop_unread_records(const AnalysisObserver& observer);
  /// Whether any process's observer reads the contacts' records at this state (`sample`:
  /// one that ends on an output time); collective under domain decomposition, where the
  /// first process gathers every process's records for its output.
  bool records_read(const AnalysisObserver& observer, bool sample);

  Model& model_;
  const DeckData& deck_;
  RunOptions options_;
  RunTotals totals_;
  double time_ = 0;
  int first_step_ = 0;       ///< the analysis step run() starts with
  double resume_dt_ = 0;     ///< > 0: run() resumes inside first_step_ with this Δt
  double resume_error_ = 0;  ///< and with this last accepted error (the PI controller's memory)
  double next_checkpoint_ = 0;
  std::unique_ptr<DomainDecomposition> decomposition_;  ///< null: each process runs all of it
  CheckpointParts checkpoint_parts_;  ///< this process's contact parts under domain decomposition
  RunEnergy energy_;  ///< the energy account, and the scale the energy checks measure against
  ProgressRecord progress_record_;
};

}  // namespace polydem

// Writes a run's files into the output directory:
//   monitor.csv        one row per accepted step (energies, work, momenta, Newton iterations)
//   newton.csv         one row per residual evaluation of the accepted steps' Newton solves,
//                      so that the convergence rate can be read off any step
//   results.pvd        the time series of samples, with one vtk/bodies_NNNNNN.vtu per sample
//   summary.json       final body and rigid-node states, rigid-node constraint reactions,
//                      run totals, with contact the steps against an explicit
//                      integrator's and, with contact.domain, the bodies that left it
//                      (written at the end, also on give-up)
// Every file is written whole or not at all (see src/io/atomic_file.hpp).
// The files are opened when the run starts, after a restart has read its
// checkpoint: restarted into the folder of the checkpointed run, the run
// continues its files from the checkpoint (output_history.hpp).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "src/analysis/analysis.hpp"
#include "src/analysis/energy_monitor.hpp"
#include "src/analysis/explicit_step_tally.hpp"
#include "src/analysis/output_history.hpp"
#include "src/core/wrench.hpp"

namespace polydem {

class CsvLog;
class PvdCollection;

class RunOutput final : public AnalysisObserver {
 public:
  RunOutput(const std::filesystem::path& directory, const Model& model, const DeckData& deck);
  ~RunOutput() override;

  void run_started(const Model& model) override;
  void step_accepted(const Model& model, const StepRecord& record) override;
  void sample(const Model& model, double time) override;
  /// The tracked bodies' table and the fixed bodies' reactions read them at every step,
  /// the contacts VTU at samples.
  bool reads_contact_records(const Model& model, bool sample) const override;
  void finished(const Model& model, const RunTotals& totals) override;
  void persist() override;
  void write_state(StateWriter& out) const override;
  /// Opens the files, continuing those of the checkpointed run when restarted into its
  /// folder; InputError when they are not as they were at the checkpoint.
  void read_state(StateReader& in, const Model& model) override;

  /// After a restart into another folder than the checkpointed run's: where the
  /// output before the checkpoint is (one line); empty otherwise.
  const std::string& restart_note() const { return restart_note_; }

 private:
  void open_new(const Model& model);
  void make_collections(const Model& model);
  void continue_history(const Model& model, const OutputHistory& history);
  void check_history(const OutputHistory& history) const;
  /// A .pvd file and the kind of .vtu files it lists.
  struct Series {
    PvdCollection* collection;
    const char* kind;  ///< vtk/<kind>_NNNNNN.vtu
  };
  std::vector<Series> all_series() const;
  std::filesystem::path sample_file(const char* kind, std::size_t index) const;
  void write_summary(const Model& model, const RunTotals& totals) const;

  std::filesystem::path directory_;
  const DeckData& deck_;
  std::unique_ptr<CsvLog> monitor_csv_;
  std::unique_ptr<CsvLog> newton_csv_;
  std::unique_ptr<PvdCollection> pvd_;
  std::unique_ptr<PvdCollection> contact_pvd_;  ///< contacts.pvd, when the model has contact
  std::unique_ptr<PvdCollection>
      surfaces_pvd_;  ///< surfaces.pvd, when asked for and the model has shapes
  std::vector<std::string> monitor_columns_;
  std::vector<std::size_t> tracked_;       ///< output.bodies, in model order
  std::vector<std::string> body_columns_;  ///< of bodies.csv
  /// The tracked bodies' table or a fixed body's reaction reads contact records every step.
  bool reads_records_every_step_ = false;
  std::unique_ptr<CsvLog> bodies_csv_;          ///< bodies.csv, when output.bodies names any
  MonitorValues last_energy_;                   ///< of the last accepted step
  std::vector<Wrench<double>> last_reactions_;  ///< of the last accepted step (reaction_names)
  double last_time_ = 0;                        ///< of the last accepted step
  std::vector<double> sample_times_;
  long rejected_steps_ = 0;
  ExplicitStepTally explicit_steps_;  ///< with contact: the run's steps against explicit ones
  std::string restart_note_;
};

}  // namespace polydem

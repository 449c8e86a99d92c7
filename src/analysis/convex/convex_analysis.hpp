// The convex step formulation (issue 31, `integrator: convex`) as a driver of
// the shared time loop (time_loop.hpp), beside the paper's Newmark–Newton
// (analysis.hpp) and the explicit baseline (explicit_analysis.hpp).
//
// One step from t_n over Δt:
//  1. the contact set searches at t_n (begin_step), inflated by each body's
//     travel at its velocity of t_n;
//  2. the contacts within the skin plus the step's reach are frozen at t_n
//     (contact/convex/frozen_contact.hpp) and the velocities at t_{n+1}
//     minimise the step's convex function (convex_step.hpp), the dashpots and
//     friction bounds held at t_n's gaps (`law_passes` > 1: held again at the
//     minimum and minimised once more);
//  3. positions follow the velocities: x_G += Δt v_G, Q ← exp(Δt ω) Q. When a
//     body travelled farther than the reach, the contacts are frozen again with
//     the larger reach and step 2 repeats;
//  4. the contact set checks the state reached (check_converged): penetration
//     (§2.4.7) rejects the attempt, which is repeated with Δt/2; night-owl
//     contacts (§2.6.3) are added and step 2 repeats;
//  5. (after 6.) commit books the contacts at t_{n+1}; their friction histories
//     are the convex step's own elastic tangential gaps (given_friction.hpp), so
//     that the spring energy the run carries is the one the step booked.
//  6. the step's error, the contacts' stored energy on the real geometry against
//     the linearised one (dt.relative_energy_tolerance of the energy the run
//     moved), accepts or rejects it and sets the next Δt: 0.9/√(error ratio)
//     times this one, at most twice it and dt.max. A step rejected for
//     penetration or a failed minimisation is halved.
//
// Free bodies and fixed bodies; no prescribed motion, rigid nodes or static
// steps (free_body_limits.hpp).
#pragma once

#include <limits>
#include <map>
#include <string>
#include <vector>

#include "src/analysis/analysis.hpp"
#include "src/analysis/convex/convex_step.hpp"
#include "src/analysis/run_energy.hpp"
#include "src/analysis/time_loop.hpp"

namespace polydem {

struct ConvexSettings {
  ConvexSolveSettings solve;
  /// Minimisations per step, the law's held state refreshed between them. One: two
  /// took 62 % more Newton iterations on the flagship for no better ledger.
  int law_passes = 1;
  int threads = 1;  ///< for the contact search and bookkeeping
  /// Checkpoints (checkpoint_every, checkpoint_path, deck_fingerprint); the progress
  /// settings are not read.
  RunOptions run;
};

struct ConvexTotals {
  long steps = 0;
  long rejected_steps = 0;
  std::map<std::string, long> rejections;  ///< rejected attempts by cause
  long newton_iterations = 0;
  long night_owl_reevaluations = 0;
  /// Pairs that an attempt's end crossed, frozen and solved again instead of a rejection.
  long crossings_frozen = 0;
  double start_time = 0;
  double final_time = 0;
  double wall_seconds = 0;
  double contact_seconds = 0;  ///< search, freezing, checks, commit
  bool gave_up = false;
  std::string give_up_reason;
  RunTotals summary;  ///< what the observer was given at the end
};

/// A body's state about its centre of mass, world axes.
struct CentreState {
  Vec3 centre = Vec3::Zero();
  Vec3 velocity = Vec3::Zero();
  Eigen::Quaterniond orientation = Eigen::Quaterniond::Identity();
  Vec3 angular_velocity = Vec3::Zero();
};

/// InputError when the model has what the convex step does not support (`polydem
/// check` and the driver's constructor).
void check_convex_model(const Model& model, const DeckData& deck);

class ConvexAnalysis : private TimeIntegrator {
 public:
  /// InputError when the model has what the convex step does not support.
  ConvexAnalysis(Model& model, const DeckData& deck, ConvexSettings settings);

  /// Before run(): continue from a checkpoint this driver wrote for the same deck
  /// (convex_checkpoint.cpp), bitwise as the uninterrupted run goes on. InputError
  /// naming the file when it is no such checkpoint.
  void resume(const std::string& checkpoint_file, AnalysisObserver& observer);
  ConvexTotals run(AnalysisObserver& observer);
  /// Where a resumed run stands (`polydem export-state` of a checkpoint).
  Analysis::Position position() const { return {time_, first_step_, dt_}; }

 private:
  bool run_analysis_step(int index, AnalysisObserver& observer);
  Landing landing() const override { return Landing::ExactTimes; }
  double proposed_step() const override { return dt_; }
  bool attempt(const TimeStep& step) override;
  Retry rejected(const TimeStep& step) override;
  StepRecord accept(const TimeStep& step, bool sampling) override;
  void gave_up(const std::string& reason) override;
  void after_report(const StepRecord& record) override;

  /// Written after an accepted step, whole or not at all (convex_checkpoint.cpp).
  void write_checkpoint(AnalysisObserver& observer);
  void write_state(StateWriter& out) const;
  void read_state(StateReader& in, const std::string& file);

  void read_states();
  void set_bodies(double time, double dt);
  double travel_reach(const Eigen::VectorXd& velocities, double dt) const;
  void freeze(const StepContext& at_i, double reach);
  bool freeze_crossing(const StepContext& at_i, const TimeStep& step);
  bool solve();
  bool accurate(const TimeStep& step);
  /// Notes why the attempt failed; false.
  bool fail(const char* why);
  void start_nodes();
  StepVerdict check(const TimeStep& step);
  void move_bodies(double dt);
  StepContext contact_context(double time, double dt, const Eigen::VectorXd& increments) const;
  void store_nodes(double dt);

  Model& model_;
  const DeckData& deck_;
  ConvexSettings settings_;
  ConvexTotals totals_;
  ConvexStep step_;
  RunEnergy energy_;
  double time_ = 0;
  double dt_ = 0;
  const StepSpec* spec_ = nullptr;
  std::vector<char> free_;             ///< per body: moves (else fixed)
  std::vector<CentreState> state_;     ///< at t_n
  std::vector<CentreState> trial_;     ///< the attempt at t_{n+1}
  std::vector<NodeState> step_start_;  ///< pose at t_n; velocities: the step's mean
  Eigen::VectorXd velocities_;         ///< the unknowns of the last minimisation
  Eigen::VectorXd start_velocities_;   ///< V_n of the free bodies
  ConvexStepWork attempt_work_;        ///< the account of the attempt that passed its checks
  BookedDissipation booked_;
  GivenFrictionStates friction_states_;  ///< the step's, for the contact set's histories
  /// A candidate the attempt's end crossed (element, index), frozen at t_n.
  struct CrossedPair {
    const ContactPairElement* element;
    int candidate;
    FrozenContact frozen;
  };
  /// Frozen beside collect_near's contacts in every round of the attempt.
  std::vector<CrossedPair> crossed_;
  Eigen::VectorXd increments_;
  Eigen::VectorXd zero_increments_;
  int analysis_step_ = 0;
  int attempt_iterations_ = 0;
  int attempt_night_owls_ = 0;
  int rejections_in_row_ = 0;
  double error_ratio_ = 0;    ///< the last attempt's error over its tolerance
  const char* failure_ = "";  ///< why the last attempt failed
  double output_seconds_ = 0;
  RunTotals structures_;  ///< the largest structures over the accepted steps (tally_structures)
  AnalysisObserver* observer_ = nullptr;  ///< the run's, for checkpoints
  double next_checkpoint_ = 0;            ///< the time of the next checkpoint
  int first_step_ = 0;                    ///< the analysis step the run starts in
  bool resuming_ = false;  ///< the first step continues a checkpoint's: no start of it
};

}  // namespace polydem

// Everything contact in one analysis (paper §2.5–2.6): the bodies' shapes and
// groups, the boundaries, the interaction laws per pair of groups, the contact
// elements of the current step and the friction histories between steps.
//
// Per time step:
//  1. begin_step: search at the converged configuration i with bounding volumes
//     inflated by the distance each body may travel in Δt (§2.5.1, §2.6.3);
//     the candidates and their configuration-i data go into one element per
//     body pair (or body–boundary pair). The search is the fast one of
//     contact/search/contact_search.hpp (linked cells, sub-region hierarchies,
//     Verlet lists), or the all-pairs reference.
//  2. Newton runs; admissible() rejects trial iterates that would cross a
//     barrier, so the solver backtracks instead of jumping through a body.
//  3. check_converged: the penetration safeguard of §2.4.7 (reversed normals,
//     points inside) and a second search at i+1 for night-owl contacts
//     (§2.6.3): an active contact that was no candidate makes the step re-solve.
//  4. commit: friction histories (eqs. 57–58), the energy ledger (per contact
//     and run totals) and the snapshot for output; energy_step previews the
//     ledger's part of a step without committing it.
// Nothing here is changed by a rejected step: histories move only in commit.
//
// Under domain decomposition (contact_partition.hpp) each process searches,
// evaluates and commits only its own pairs; its snapshot is its part, and the
// process that joins the parts sets the whole one with set_whole_snapshot.
//
// ContactSet is a facade; each job is a class of contact/set/:
//   ContactScene     bodies, boundaries, groups, sizes, trees, laws; placing one object
//   SearchStage      placing the scene for a search (or a partition's part), the search
//   PairStore        the step's elements, one per pair, sorted by pair
//   CandidateData    a candidate's configuration-i data, with its friction history
//   CrossingChecks   admissible iterates and crossings at the end of a step (§2.4.7)
//   NightOwlCheck    the second search at i+1 (§2.6.3)
//   Preflight        the check of a configuration before an analysis step
//   initial_wrenches the contact forces of a configuration at rest
//   StepLedger       histories, energy ledger and snapshot of the accepted state
//   DomainWatch      bodies leaving the contact domain
//   contact_checkpoint  checkpoints and histories moving between processes
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "contact/boundary_surface.hpp"
#include "contact/contact_partition.hpp"
#include "contact/law/interaction_table.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "contact/search/candidate_set.hpp"
#include "contact/search/contact_search.hpp"
#include "contact/search/search_scene.hpp"
#include "contact/set/candidate_data.hpp"
#include "contact/set/contact_scene.hpp"
#include "contact/set/contact_snapshot.hpp"
#include "contact/set/crossing_checks.hpp"
#include "contact/set/domain_watch.hpp"
#include "contact/set/given_friction.hpp"
#include "contact/set/night_owl_check.hpp"
#include "contact/set/pair_store.hpp"
#include "contact/set/preflight.hpp"
#include "contact/set/search_stage.hpp"
#include "contact/set/step_ledger.hpp"
#include "src/core/state_stream.hpp"
#include "src/core/wrench.hpp"

namespace polydem {

/// What the contact set holds, in bytes: the structures that grow with the contacts.
struct ContactMemory {
  std::size_t histories = 0;       ///< the accepted friction and ledger histories
  std::size_t pair_elements = 0;   ///< the step's pair elements with their candidates
  std::size_t candidate_data = 0;  ///< the candidates' configuration-i data
  std::size_t search_lists = 0;    ///< the search's lists, cells and buffers
};

class ContactSet final {
 public:
  ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
             InteractionTable interactions, SearchSettings search);
  ~ContactSet();
  ContactSet(const ContactSet&) = delete;
  ContactSet& operator=(const ContactSet&) = delete;

  /// Search at configuration i for the step in ctx; true when the element set changed.
  bool begin_step(const StepContext& ctx);
  /// Begins a shorter attempt at the step begin_step last searched, before any
  /// iteration ran on the longer one (an attempt the impact forecast cut short):
  /// its candidates still cover the step, since no body travels farther in less
  /// time from the same state. False, keeping nothing, when a boundary moves
  /// (its speed at i is the searched step's mean) or ctx's step is not shorter;
  /// the caller then runs begin_step.
  bool keep_search(const StepContext& ctx);
  std::span<const Element* const> elements() const { return pairs_.element_views(); }
  /// The same elements as contact pairs, for what needs their contacts rather
  /// than a residual and tangent (the explicit integrator's forces).
  std::span<const ContactPairElement* const> pair_elements() const { return pairs_.pair_views(); }

  /// False when `trial` crosses a barrier that `current` respects, or shrinks an
  /// active gap below a tenth in one iterate.
  bool admissible(const StepContext& current, const StepContext& trial) const;
  /// The largest Δt ≤ ctx.dt whose impacts, foreseen at configuration i of the step
  /// begun (impact_forecast.hpp), cost at most `budget` (J) of energy-balance error.
  /// Its contacts are held for this call only, not at the step's later peak heap.
  double impact_limited_step(const StepContext& ctx, double budget) const;

  /// After Newton converged to ctx. NightOwl adds the missed candidates; then
  /// elements_changed() tells whether the sparsity pattern must be rebuilt.
  StepVerdict check_converged(const StepContext& ctx);
  bool elements_changed() const { return elements_changed_; }

  /// Accepts the converged state ctx: histories and snapshot, the snapshot's
  /// per-contact records only `with_records` (its totals always): a run whose
  /// outputs do not read them at this state spares their memory and time.
  /// `given`: the friction histories an integrator other than the paper's leaves
  /// (given_friction.hpp), which the accepted state takes instead of its own update.
  void commit(const StepContext& ctx, bool with_records = true,
              const GivenFrictionStates* given = nullptr);
  /// The contacts' part of the energy balance of the step to the converged
  /// state ctx, as commit would book it, without committing; summed over the
  /// processes under a ContactPartition (a collective call there).
  ContactEnergyStep energy_step(const StepContext& ctx) const;

  /// Pre-flight check of a configuration (start of an analysis step): bodies that
  /// intersect, lie inside one another or closer than the barrier gap f·ḡ_n of
  /// their law, against each other or a boundary. The problem, naming both and
  /// their distance, or empty. The barrier law cannot start from such a state.
  /// Between steps of a run (`initial_placement` false) contacts deep in the
  /// barrier zone are a state the run reached (the paper's packs reach 0.001 ḡ_n),
  /// so only crossings are problems there (a boundary added across a body).
  std::string preflight(std::span<const NodeState> nodes, double time,
                        bool initial_placement = true);

  /// The contact forces on each body (moment about its pole) in the configuration
  /// `nodes` at `time`, without damping: the contact part of consistent initial
  /// accelerations. Runs a search, so the next begin_step starts afresh, and
  /// leaves these contacts in the snapshot and, unless already known, in the
  /// histories (without friction history): their events begin at `time`.
  std::vector<Wrench<double>> contact_wrenches(std::span<const NodeState> nodes, double time);

  /// Re-decides every element's engaged contacts at ctx (active-set Newton, see
  /// contact_pair_element.hpp); `tolerance` (N) is the force below which a
  /// contact's state is not switched. True when any set changed.
  bool update_engaged(const StepContext& ctx, double tolerance) {
    return pairs_.update_engaged(ctx, tolerance);
  }
  /// A hash of the engaged contacts (bodies and sub-regions), a sum over them,
  /// so that processes can add theirs: equal sets give equal values.
  std::uint64_t engaged_signature() const { return pairs_.engaged_signature(); }

  // ---- actions between analysis steps ----
  /// Index of the boundary with this name, or -1.
  int boundary_index(const std::string& name) const { return scene_.boundary_index(name); }
  /// Index of the contact group with this name, or -1.
  int group_index(const std::string& name) const { return scene_.group_index(name); }
  void set_group_names(std::map<std::string, int> groups) {
    scene_.set_group_names(std::move(groups));
  }
  /// A boundary starts or stops taking part in contact.
  void set_boundary_active(int boundary, bool active);
  /// The friction of an interaction off or on; elements are rebuilt with the new laws.
  void set_friction_enabled(int group_a, int group_b, bool enabled);

  /// Checkpoints: friction histories, the energy ledger and the boundary
  /// reactions of the last accepted state (elements are rebuilt by begin_step).
  void write_state(StateWriter& out) const;
  /// The bytes write_state puts now.
  std::size_t state_bytes() const;
  void read_state(StateReader& in);
  /// No histories, a zero ledger and no night owls: what add_state adds to.
  void clear_state();
  /// Frees the snapshot's per-contact records (its totals stay): no output reads them
  /// before the next commit makes them again.
  void drop_records() { ledger_.snapshot().contacts = std::vector<ContactRecord>(); }
  /// Adds what write_state wrote: its histories, and `with_ledger` its ledger, reactions and
  /// night-owl count. The parts of several processes' checkpoints added together, the
  /// ledgers on one process only, continue the run on another number of processes.
  void add_state(StateReader& in, bool with_ledger);

  /// The contacts of the last accepted state; under domain decomposition, the
  /// whole snapshot last set (or this process's part before any was set).
  const ContactSnapshot& snapshot() const {
    return whole_snapshot_ ? *whole_snapshot_ : ledger_.snapshot();
  }
  const std::vector<BoundarySurface>& boundaries() const { return scene_.boundaries(); }
  const std::vector<ContactBody>& bodies() const { return scene_.bodies(); }
  long night_owls() const { return night_owl_check_.count(); }

  /// Threads for the search and the per-candidate work (results do not depend on it).
  void set_threads(int threads) { scene_.set_threads(threads); }
  const SearchSettings& search_settings() const { return scene_.settings(); }
  const SearchStatistics& search_statistics() const { return search_.statistics(); }
  const DomainReport& domain_report() const { return domain_watch_.report(); }

  /// The candidates of the configuration at the end of ctx's step (inflated
  /// by the travel over the step when `inflate`): what begin_step and the
  /// night-owl check work from. For tests and benchmarks.
  const CandidateSet& find_candidates(const StepContext& ctx, bool inflate) {
    return search_.find_candidates(ctx, inflate);
  }

  // ---- domain decomposition (contact_partition.hpp) ----
  /// From now on search and keep only this process's part; nullptr: every body
  /// (the default). The partition must outlive its use.
  void set_partition(const ContactPartition* partition) { search_.set_partition(partition); }
  /// Body `body` placed for a search of ctx's step: at configuration i inflated
  /// by its travel over the step, or (not inflated) at the end of the step.
  SearchObject placed_body(const StepContext& ctx, int body, bool inflate) const {
    return scene_.body_object(ctx, body, inflate);
  }
  /// Every body placed for a search of ctx's step, whatever the partition (to choose ghosts).
  SearchScene every_body(const StepContext& ctx, bool inflate) {
    return search_.every_body(ctx, inflate);
  }
  /// This process's part of the snapshot (all of it without a partition).
  const ContactSnapshot& own_snapshot() const { return ledger_.snapshot(); }
  /// The snapshot of every process's contacts, which snapshot() returns from now on.
  void set_whole_snapshot(ContactSnapshot whole) { whole_snapshot_ = std::move(whole); }
  /// Moves the friction histories of the pairs headed by the bodies `leaves`
  /// selects into `out`: their pairs go to another process.
  void export_histories(const std::function<bool(int body)>& leaves, StateWriter& out);
  /// Drops the friction histories of the pairs headed by the bodies `leaves` selects.
  void drop_histories(const std::function<bool(int body)>& leaves) {
    std::erase_if(ledger_.histories(),
                  [&](const auto& entry) { return leaves(entry.first.body_a); });
  }
  /// Adds the histories written by export_histories.
  void import_histories(StateReader& in);

  /// Bytes held now by the histories, the pair elements, their candidates' data and the
  /// search's lists (summary.json's memory).
  ContactMemory memory() const;

  /// The histories of the accepted state (what `polydem export-state` saves).
  const ContactHistories& histories() const { return ledger_.histories(); }
  /// Why `key` cannot be a contact of this scene (a body or boundary index out of range, a
  /// sub-region its shape does not have), or empty.
  std::string history_key_problem(const ContactKey& key) const;
  /// Replaces the histories before the first step (a deck's contact.history_file); every key
  /// must pass history_key_problem.
  void set_histories(ContactHistories histories) { ledger_.histories() = std::move(histories); }

 private:
  ContactScene scene_;
  SearchStage search_;
  PairStore pairs_;
  StepLedger ledger_;
  CandidateData candidate_data_;
  CrossingChecks crossing_checks_;
  NightOwlCheck night_owl_check_;
  Preflight preflight_;
  DomainWatch domain_watch_;
  Eigen::VectorXd zero_increments_;  ///< configuration i of the current step
  double searched_time_ = 0;         ///< the end of the step begin_step searched
  double searched_dt_ = 0;           ///< and its Δt
  bool elements_changed_ = false;
  std::optional<ContactSnapshot> whole_snapshot_;
};

}  // namespace polydem

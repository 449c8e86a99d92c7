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
#pragma once

#include <compare>
#include <functional>
#include <limits>
#include <map>
#include <memory>
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
#include "src/core/state_stream.hpp"
#include "src/core/wrench.hpp"

namespace polydem {

struct ContactBody {
  std::string name;
  std::shared_ptr<const Shape> shape;  ///< nullptr: the body takes no part in contact
  double mass = 0;
  int group = 0;
};

/// An axis-aligned box (m).
struct SearchBox {
  Vec3 min = Vec3::Zero();
  Vec3 max = Vec3::Zero();
  bool contains(const Vec3& x) const {
    return (x.array() >= min.array()).all() && (x.array() <= max.array()).all();
  }
};

enum class SearchMethod {
  Verlet,    ///< linked cells, sub-region hierarchies and Verlet lists (contact_search.hpp)
  AllPairs,  ///< the O(N²) reference (brute_force_search.hpp)
};

struct SearchSettings {
  /// Bounding volumes grow by travel_factor × (|v| Δt + |a| Δt²/2 + |ω| Δt R) plus minimum_margin.
  double travel_factor = 2.0;
  double minimum_margin = 0.0;  ///< m
  /// δ of the Verlet lists (m); ≤ 0: a tenth of the smallest body size.
  double verlet_margin = 0.0;
  double cell_size = 0.0;  ///< m; ≤ 0: the largest reach of a body pair
  /// Bodies whose pole leaves this box are reported (never dropped); none: no report.
  std::optional<SearchBox> domain;
  SearchMethod method = SearchMethod::Verlet;
};

/// Bodies that left SearchSettings::domain: one warning per exit (the first kMaxWarnings).
struct DomainReport {
  static constexpr long kMaxWarnings = 100;
  long exits = 0;       ///< times a body's pole went from inside the domain to outside
  int outside_now = 0;  ///< bodies outside at the last accepted state
  std::vector<std::string> warnings;
};

/// One contact's energy account (J) since its contact event began.
struct ContactLedger {
  double stored_energy = 0;         ///< Φ(g_n) + ε_t|g_t|²/2 at this state
  double damping_dissipation = 0;   ///< ∫ (f_n − p) dg_n, normal damping
  double friction_dissipation = 0;  ///< ∫ f_t·v_t dt − Δ(ε_t|g_t|²/2)
  double onset_speed = 0;           ///< approach speed −ġ_n when the event began (m/s)
};

/// One active pointwise contact of a converged state.
struct ContactRecord {
  int body_a = 0;
  int body_b = -1;    ///< -1 against a boundary
  int boundary = -1;  ///< boundary index, or -1
  Degeneration kind = Degeneration::VertexFace;
  PointwiseOutcome outcome;
  ContactLedger ledger;
};

/// What the contacts add to a step's energy balance (J).
struct ContactEnergyStep {
  double stored_change = 0;  ///< Δ of the stored energy
  double dissipated = 0;     ///< damping and friction dissipation in the step
  double boundary_work = 0;  ///< work of moving boundaries on the bodies in the step
  double switched = 0;       ///< energy brought in by contacts switching inside the skin
};

struct ContactSnapshot {
  std::vector<ContactRecord> contacts;
  int body_body = 0;
  int body_boundary = 0;
  std::vector<Vec3>
      boundary_reactions;  ///< per boundary: total contact force it exerts on the bodies
  std::vector<Vec3>
      boundary_moments;      ///< per boundary: moment of those forces about the world origin
  double stored_energy = 0;  ///< Σ Φ(g_n) + ε_t|g_t|²/2 over the active contacts (J)
  // Energy ledger since the start, trapezoidal in time over accepted steps (J):
  double damping_dissipation = 0;  ///< ∫ (f_n − p) dg_n, normal damping (eqs. 52–53)
  double friction_dissipation = 0;  ///< ∫ f_t·v_t dt − Δ(ε_t|g_t|²/2), sliding and released springs
  double boundary_work = 0;  ///< ∫ R·dx_b, work of moving boundaries on the bodies
  /// Normal energy brought in (or, negative, taken away) by contacts switching
  /// on or off inside the skin: hierarchy rules, validity hand-overs, contacts
  /// found twice. No Δt makes it smaller; it is no integration error.
  double switching_energy = 0;
  /// The smallest gap of the active contacts (m); ∞ without any.
  double closest_gap = std::numeric_limits<double>::infinity();
  /// The smallest critical step of central differences of the active contacts
  /// at their gaps (Interaction::critical_step, s): what an explicit integrator
  /// of the same model could take at this state; ∞ without contacts.
  double explicit_critical_step = std::numeric_limits<double>::infinity();
};

enum class StepVerdict { Accept, Penetration, NightOwl };

class ContactSet final : public CandidateSource {
 public:
  ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
             InteractionTable interactions, SearchSettings search);
  ~ContactSet();

  /// Search at configuration i for the step in ctx; true when the element set changed.
  bool begin_step(const StepContext& ctx);
  std::span<const Element* const> elements() const { return element_views_; }
  /// The same elements as contact pairs, for what needs their contacts rather
  /// than a residual and tangent (the explicit integrator's forces).
  std::span<const ContactPairElement* const> pair_elements() const { return pair_views_; }

  /// False when `trial` crosses a barrier that `current` respects, or shrinks an
  /// active gap below a tenth in one iterate.
  bool admissible(const StepContext& current, const StepContext& trial) const;

  /// After Newton converged to ctx. NightOwl adds the missed candidates; then
  /// elements_changed() tells whether the sparsity pattern must be rebuilt.
  StepVerdict check_converged(const StepContext& ctx);
  bool elements_changed() const { return elements_changed_; }

  /// Accepts the converged state ctx: histories and snapshot.
  void commit(const StepContext& ctx);
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
  bool update_engaged(const StepContext& ctx, double tolerance);
  /// A hash of the engaged contacts (bodies and sub-regions), a sum over them,
  /// so that processes can add theirs: equal sets give equal values.
  std::uint64_t engaged_signature() const;

  // ---- actions between analysis steps ----
  /// Index of the boundary with this name, or -1.
  int boundary_index(const std::string& name) const;
  /// Index of the contact group with this name, or -1.
  int group_index(const std::string& name) const;
  void set_group_names(std::map<std::string, int> groups) { group_ids_ = std::move(groups); }
  /// A boundary starts or stops taking part in contact.
  void set_boundary_active(int boundary, bool active);
  /// The friction of an interaction off or on; elements are rebuilt with the new laws.
  void set_friction_enabled(int group_a, int group_b, bool enabled);

  /// Checkpoints: friction histories, the energy ledger and the boundary
  /// reactions of the last accepted state (elements are rebuilt by begin_step).
  void write_state(StateWriter& out) const;
  void read_state(StateReader& in);

  /// The contacts of the last accepted state; under domain decomposition, the
  /// whole snapshot last set (or this process's part before any was set).
  const ContactSnapshot& snapshot() const { return whole_snapshot_ ? *whole_snapshot_ : snapshot_; }
  const std::vector<BoundarySurface>& boundaries() const { return boundaries_; }
  const std::vector<ContactBody>& bodies() const { return bodies_; }
  long night_owls() const { return night_owls_; }

  /// Threads for the search and the per-candidate work (results do not depend on it).
  void set_threads(int threads) { threads_ = threads; }
  const SearchSettings& search_settings() const { return settings_; }
  const SearchStatistics& search_statistics() const { return search_.statistics(); }
  const DomainReport& domain_report() const { return domain_report_; }

  /// The candidates of the configuration at the end of ctx's step (inflated
  /// by the travel over the step when `inflate`): what begin_step and the
  /// night-owl check work from. For tests and benchmarks.
  const CandidateSet& find_candidates(const StepContext& ctx, bool inflate);

  // ---- domain decomposition (contact_partition.hpp) ----
  /// From now on search and keep only this process's part; nullptr: every body
  /// (the default). The partition must outlive its use.
  void set_partition(const ContactPartition* partition);
  /// Body `body` placed for a search of ctx's step: at configuration i inflated
  /// by its travel over the step, or (not inflated) at the end of the step.
  SearchObject placed_body(const StepContext& ctx, int body, bool inflate) const {
    return body_object(ctx, body, inflate);
  }
  /// Every body placed for a search of ctx's step, whatever the partition (to choose ghosts).
  SearchScene every_body(const StepContext& ctx, bool inflate);
  /// This process's part of the snapshot (all of it without a partition).
  const ContactSnapshot& own_snapshot() const { return snapshot_; }
  /// The snapshot of every process's contacts, which snapshot() returns from now on.
  void set_whole_snapshot(ContactSnapshot whole) { whole_snapshot_ = std::move(whole); }
  /// Moves the friction histories of the pairs headed by the bodies `leaves`
  /// selects into `out`: their pairs go to another process.
  void export_histories(const std::function<bool(int body)>& leaves, StateWriter& out);
  /// Adds the histories written by export_histories.
  void import_histories(StateReader& in);

 private:
  struct Key {
    int body_a;
    int body_b;    ///< -1 for a boundary
    int boundary;  ///< -1 for a body
    SubRegion region_a;
    SubRegion region_b;
    auto operator<=>(const Key&) const = default;
  };
  struct History {
    Vec3 tangential_gap = Vec3::Zero();
    StickSlip status = StickSlip::Stick;
    Vec3 normal = Vec3::Zero();
    // The last accepted state, for the energy ledger:
    double gap = 0;            ///< g_n
    double damping_force = 0;  ///< f_n − p
    double normal_velocity = 0;
    Vec3 friction = Vec3::Zero();       ///< f_t
    Vec3 slip_velocity = Vec3::Zero();  ///< v_t
    double spring_energy = 0;           ///< ε_t|g_t|²/2 (J)
    double event_dashpot = 0;           ///< the event's ζ or c (restitution damping)
    ContactLedger ledger;               ///< since the contact event began, with its onset speed
  };
  /// What commit makes of a converged state.
  struct Settlement {
    std::map<Key, History> histories;
    ContactSnapshot snapshot;
  };
  using PairId = BodyPair;
  using ElementSlot = std::pair<PairId, std::unique_ptr<ContactPairElement>>;

  static void write_history(StateWriter& out, const Key& key, const History& history);
  static std::pair<Key, History> read_history(StateReader& in);

  /// The pair's laws (b = -1 with a boundary). Not thread-safe (the table builds laws on first
  /// use).
  std::shared_ptr<const Interaction> pair_law(const PairId& id) const;

  /// Places the bodies to search (every one, or the partition's) and every
  /// boundary for a search of ctx's step.
  SearchScene scene(const StepContext& ctx, bool inflate);
  void place_boundaries(const StepContext& ctx, bool inflate);
  /// The partition's searched bodies' groups and sizes, when its lists changed.
  void follow_partition();
  /// A pair of a search on the partition's scene with body numbers for its positions.
  PairId body_numbers(PairId searched) const;
  SearchObject body_object(const StepContext& ctx, int body, bool inflate) const;
  SearchObject boundary_object(const StepContext& ctx, int boundary, bool inflate) const;
  std::unique_ptr<ContactPairElement> make_element(const PairId& id) const;
  ContactPairElement* find_element(const PairId& id) const;
  PointwiseStepData step_data(const ContactPairElement& element, const StepContext& at_i,
                              const SubRegion& region_a, const SubRegion& region_b) const override;
  StepContext configuration_i(const StepContext& ctx) const;
  StepContext at_rest(std::span<const NodeState> nodes, double time,
                      const Eigen::VectorXd& zero) const;
  bool any_crosses(const StepContext& from, const StepContext& to, double gap_reduction) const;
  bool any_surfaces_cross(const StepContext& ctx);
  /// How far any point of a body (or boundary) at ctx can be from where the
  /// step's search placed it.
  double travel_since_search(const StepContext& ctx, int body, int boundary) const;
  /// A pair the step's search did not find, whose sides have moved less than
  /// its skin since: its surfaces cannot meet at ctx.
  bool unfound_pair_apart(const StepContext& ctx, const PairId& id) const;
  bool crossed_during_step(const ContactPairElement& element, const StepContext& at_i,
                           const SubRegionPair& regions) const;
  bool night_owl_newcomers(const StepContext& ctx, const StepContext& at_i,
                           const CandidatePair& pair, const ContactPairElement& element,
                           std::vector<PointwiseStepData>& newcomers) const;
  std::string pair_problem(const SearchScene& placed, const PairId& id, double skin,
                           double barrier_gap) const;
  std::string side_name(int body, int boundary) const;
  void refresh_views();
  /// Reports bodies whose pole at the end of ctx's step has left the domain.
  void note_domain_exits(const StepContext& ctx);
  using ElementOutcomes = std::vector<std::pair<ActiveContact, PointwiseOutcome>>;
  std::vector<ElementOutcomes> evaluate_active(const StepContext& ctx) const;
  Settlement settle(const StepContext& ctx) const;
  void note_explicit_step(const ContactPairElement& element, const StepContext& ctx,
                          const ElementOutcomes& outcomes, ContactSnapshot& next) const;
  /// Φ(g) of the element's law inside the skin, 0 outside.
  double skin_energy(const ContactPairElement& element, double gap) const;
  /// Φ at ctx of a contact of configuration i that is not active at ctx.
  double energy_left_behind(const StepContext& ctx, const Key& key) const;
  /// Work of the moving boundaries over the step, trapezoidal in their reactions.
  double boundary_work(const StepContext& ctx, const std::vector<Vec3>& reactions) const;

  std::vector<ContactBody> bodies_;
  std::vector<BoundarySurface> boundaries_;
  InteractionTable interactions_;
  SearchSettings settings_;
  std::map<const Shape*, std::unique_ptr<const SubRegionTree>> trees_;  ///< one per shape, shared
  std::vector<double> body_sizes_;  ///< cube root of the volume; before search_, which uses them
  std::vector<int> body_groups_;
  std::vector<int> boundary_groups_;
  std::vector<PairId> overlap_scratch_;
  std::vector<SearchObject> body_objects_;
  std::vector<SearchObject> boundary_objects_;
  ContactSearch search_;
  CandidateSet candidates_;
  std::vector<ElementSlot> elements_;  ///< sorted by PairId
  std::vector<ElementSlot> next_elements_;
  /// check_converged's buffers, per pair found: a new element, the element, the newcomers.
  struct NightOwlScratch {
    std::vector<std::unique_ptr<ContactPairElement>> created;
    std::vector<ContactPairElement*> element_of;
    std::vector<std::vector<PointwiseStepData>> newcomers;
  } night_owl_scratch_;
  std::vector<const Element*> element_views_;
  std::vector<const ContactPairElement*> pair_views_;
  std::map<Key, History> history_;
  std::map<std::string, int> group_ids_;
  /// Per element (in elements_ order): its active contacts and their outcomes at commit.
  ContactSnapshot snapshot_;
  Eigen::VectorXd zero_increments_;
  bool elements_changed_ = false;
  long night_owls_ = 0;
  int threads_ = 1;
  std::vector<bool> outside_domain_;
  DomainReport domain_report_;
  const ContactPartition* partition_ = nullptr;
  std::optional<std::uint64_t> followed_revision_;  ///< of the partition's lists below
  std::vector<SearchObject> searched_objects_;
  std::vector<int> searched_groups_;
  std::vector<double> searched_sizes_;
  std::optional<ContactSnapshot> whole_snapshot_;
};

}  // namespace polydem

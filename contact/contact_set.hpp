// Everything contact in one analysis (paper §2.5–2.6): the bodies' shapes and
// groups, the boundaries, the interaction laws per pair of groups, the contact
// elements of the current step and the friction histories between steps.
//
// Per time step:
//  1. begin_step: search at the converged configuration i with bounding volumes
//     inflated by the distance each body may travel in Δt (§2.5.1, §2.6.3);
//     the candidates and their configuration-i data go into one element per
//     body pair (or body–boundary pair).
//  2. Newton runs; admissible() rejects trial iterates that would cross a
//     barrier, so the solver backtracks instead of jumping through a body.
//  3. check_converged: the penetration safeguard of §2.4.7 (reversed normals,
//     points inside) and a second search at i+1 for night-owl contacts
//     (§2.6.3): an active contact that was no candidate makes the step re-solve.
//  4. commit: friction histories (eqs. 57–58) and the snapshot for output.
// Nothing here is changed by a rejected step: histories move only in commit.
#pragma once

#include <compare>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "contact/boundary_surface.hpp"
#include "contact/law/interaction_table.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "contact/search/brute_force_search.hpp"
#include "elements/applied_loads.hpp"
#include "src/restart/state_stream.hpp"

namespace polydem {

struct ContactBody {
  std::string name;
  std::shared_ptr<const Shape> shape;  ///< nullptr: the body takes no part in contact
  double mass = 0;
  int group = 0;
};

struct SearchSettings {
  /// Bounding volumes grow by travel_factor × (|v| Δt + |a| Δt²/2 + |ω| Δt R) plus minimum_margin.
  double travel_factor = 2.0;
  double minimum_margin = 0.0;  ///< m
};

/// One active pointwise contact of a converged state.
struct ContactRecord {
  int body_a = 0;
  int body_b = -1;    ///< -1 against a boundary
  int boundary = -1;  ///< boundary index, or -1
  Degeneration kind = Degeneration::VertexFace;
  PointwiseOutcome outcome;
};

struct ContactSnapshot {
  std::vector<ContactRecord> contacts;
  int body_body = 0;
  int body_boundary = 0;
  std::vector<Vec3> boundary_reactions;  ///< per boundary: total contact force it exerts on the bodies
  std::vector<Vec3> boundary_moments;    ///< per boundary: moment of those forces about the world origin
  double stored_energy = 0;           ///< Σ Φ(g_n) + ε_t|g_t|²/2 over the active contacts (J)
  // Energy ledger since the start, trapezoidal in time over accepted steps (J):
  double damping_dissipation = 0;     ///< ∫ (f_n − p) ġ_n dt, normal damping (eqs. 52–53)
  double friction_dissipation = 0;    ///< ∫ f_t·dg_t − Δ(ε_t|g_t|²/2), sliding and released springs
  double boundary_work = 0;           ///< ∫ R·dx_b, work of moving boundaries on the bodies
};

enum class StepVerdict { Accept, Penetration, NightOwl };

class ContactSet {
 public:
  ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
             InteractionTable interactions, SearchSettings search);
  ~ContactSet();

  /// Search at configuration i for the step in ctx; true when the element set changed.
  bool begin_step(const StepContext& ctx);
  std::span<const Element* const> elements() const { return element_views_; }

  /// Re-decides every element's engaged contacts at ctx (active-set Newton, see
  /// contact_pair_element.hpp); `tolerance` (N) is the force below which a
  /// contact's state is not switched. True when any set changed.
  bool update_engaged(const StepContext& ctx, double tolerance);

  /// False when `trial` crosses a barrier that `current` respects, or shrinks an
  /// active gap below a tenth in one iterate.
  bool admissible(const StepContext& current, const StepContext& trial) const;

  /// After Newton converged to ctx. NightOwl adds the missed candidates; then
  /// elements_changed() tells whether the sparsity pattern must be rebuilt.
  StepVerdict check_converged(const StepContext& ctx);
  bool elements_changed() const { return elements_changed_; }

  /// Accepts the converged state ctx: histories and snapshot.
  void commit(const StepContext& ctx);

  /// Pre-flight check of a configuration (start of an analysis step): bodies that
  /// intersect, lie inside one another or closer than the barrier gap f·ḡ_n of
  /// their law, against each other or a boundary. The problem, naming both and
  /// their distance, or empty. The barrier law cannot start from such a state.
  std::string preflight(std::span<const NodeState> nodes, double time);

  /// The contact forces on each body (moment about its pole) in the configuration
  /// `nodes` at `time`, without damping: the contact part of consistent initial
  /// accelerations. Runs a search, so the next begin_step starts afresh, and
  /// leaves these contacts (without friction history) in the snapshot.
  std::vector<Wrench<double>> contact_wrenches(std::span<const NodeState> nodes, double time);

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

  const ContactSnapshot& snapshot() const { return snapshot_; }
  const std::vector<BoundarySurface>& boundaries() const { return boundaries_; }
  const std::vector<ContactBody>& bodies() const { return bodies_; }
  long night_owls() const { return night_owls_; }

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
    Vec3 friction = Vec3::Zero();  ///< f_t at the last accepted state (for the energy ledger)
    double damping_power = 0;
    double spring_energy = 0;      ///< ε_t|g_t|²/2 (J)
  };
  struct PairId {
    int body_a;
    int body_b;
    int boundary;
    auto operator<=>(const PairId&) const = default;
  };
  struct PairSearch;

  /// The group pair's skin and laws for bodies a and b (b = -1 with a boundary).
  double pair_skin(int body_a, int body_b, int group_b) const;
  std::shared_ptr<const Interaction> pair_law(int body_a, int body_b, int group_b) const;
  double pair_size(int body_a, int body_b) const;

  std::vector<PairSearch> find_pairs(const StepContext& ctx, bool inflate) const;
  SearchObject body_object(const StepContext& ctx, int body, bool inflate) const;
  SearchObject boundary_object(const StepContext& ctx, int boundary, bool inflate) const;
  std::unique_ptr<ContactPairElement> make_element(const PairId& id) const;
  PointwiseStepData step_data(const ContactPairElement& element, const StepContext& at_i,
                              const SubRegionPair& regions) const;
  StepContext configuration_i(const StepContext& ctx) const;
  StepContext at_rest(std::span<const NodeState> nodes, double time, const Eigen::VectorXd& zero) const;
  std::string intersection(const SearchObject& a, const std::string& name_a, const SearchObject& b,
                           const std::string& name_b) const;
  std::string side_name(int body, int boundary) const;
  void refresh_views();
  void add_boundary_work(const StepContext& ctx, const std::vector<Vec3>& previous_reactions);

  std::vector<ContactBody> bodies_;
  std::vector<BoundarySurface> boundaries_;
  InteractionTable interactions_;
  SearchSettings search_;
  std::map<const Shape*, std::vector<SubRegionSphere>> spheres_;
  std::map<const Shape*, double> sizes_;  ///< cube root of the volume
  std::map<PairId, std::unique_ptr<ContactPairElement>> elements_;
  std::vector<const Element*> element_views_;
  std::map<Key, History> history_;
  std::map<std::string, int> group_ids_;
  ContactSnapshot snapshot_;
  Eigen::VectorXd zero_increments_;
  bool elements_changed_ = false;
  long night_owls_ = 0;
};

}  // namespace polydem

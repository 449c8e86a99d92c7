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
#include "contact/law/interaction.hpp"
#include "contact/pair/contact_pair_element.hpp"
#include "contact/search/brute_force_search.hpp"
#include "elements/applied_loads.hpp"

namespace polydem {

struct ContactBody {
  std::shared_ptr<const Shape> shape;  ///< nullptr: the body takes no part in contact
  double mass = 0;
  int group = 0;
};

/// Contact laws per unordered pair of groups; null where two groups do not interact.
class InteractionTable {
 public:
  explicit InteractionTable(int group_count = 0);
  void set(int group_a, int group_b, std::shared_ptr<const Interaction> interaction);
  const Interaction* find(int group_a, int group_b) const;
  int group_count() const { return group_count_; }

 private:
  int group_count_;
  std::vector<std::shared_ptr<const Interaction>> table_;
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
  double stored_energy = 0;           ///< Σ Φ(g_n) + ε_t|g_t|²/2
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

  /// False when `trial` crosses a barrier that `current` respects, or shrinks an
  /// active gap below a tenth in one iterate.
  bool admissible(const StepContext& current, const StepContext& trial) const;

  /// After Newton converged to ctx. NightOwl adds the missed candidates; then
  /// elements_changed() tells whether the sparsity pattern must be rebuilt.
  StepVerdict check_converged(const StepContext& ctx);
  bool elements_changed() const { return elements_changed_; }

  /// Accepts the converged state ctx: histories and snapshot.
  void commit(const StepContext& ctx);

  /// The contact forces on each body (moment about its pole) in the configuration
  /// `nodes` at `time`, without damping: the contact part of consistent initial
  /// accelerations. Runs a search, so the next begin_step starts afresh.
  std::vector<Wrench<double>> contact_wrenches(std::span<const NodeState> nodes, double time);

  const ContactSnapshot& snapshot() const { return snapshot_; }
  const std::vector<BoundarySurface>& boundaries() const { return boundaries_; }
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
  };
  struct PairId {
    int body_a;
    int body_b;
    int boundary;
    auto operator<=>(const PairId&) const = default;
  };
  struct PairSearch;

  std::vector<PairSearch> find_pairs(const StepContext& ctx, bool inflate) const;
  SearchObject body_object(const StepContext& ctx, int body, bool inflate) const;
  SearchObject boundary_object(const StepContext& ctx, int boundary, bool inflate) const;
  std::unique_ptr<ContactPairElement> make_element(const PairId& id) const;
  PointwiseStepData step_data(const ContactPairElement& element, const StepContext& at_i,
                              const SubRegionPair& regions) const;
  StepContext configuration_i(const StepContext& ctx) const;
  void refresh_views();

  std::vector<ContactBody> bodies_;
  std::vector<BoundarySurface> boundaries_;
  InteractionTable interactions_;
  SearchSettings search_;
  std::map<const Shape*, std::vector<SubRegionSphere>> spheres_;
  std::map<PairId, std::unique_ptr<ContactPairElement>> elements_;
  std::vector<const Element*> element_views_;
  std::map<Key, History> history_;
  ContactSnapshot snapshot_;
  Eigen::VectorXd zero_increments_;
  bool elements_changed_ = false;
  long night_owls_ = 0;
};

}  // namespace polydem

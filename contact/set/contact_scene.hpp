// What the contact set knows of the scene (paper §2.5): the bodies' shapes,
// masses and contact groups, the boundaries, the interaction law of each pair
// of groups, one sub-region tree per shape (§2.6.1), and each body's size, the
// cube root of its volume (the scale of its laws and of the search). It places
// a body or a boundary for a search of a step: at configuration i inflated by
// how far it may travel in Δt (§2.5.1, §2.6.3), or where the step ends.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contact/boundary_surface.hpp"
#include "contact/law/interaction_table.hpp"
#include "contact/pair/contact_side.hpp"
#include "contact/search/search_object.hpp"
#include "contact/search/sub_region_tree.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

struct ContactBody {
  std::string name;
  std::shared_ptr<const Shape> shape;  ///< nullptr: the body takes no part in contact
  double mass = 0;
  int group = 0;
  Mat3 inertia = Mat3::Zero();         ///< about the centre of mass, body axes; zero: unknown
  Vec3 centre_of_mass = Vec3::Zero();  ///< b^r: relative to the pole, body axes
  /// Fixed in space (all six DOFs held): two held bodies never form a contact
  /// pair, so a base of fixed blocks may touch or even overlap.
  bool held = false;
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

class ContactScene {
 public:
  ContactScene(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
               InteractionTable interactions, SearchSettings search);

  const std::vector<ContactBody>& bodies() const { return bodies_; }
  /// Body `body`'s mass and inertia as its contact pairs read them.
  const BodyInertia& inertia(int body) const { return inertias_[static_cast<std::size_t>(body)]; }
  const std::vector<BoundarySurface>& boundaries() const { return boundaries_; }
  const SearchSettings& settings() const { return settings_; }
  /// δ of the Verlet lists the search settled on.
  void set_verlet_margin(double margin) { settings_.verlet_margin = margin; }
  /// Per body: the cube root of its volume (0 without a shape).
  const std::vector<double>& body_sizes() const { return body_sizes_; }
  /// Per body: 1 when it is held (ContactBody::held).
  const std::vector<char>& body_held() const { return body_held_; }
  const std::vector<int>& body_groups() const { return body_groups_; }
  /// Per boundary: its group at the last placement, -1 when it was inactive.
  const std::vector<int>& boundary_groups() const { return boundary_groups_; }
  const InteractionTable& interactions() const { return interactions_; }

  /// Threads for the search and the per-candidate work (results do not depend on it).
  int threads() const { return threads_; }
  void set_threads(int threads) { threads_ = threads; }

  /// The pair's laws (b = -1 with a boundary). Not thread-safe (the table builds laws on first
  /// use).
  std::shared_ptr<const Interaction> pair_law(const BodyPair& id) const;
  /// The skin of the pair's interaction.
  double pair_skin(const BodyPair& id) const;
  /// "body 'name'" or "boundary 'name'", for messages.
  std::string side_name(int body, int boundary) const;
  /// How far the step's search (inflated, at configuration i) reached for the pair: its
  /// skin plus both sides' inflations. Any two sub-regions of the pair it did not
  /// return were farther apart than this (a boundary placed where the step starts).
  double search_reach(const StepContext& ctx, const BodyPair& pair) const;
  /// How much any distance between a point of one side of the pair and a point of the other
  /// can have changed at ctx since the step's search placed them (largest_relative_travel).
  double travel_since_search(const StepContext& ctx, const BodyPair& pair) const;

  /// Body `body` placed for a search of ctx's step: at configuration i inflated
  /// by its travel over the step, or (not inflated) at the end of the step.
  SearchObject body_object(const StepContext& ctx, int body, bool inflate) const;
  /// A body's search inflation for ctx's step: travel_factor × (|v| Δt + |a| Δt²/2 +
  /// |ω| Δt R) + minimum_margin, from its state at configuration i.
  double inflation(const StepContext& ctx, int body) const;
  /// How far a point of `body` may travel in the step ctx (m): its pole's motion
  /// at the speed and acceleration of i, and the turn of its bounding sphere.
  double travel(const StepContext& ctx, int body) const;
  /// How far `boundary` moves over the step ctx (m).
  double boundary_travel(const StepContext& ctx, int boundary) const;
  /// A boundary's: travel_factor × its move over the step + minimum_margin.
  double boundary_inflation(const StepContext& ctx, int boundary) const;
  SearchObject boundary_object(const StepContext& ctx, int boundary, bool inflate) const;
  /// Every boundary placed into `objects`; an inactive one (removed by an action)
  /// is put in no group, so it meets nothing.
  void place_boundaries(const StepContext& ctx, bool inflate, std::vector<SearchObject>& objects);

  // ---- actions between analysis steps ----
  int boundary_index(const std::string& name) const;
  int group_index(const std::string& name) const;
  void set_group_names(std::map<std::string, int> groups) { group_ids_ = std::move(groups); }
  void set_boundary_active(int boundary, bool active) {
    boundaries_[static_cast<std::size_t>(boundary)].active = active;
  }
  void set_friction_enabled(int group_a, int group_b, bool enabled) {
    interactions_.set_friction_enabled(group_a, group_b, enabled);
  }

 private:
  std::vector<ContactBody> bodies_;
  std::vector<BodyInertia> inertias_;  ///< per body, for the pairs (never resized: they point in)
  std::vector<BoundarySurface> boundaries_;
  InteractionTable interactions_;
  SearchSettings settings_;
  std::map<const Shape*, std::unique_ptr<const SubRegionTree>> trees_;  ///< one per shape, shared
  std::vector<double> body_sizes_;
  std::vector<int> body_groups_;
  std::vector<char> body_held_;
  std::vector<int> boundary_groups_;
  std::map<std::string, int> group_ids_;
  int threads_ = 1;
};

}  // namespace polydem

// The fast global contact search (paper §2.5.2): Verlet lists at both levels,
// built with linked cells for the bodies and the sub-region hierarchies for
// the sub-regions, and reused while no body can have moved far enough to
// change the result. It finds exactly the candidates of the all-pairs search
// (brute_force_search.hpp).
//
// At a build every body gets a list margin L = 1.5m + δ/2, its inflation m (the
// distance it may travel in the coming step) and half again, plus half the
// Verlet margin δ, and the lists keep every body pair, and for it every pair
// of leaves of the two sub-region hierarchies, whose primitives lie within
// skin + L_a + L_b, each with a mask of which of its primitive pairs do (LeafPair).
// A leaf pair marks about three primitive pairs in a resting pack and up to
// eight where a falling body's margin makes its lists reach far, so the lists
// take 1.4× to 4× fewer bytes than primitive pairs would (the 60-tetrapod
// example's lists 5.8 → 1.5 MB), and a search drops a leaf pair whose bounds
// stay beyond the step's reach with one test before the exact tests of the
// marked pairs.
//
// A point of a body moves at most D = |p − p₀| + ‖R − R₀‖·R_body from the
// build (R_body its bounding radius), and distances between primitives shrink at most by D_a +
// D_b; a later search with inflations m_a, m_b asks for pairs within skin + m_a
// + m_b. So the lists of a pair still hold all of them while both its bodies
// have D + m ≤ L: each has moved less than half the list margin δ beyond the
// travel it had room for. A body that has not (it outran its margin) gets a
// new placement and margin, and every pair it takes part in new lists; the
// pairs of two bodies that kept theirs keep their lists, even when their head's
// lists are remade for another partner (when renewals remade whole heads, the
// collapse from 5 s traversed about every pair at each; keeping them cut its
// list builds to a third). Only the outrun bodies are renewed, however many (see
// find_outrun), and so is a boundary that outran its margin. A pair whose objects moved
// together since its lists were made keeps them too, however far both went: each pair
// remembers the relative placement and the room its lists were made with
// (pair_reference.hpp), so a pack falling as a whole, or a cluster carried by the flow,
// renews its bodies' placements without traversing their pairs again (the 60 tetrapods,
// 7 s: 269,000 → 184,000 pairs traversed, list builds 9.2 → 5.4 s, the same candidates).
// Such a pair is checked on its own at each search, since its objects' margins now
// refer to newer placements. Between renewals a search is the lists filtered by the
// exact per-step test. The room for half again the
// inflation is for Δt and speeds that grow: with L = m + δ/2 a step that grew Δt by 20 % used up
// the room of every moving body at once, and the 60-tetrapod run rebuilt its lists every third step
// (750 builds, 360 with 2m). On that run 1.5m and 2m both took ~5 % less time than m, and 1.5m kept
// the lists 4 MB smaller (resident 43 against 47 MB); 3m and 4m cost more than they saved.
//
// The lists are kept per head body (the lower-numbered of a pair); threads
// make them for different heads and filter chunks of consecutive heads
// independently, and results are joined in chunk order, so they are the same
// for any number of threads.
#pragma once

#include <span>
#include <vector>

#include "contact/search/candidate_set.hpp"
#include "contact/search/linked_cells.hpp"
#include "contact/search/pair_reference.hpp"
#include "contact/search/search_scene.hpp"
#include "contact/search/sub_region_pairs.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {

struct SearchStatistics {
  long searches = 0;
  long list_builds = 0;      ///< of every body's lists
  long partial_builds = 0;   ///< renewals of what outran its margin or of stale pairs alone
  long heads_remade = 0;     ///< bodies whose pairs' lists were remade, over all builds
  long pairs_traversed = 0;  ///< pairs whose hierarchies were traversed anew, over all builds
  /// Pairs whose lists a renewal of either object kept: they had moved together (PairReference).
  long pairs_kept_together = 0;
  std::size_t list_pairs = 0;       ///< body and body–boundary pairs in the Verlet lists
  std::size_t list_leaf_pairs = 0;  ///< leaf pairs of the hierarchies in the Verlet lists
  std::size_t memory_bytes = 0;     ///< lists, cells and buffers
  double cell_size = 0;             ///< m, of the last build
  // Wall-clock seconds of the last (full or partial) build's phases and of the last search's:
  double build_broad_seconds = 0;   ///< cells and body pairs (first level)
  double build_narrow_seconds = 0;  ///< sub-region pairs (second level)
  double check_seconds = 0;         ///< whether the lists still hold
  double filter_seconds = 0;        ///< the exact per-step test on the lists
  // Wall-clock seconds over the whole run:
  double builds_seconds = 0;   ///< full and partial builds
  double filters_seconds = 0;  ///< checks of the lists and exact per-step tests
};

class ContactSearch {
 public:
  /// verlet_margin δ > 0 (m); cell_size ≤ 0: the largest reach of a body pair
  /// at a build (largest inflated bounding diameter + largest skin + δ).
  ContactSearch(double verlet_margin, double cell_size);

  /// The candidates of `scene`, margins included: what brute_force_candidates finds.
  void find(const SearchScene& scene, CandidateSet& out, int threads);

  /// Every interacting pair whose bounding spheres come within skin + margins
  /// (the first level alone, no lists), sorted.
  void overlapping_bodies(const SearchScene& scene, std::vector<BodyPair>& out, int threads);

  /// Forgets the lists: the next find rebuilds them.
  void invalidate() { built_ = false; }

  const SearchStatistics& statistics() const { return statistics_; }
  double verlet_margin() const { return margin_; }

 private:
  struct NearPair {
    BodyPair id;
    double skin = 0;
  };
  /// A pair's lists (a range of its head's leaves, possibly empty) and where they were made.
  struct ListedPair {
    CandidatePair lists;  ///< first and count: into the head's leaves
    PairReference reference;
    /// The placements' renewals the lists were made at (placement_renewals_): while both are
    /// still the objects' own, each object's own motion bounds the pair's (find_outrun).
    std::uint32_t renewal_a = 0, renewal_b = 0;
  };
  /// The Verlet lists of the pairs one body heads (with boundaries, and with bodies after it).
  struct HeadLists {
    std::vector<NearPair> near;     ///< first level, kept as a buffer
    std::vector<ListedPair> pairs;  ///< every near pair, with or without leaf pairs
    std::vector<LeafPair> leaves;
  };
  struct Chunk {
    CandidateSet found;  ///< this chunk's heads' part of the last find
  };

  /// Bounds over bodies: the largest bounding radius and margin, and the largest body–body skin.
  struct Extent {
    double radius = 0;
    double margin = 0;
    double skin = 0;
    /// What a body's inflated bounding sphere must reach beyond its own to meet any other's.
    double reach() const { return radius + margin + skin; }
  };
  static Extent extent_of(std::span<const SearchObject> bodies, double skin);

  /// Whether the lists can be kept, and then which bodies and boundaries to renew (outrun_,
  /// outrun_boundaries_): those that outran their list margins, and which heads hold a pair
  /// kept from an older placement whose lists no longer hold (stale_heads_).
  bool find_outrun(const SearchScene& scene);
  void find_stale_heads(const SearchScene& scene);
  void update_lists(const SearchScene& scene, int threads);
  void build_lists(const SearchScene& scene, int threads);
  /// New built placements for the outrun bodies and boundaries, and the lists of every pair
  /// they take part in, or that is stale, made anew unless the pair's reference still holds.
  void renew(const SearchScene& scene, int threads);
  void add_dirty_heads_of(int body);
  void place_built_bodies(const SearchScene& scene);
  void remake_lists(const SearchScene& scene, std::span<const int> heads, int threads);
  void build_cells(std::span<const SearchObject> bodies, double reach);
  void find_near_bodies(const SearchScene& scene, const Extent& extent, int head);
  /// Returns the number of pairs whose hierarchies it traversed and of those it kept
  /// though an object was renewed.
  std::pair<long, long> find_near_regions(const SearchScene& scene, int head);
  /// Whether a listed pair's lists stay as they are in the build under way (renewing_).
  bool keeps_lists(const SearchScene& scene, const ListedPair& pair) const;
  /// Whether the lists were made at both objects' present built placements.
  bool made_at_built_placements(const ListedPair& pair) const;
  ListedPair listed(const NearPair& near, std::uint32_t first, std::uint32_t count) const;
  /// Where side b of a pair (a body, or a boundary after the bodies) is in placement_renewals_.
  std::size_t placement_index(const BodyPair& id) const;
  void filter_chunk(const SearchScene& scene, Chunk& chunk, int first_body, int end_body) const;
  void update_statistics();

  double margin_;
  double requested_cell_size_;
  bool built_ = false;
  std::vector<HeadLists> heads_;             ///< per body
  std::vector<std::vector<int>> headed_by_;  ///< per body b: the heads a < b of its pairs
  std::vector<Chunk> chunks_;
  std::vector<SearchObject>
      built_bodies_;  ///< placements at the last renewal, margins L = 1.5m + δ/2
  std::vector<SearchObject> built_boundaries_;
  Extent built_extent_;  ///< of built_bodies_
  std::vector<int> all_heads_, dirty_heads_, outrun_, outrun_boundaries_, stale_heads_;
  bool renewing_ = false;  ///< the build under way renews some bodies, not all
  /// Per body, then per boundary: renewals of its built placement, so that a pair knows
  /// whether its lists were made at the placements its objects are now checked against.
  std::vector<std::uint32_t> placement_renewals_;
  LinkedCells cells_;
  std::vector<std::vector<BodyPair>> overlap_lists_;  ///< overlapping_bodies per body, reused
  std::vector<Vec3> centres_;
  SearchStatistics statistics_;
  // Teams for the lists' two levels and the per-step filter: in a small pack a few heads
  // are remade at a time, and whether waking a team pays is measured
  // (thread_count_choice.hpp); the lists and candidates do not depend on it.
  ThreadCountChoice near_body_threads_, near_region_threads_, filter_threads_, overlap_threads_;
};

}  // namespace polydem

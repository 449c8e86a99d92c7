// The fast global contact search (paper §2.5.2): Verlet lists at both levels,
// built with linked cells for the bodies and the sub-region hierarchies for
// the sub-regions, and reused while no body can have moved far enough to
// change the result. It finds exactly the candidates of the all-pairs search
// (brute_force_search.hpp).
//
// At a build every body gets a list margin L = 1.5m + δ/2, its inflation m (the
// distance it may travel in the coming step) and half again, plus half the
// Verlet margin δ, and the lists keep every body pair, and for it every
// sub-region pair, whose primitives lie within skin + L_a + L_b. A point of a
// body moves at most D = |p − p₀| + ‖R − R₀‖·R_body from the build (R_body its
// bounding radius), and distances between primitives shrink at most by D_a +
// D_b; a later search with inflations m_a, m_b asks for pairs within skin + m_a
// + m_b. So the lists still hold all of them while every body and boundary has
// D + m ≤ L: it has moved less than half the list margin δ beyond the travel it
// had room for. Otherwise they are rebuilt. Between rebuilds a search is the
// lists filtered by the exact per-step test. The room for half again the
// inflation is for Δt and speeds that grow: with L = m + δ/2 a step that grew
// Δt by 20 % used up the room of every moving body at once, and the 60-tetrapod
// run rebuilt its lists every third step (750 builds, 360 with 2m). On that run
// 1.5m and 2m both took ~5 % less time than m, and 1.5m kept the lists 4 MB
// smaller (resident 43 against 47 MB); 3m and 4m cost more than they saved.
//
// The pairs are split into chunks of consecutive bodies that threads build and
// filter independently; results are joined in chunk order, so they are the
// same for any number of threads.
#pragma once

#include <vector>

#include "contact/search/candidate_set.hpp"
#include "contact/search/linked_cells.hpp"
#include "contact/search/search_scene.hpp"
#include "contact/search/sub_region_pairs.hpp"

namespace polydem {

struct SearchStatistics {
  long searches = 0;
  long list_builds = 0;
  std::size_t list_pairs = 0;    ///< body and body–boundary pairs in the Verlet lists
  std::size_t list_regions = 0;  ///< sub-region pairs in the Verlet lists
  std::size_t memory_bytes = 0;  ///< lists, cells and buffers
  double cell_size = 0;          ///< m, of the last build
  // Wall-clock seconds of the last build's phases and of the last search's:
  double build_broad_seconds = 0;   ///< cells and body pairs (first level)
  double build_narrow_seconds = 0;  ///< sub-region pairs (second level)
  double check_seconds = 0;         ///< whether the lists still hold
  double filter_seconds = 0;        ///< the exact per-step test on the lists
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
  struct Chunk {
    std::vector<NearPair> near;  ///< first level of the last build
    std::vector<CandidatePair> pairs;
    std::vector<PrimitivePair> regions;
    CandidateSet found;  ///< this chunk's part of the last find
  };

  /// Bounds over all bodies: the largest bounding radius, margin (plus
  /// extra_margin) and body–body skin.
  struct Extent {
    double radius = 0;
    double margin = 0;
    double skin = 0;
    /// What a body's inflated bounding sphere must reach beyond its own to meet any other's.
    double reach() const { return radius + margin + skin; }
  };
  static Extent extent_of(const SearchScene& scene, double extra_margin);

  bool lists_valid(const SearchScene& scene) const;
  void build_lists(const SearchScene& scene, int threads);
  void build_cells(const SearchScene& scene, double reach);
  void find_near_bodies(const SearchScene& scene, const Extent& extent, Chunk& chunk,
                        int first_body, int end_body) const;
  void find_near_regions(const SearchScene& scene, Chunk& chunk) const;
  void filter_chunk(const SearchScene& scene, Chunk& chunk) const;
  void update_statistics();

  double margin_;
  double requested_cell_size_;
  bool built_ = false;
  std::vector<Chunk> chunks_;
  std::vector<SearchObject> built_bodies_;  ///< placements at the build, margins L = 1.5m + δ/2
  std::vector<SearchObject> built_boundaries_;
  LinkedCells cells_;
  std::vector<std::vector<BodyPair>> overlap_lists_;  ///< overlapping_bodies per body, reused
  std::vector<Vec3> centres_;
  SearchStatistics statistics_;
};

}  // namespace polydem

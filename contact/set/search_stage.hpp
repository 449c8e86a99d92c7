// The contact search of a step as the contact set runs it (paper §2.5, §2.6):
// the scene's bodies and boundaries placed for the search (every body, or the
// bodies a domain-decomposition partition searches), the search itself (the
// fast one of contact/search/contact_search.hpp: linked cells, sub-region
// hierarchies, Verlet lists; or the all-pairs reference) and its candidates,
// numbered by body whatever the partition.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "contact/contact_partition.hpp"
#include "contact/search/candidate_set.hpp"
#include "contact/search/contact_search.hpp"
#include "contact/search/search_scene.hpp"
#include "contact/set/contact_scene.hpp"

namespace polydem {

class SearchStage {
 public:
  /// `scene` must outlive the stage.
  explicit SearchStage(ContactScene& scene);

  /// Places the bodies to search (every one, or the partition's) and every
  /// boundary for a search of ctx's step.
  SearchScene place(const StepContext& ctx, bool inflate);
  /// Every body placed for a search of ctx's step, whatever the partition.
  SearchScene every_body(const StepContext& ctx, bool inflate);
  /// The candidates of ctx's step (see ContactSet::find_candidates).
  const CandidateSet& find_candidates(const StepContext& ctx, bool inflate);
  /// The bodies of `placed` whose bounding volumes overlap, in its numbering.
  void overlapping_bodies(const SearchScene& placed, std::vector<BodyPair>& pairs) {
    search_.overlapping_bodies(placed, pairs, scene_.threads());
  }

  /// nullptr: every body (the default). The partition must outlive its use.
  void set_partition(const ContactPartition* partition);
  const ContactPartition* partition() const { return partition_; }
  /// A pair of a search on the partition's scene with body numbers for its positions.
  BodyPair body_numbers(BodyPair searched) const;

  int threads() const { return scene_.threads(); }

  /// The Verlet lists no longer hold (a boundary came or went).
  void invalidate() { search_.invalidate(); }
  double verlet_margin() const { return search_.verlet_margin(); }
  const SearchStatistics& statistics() const { return search_.statistics(); }

 private:
  /// The partition's searched bodies' groups and sizes, when its lists changed.
  void follow_partition();

  ContactScene& scene_;
  std::vector<SearchObject> body_objects_;
  std::vector<SearchObject> boundary_objects_;
  ContactSearch search_;
  CandidateSet candidates_;
  const ContactPartition* partition_ = nullptr;
  std::optional<std::uint64_t> followed_revision_;  ///< of the partition's lists below
  std::vector<SearchObject> searched_objects_;
  std::vector<int> searched_groups_;
  std::vector<double> searched_sizes_;
  std::vector<char> searched_held_;
};

}  // namespace polydem

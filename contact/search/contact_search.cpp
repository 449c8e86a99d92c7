#include "contact/search/contact_search.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "contact/search/sub_region_proximity.hpp"

namespace polydem {

double list_margin(double inflation, double verlet_margin) {
  return 1.5 * inflation + 0.5 * verlet_margin;
}

namespace {

// Heads per chunk of the per-step filter: small enough that a pack of 60 bodies still gives
// every thread chunks to take, large enough that a chunk's bookkeeping is nothing beside its
// tests. Chunks hold consecutive heads and are joined in order, so the candidates come out in
// head order whatever the chunk size or thread count.
constexpr int kChunkBodies = 8;

// Widening of the cell queries (the exact tests come after).
constexpr double kCellQueryWidening = 1e-6;

/// The object inflated by its list margin L = 1.5m + δ/2 (contact_search.hpp).
SearchObject with_list_margin(SearchObject object, double verlet_margin) {
  object.margin = list_margin(object.margin, verlet_margin);
  return object;
}

const SearchObject& side_b(std::span<const SearchObject> bodies,
                           std::span<const SearchObject> boundaries, const BodyPair& id) {
  return id.boundary >= 0 ? boundaries[static_cast<std::size_t>(id.boundary)]
                          : bodies[static_cast<std::size_t>(id.body_b)];
}

const SearchObject& side_b(const SearchScene& scene, const BodyPair& id) {
  return side_b(scene.bodies, scene.boundaries, id);
}

// A pair kept from an older placement keeps lists made with at most this many times the
// room that new lists would have. A body that fell fast and came to rest would otherwise
// filter the wide lists of its fall at every step: on the 60 tetrapods to 3 s (integrator:
// convex) the list builds and the filtering took 6.5 and 7.8 s with 2, 7.4 and 8.1 s with
// 1, 7.9 and 7.1 s without a bound, 10.1 and 9.4 s keeping no pair together.
constexpr double kKeptRoom = 2.0;

double seconds_between(std::chrono::steady_clock::time_point from,
                       std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

/// How far a body's points may be from where they were at the build.
double moved(const SearchObject& now, const Vec3& position, const Mat3& rotation) {
  return (now.position - position).norm() +
         (now.rotation - rotation).norm() * now.shape->bounding_radius;
}

template <class T>
void shrink_to_size(std::vector<T>& list) {
  if (list.capacity() > list.size() + list.size() / 8) list.shrink_to_fit();
}

}  // namespace

ContactSearch::ContactSearch(double verlet_margin, double cell_size)
    : margin_(verlet_margin), requested_cell_size_(cell_size) {}

ContactSearch::Extent ContactSearch::extent_of(std::span<const SearchObject> bodies, double skin) {
  Extent extent;
  for (const SearchObject& body : bodies) {
    if (!body.shape) continue;
    extent.radius = std::max(extent.radius, body.shape->bounding_radius);
    extent.margin = std::max(extent.margin, body.margin);
  }
  extent.skin = skin;
  return extent;
}

void ContactSearch::build_cells(std::span<const SearchObject> bodies, double reach) {
  centres_.resize(bodies.size());
  for (std::size_t b = 0; b < bodies.size(); ++b) centres_[b] = bodies[b].position;
  const double cell = requested_cell_size_ > 0 ? requested_cell_size_ : reach;
  cells_.build(centres_, cell > 0 ? cell : 1.0);
}

// The lists are kept per head body a: its pairs with boundaries and with
// bodies b > a, each with its sub-region pairs. A pair's lists are made from
// the placements of both bodies at their last builds (built_bodies_), and a
// body whose placement is renewed has every pair it takes part in remade, so
// the lists of a pair always belong to the placements its bodies are checked
// against: the argument of contact_search.hpp holds pair by pair. In a pack
// that flows, a few bodies at a time outrun their margins; only their pairs
// are remade (the heads of those pairs, about ten per body), not all of them.

// First level: the body pairs a head's bounding sphere, inflated by its list
// margin, meets within the pair's skin: boundaries directly, bodies through
// the cells.
void ContactSearch::find_near_bodies(const SearchScene& scene, const Extent& extent, int head) {
  HeadLists& lists = heads_[static_cast<std::size_t>(head)];
  lists.near.clear();
  const auto a_index = static_cast<std::size_t>(head);
  if (!scene.bodies[a_index].shape || !scene.wants_pairs_of(a_index)) return;
  const SearchObject& body = built_bodies_[a_index];
  const auto consider = [&](const BodyPair& id, const SearchObject& other) {
    const std::optional<double> skin = scene.skin(id);
    if (skin && bounding_spheres_overlap(body, other, *skin)) lists.near.push_back({id, *skin});
  };
  for (std::size_t s = 0; s < built_boundaries_.size(); ++s)
    consider({head, -1, static_cast<int>(s)}, built_boundaries_[s]);
  thread_local std::vector<int> neighbours;
  neighbours.clear();
  const double reach =
      (body.shape->bounding_radius + body.margin + extent.reach()) * (1 + kCellQueryWidening);
  cells_.for_each_near(body.position, reach, [&](int other) {
    if (other > head && built_bodies_[static_cast<std::size_t>(other)].shape)
      neighbours.push_back(other);
  });
  std::sort(neighbours.begin(), neighbours.end());
  for (const int other : neighbours)
    consider({head, other, -1}, built_bodies_[static_cast<std::size_t>(other)]);
}

// Second level: the sub-region pairs of each near pair within the skin plus
// both list margins, listed with the placements they were made at (a pair
// without any is listed too: it keeps its answer as long as a pair with some).
// In a renewal, a pair keeps its lists when they still hold (keeps_lists): a pair
// of two bodies that kept their placements, whose lists are what a new traversal
// of the same placements would give (in a flowing pack most pairs of a head that
// is remade for one renewed partner are such pairs), and a pair whose objects
// moved together since its lists were made (pair_reference.hpp: a pack falling,
// a pair carried by the flow).
std::pair<long, long> ContactSearch::find_near_regions(const SearchScene& scene, int head) {
  HeadLists& lists = heads_[static_cast<std::size_t>(head)];
  thread_local std::vector<ListedPair> old_pairs;
  thread_local std::vector<LeafPair> old_leaves;
  old_pairs.clear();
  old_leaves.clear();
  if (renewing_) {  // a full build keeps nothing
    old_pairs.assign(lists.pairs.begin(), lists.pairs.end());
    old_leaves.assign(lists.leaves.begin(), lists.leaves.end());
  }
  lists.pairs.clear();
  lists.leaves.clear();
  auto old_pair = old_pairs.cbegin();  // both lists ascend by pair
  long traversed = 0, kept_together = 0;
  for (const NearPair& near : lists.near) {
    const auto first = static_cast<std::uint32_t>(lists.leaves.size());
    while (old_pair != old_pairs.cend() && old_pair->lists.id < near.id) ++old_pair;
    if (old_pair != old_pairs.cend() && old_pair->lists.id == near.id &&
        keeps_lists(scene, *old_pair)) {
      const auto kept = std::span(old_leaves).subspan(old_pair->lists.first, old_pair->lists.count);
      lists.leaves.insert(lists.leaves.end(), kept.begin(), kept.end());
      ListedPair pair = *old_pair;
      pair.lists.first = first;
      lists.pairs.push_back(pair);
      if (!made_at_built_placements(pair)) ++kept_together;
      continue;
    }
    const SearchObject& a = built_bodies_[static_cast<std::size_t>(near.id.body_a)];
    const SearchObject& b = side_b(built_bodies_, built_boundaries_, near.id);
    near_leaf_pairs(a, b, pair_reach(a, b, near.skin), lists.leaves);
    ++traversed;
    lists.pairs.push_back(
        listed(near, first, static_cast<std::uint32_t>(lists.leaves.size()) - first));
  }
  // The lists stay until the head's next remake, every head's at once in a pack: no
  // doubling's spare room is kept with them (a settled bed's 0.4 kB per body).
  shrink_to_size(lists.leaves);
  shrink_to_size(lists.pairs);
  return {traversed, kept_together};
}

std::size_t ContactSearch::placement_index(const BodyPair& id) const {
  return id.boundary >= 0 ? built_bodies_.size() + static_cast<std::size_t>(id.boundary)
                          : static_cast<std::size_t>(id.body_b);
}

ContactSearch::ListedPair ContactSearch::listed(const NearPair& near, std::uint32_t first,
                                                std::uint32_t count) const {
  const SearchObject& a = built_bodies_[static_cast<std::size_t>(near.id.body_a)];
  const SearchObject& b = side_b(built_bodies_, built_boundaries_, near.id);
  return {{near.id, near.skin, first, count},
          PairReference(a, b),
          placement_renewals_[static_cast<std::size_t>(near.id.body_a)],
          placement_renewals_[placement_index(near.id)]};
}

bool ContactSearch::made_at_built_placements(const ListedPair& pair) const {
  return pair.renewal_a == placement_renewals_[static_cast<std::size_t>(pair.lists.id.body_a)] &&
         pair.renewal_b == placement_renewals_[placement_index(pair.lists.id)];
}

// Lists made at both objects' present built placements hold while neither outran
// its margin, and an outrun object's placement has just been renewed; lists made
// earlier hold while their objects moved together since (PairReference), and are
// kept while their room is at most kKeptRoom times what new lists would have.
bool ContactSearch::keeps_lists(const SearchScene& scene, const ListedPair& pair) const {
  if (!renewing_) return false;
  if (made_at_built_placements(pair)) return true;
  const BodyPair& id = pair.lists.id;
  const double fresh_room = built_bodies_[static_cast<std::size_t>(id.body_a)].margin +
                            side_b(built_bodies_, built_boundaries_, id).margin;
  return pair.reference.room() <= kKeptRoom * fresh_room &&
         pair.reference.holds(scene.bodies[static_cast<std::size_t>(id.body_a)],
                              side_b(scene.bodies, scene.boundaries, id));
}

void ContactSearch::remake_lists(const SearchScene& scene, std::span<const int> heads,
                                 int threads) {
  const auto start = std::chrono::steady_clock::now();
  const auto count = static_cast<long>(heads.size());
  near_body_threads_.follow_threads(threads);
  near_body_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 4) num_threads(team)
    for (long k = 0; k < count; ++k)
      find_near_bodies(scene, built_extent_, heads[static_cast<std::size_t>(k)]);
    return count;
  });
  const auto broad = std::chrono::steady_clock::now();
  long traversed = 0, kept_together = 0;
  near_region_threads_.follow_threads(threads);
  near_region_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(team) \
    reduction(+ : traversed, kept_together)
    for (long k = 0; k < count; ++k) {
      const auto [head_traversed, head_kept] =
          find_near_regions(scene, heads[static_cast<std::size_t>(k)]);
      traversed += head_traversed;
      kept_together += head_kept;
    }
    return count;
  });
  statistics_.pairs_traversed += traversed;
  statistics_.pairs_kept_together += kept_together;
  statistics_.build_broad_seconds += seconds_between(start, broad);
  const double narrow = seconds_between(broad, std::chrono::steady_clock::now());
  statistics_.build_narrow_seconds += narrow;
  statistics_.builds_seconds += seconds_between(start, broad) + narrow;
  statistics_.heads_remade += count;
  // Who heads each body's pairs, for the next renewal of that body.
  for (auto& list : headed_by_) list.clear();
  headed_by_.resize(heads_.size());
  for (std::size_t a = 0; a < heads_.size(); ++a)
    for (const ListedPair& pair : heads_[a].pairs)
      if (pair.lists.id.body_b >= 0)
        headed_by_[static_cast<std::size_t>(pair.lists.id.body_b)].push_back(static_cast<int>(a));
}

// The cells hold the built placements; a query must reach any body whose list
// margin could meet the querying one's: the largest list margin.
void ContactSearch::place_built_bodies(const SearchScene& scene) {
  built_extent_ = extent_of(built_bodies_, scene.largest_body_skin());
  build_cells(built_bodies_, built_extent_.radius + built_extent_.margin + built_extent_.reach());
}

void ContactSearch::build_lists(const SearchScene& scene, int threads) {
  statistics_.build_broad_seconds = statistics_.build_narrow_seconds = 0;
  built_bodies_.assign(scene.bodies.begin(), scene.bodies.end());
  built_boundaries_.assign(scene.boundaries.begin(), scene.boundaries.end());
  for (SearchObject& body : built_bodies_) body = with_list_margin(body, margin_);
  for (SearchObject& boundary : built_boundaries_) boundary = with_list_margin(boundary, margin_);
  placement_renewals_.assign(built_bodies_.size() + built_boundaries_.size(), 0);
  place_built_bodies(scene);
  heads_.resize(scene.bodies.size());
  all_heads_.resize(scene.bodies.size());
  std::iota(all_heads_.begin(), all_heads_.end(), 0);
  renewing_ = false;
  remake_lists(scene, all_heads_, threads);
  built_ = true;
  ++statistics_.list_builds;
  statistics_.cell_size = cells_.cell_size();
}

// The heads whose first level may change with body b's new placement: its own, those
// of its pairs, and those of the bodies before it that it may now meet.
void ContactSearch::add_dirty_heads_of(int b) {
  dirty_heads_.push_back(b);
  const auto& heads = headed_by_[static_cast<std::size_t>(b)];
  dirty_heads_.insert(dirty_heads_.end(), heads.begin(), heads.end());
  const SearchObject& body = built_bodies_[static_cast<std::size_t>(b)];
  const double reach = (body.shape->bounding_radius + body.margin + built_extent_.reach()) *
                       (1 + kCellQueryWidening);
  cells_.for_each_near(body.position, reach, [&](int other) {
    if (other < b) dirty_heads_.push_back(other);
  });
}

void ContactSearch::renew(const SearchScene& scene, int threads) {
  statistics_.build_broad_seconds = statistics_.build_narrow_seconds = 0;
  for (const int b : outrun_) {
    built_bodies_[static_cast<std::size_t>(b)] =
        with_list_margin(scene.bodies[static_cast<std::size_t>(b)], margin_);
    ++placement_renewals_[static_cast<std::size_t>(b)];
  }
  for (const int s : outrun_boundaries_) {
    built_boundaries_[static_cast<std::size_t>(s)] =
        with_list_margin(scene.boundaries[static_cast<std::size_t>(s)], margin_);
    ++placement_renewals_[built_bodies_.size() + static_cast<std::size_t>(s)];
  }
  place_built_bodies(scene);
  dirty_heads_.assign(stale_heads_.begin(), stale_heads_.end());
  if (!outrun_boundaries_.empty())  // every head meets every boundary
    dirty_heads_.assign(all_heads_.begin(), all_heads_.end());
  else
    for (const int b : outrun_) add_dirty_heads_of(b);
  std::sort(dirty_heads_.begin(), dirty_heads_.end());
  dirty_heads_.erase(std::unique(dirty_heads_.begin(), dirty_heads_.end()), dirty_heads_.end());
  renewing_ = true;
  remake_lists(scene, dirty_heads_, threads);
  ++statistics_.partial_builds;
  statistics_.cell_size = cells_.cell_size();
}

// The bodies and boundaries that may have left their lists: D + m > L
// (contact_search.hpp). Only they are renewed, however many: a renewal
// traverses only the pairs of the objects it renews (find_near_regions), so
// renewing bodies before they outrun (those past half their room, as before
// pair lists were kept) or renewing all lists once a quarter outran only
// traverses pairs sooner or more often (the collapse from 5 s: 5.1 → 3.6 s of
// list builds over 5–5.2 s; the 60 tetrapods to 3 s: 7.8 → 6.0 s). The factor
// and the coordinate term keep rounding on the safe side.
bool ContactSearch::find_outrun(const SearchScene& scene) {
  outrun_.clear();
  outrun_boundaries_.clear();
  stale_heads_.clear();
  if (!built_ || built_bodies_.size() != scene.bodies.size() ||
      built_boundaries_.size() != scene.boundaries.size())
    return false;
  const auto within = [](const SearchObject& now, const SearchObject& built, double displacement) {
    return displacement + now.margin + 1e-12 * now.position.norm() <= built.margin * (1 - 1e-9);
  };
  for (std::size_t s = 0; s < scene.boundaries.size(); ++s) {
    const SearchObject& boundary = scene.boundaries[s];
    const SearchObject& built = built_boundaries_[s];
    if (!within(boundary, built, moved(boundary, built.position, built.rotation)))
      outrun_boundaries_.push_back(static_cast<int>(s));
  }
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const SearchObject& body = scene.bodies[b];
    const SearchObject& built = built_bodies_[b];
    if (body.shape && !within(body, built, moved(body, built.position, built.rotation)))
      outrun_.push_back(static_cast<int>(b));
  }
  find_stale_heads(scene);
  return true;
}

// A pair kept from older placements than its objects' built ones is checked on
// its own: the objects' own margins say nothing of it.
void ContactSearch::find_stale_heads(const SearchScene& scene) {
  for (std::size_t head = 0; head < heads_.size(); ++head)
    for (const ListedPair& pair : heads_[head].pairs)
      if (!made_at_built_placements(pair) &&
          !pair.reference.holds(scene.bodies[head], side_b(scene, pair.lists.id))) {
        stale_heads_.push_back(static_cast<int>(head));
        break;
      }
}

void ContactSearch::update_lists(const SearchScene& scene, int threads) {
  const auto start = std::chrono::steady_clock::now();
  const bool comparable = find_outrun(scene);
  statistics_.check_seconds = seconds_between(start, std::chrono::steady_clock::now());
  statistics_.filters_seconds += statistics_.check_seconds;
  if (!comparable)
    build_lists(scene, threads);
  else if (!outrun_.empty() || !outrun_boundaries_.empty() || !stale_heads_.empty())
    renew(scene, threads);
}

void ContactSearch::filter_chunk(const SearchScene& scene, Chunk& chunk, int first_body,
                                 int end_body) const {
  CandidateSet& found = chunk.found;
  found.clear();
  thread_local std::vector<PrimitivePair> near;
  for (int head = first_body; head < end_body; ++head) {
    const HeadLists& lists = heads_[static_cast<std::size_t>(head)];
    for (const ListedPair& listed : lists.pairs) {
      const CandidatePair& pair = listed.lists;
      if (pair.count == 0) continue;
      const SearchObject& a = scene.bodies[static_cast<std::size_t>(pair.id.body_a)];
      const SearchObject& b = side_b(scene, pair.id);
      if (!bounding_spheres_overlap(a, b, pair.skin)) continue;
      const double reach = pair_reach(a, b, pair.skin);
      const std::size_t first = found.regions.size();
      near.clear();
      near_sub_region_pairs_in(a, b, reach, std::span(lists.leaves).subspan(pair.first, pair.count),
                               near);
      for (const PrimitivePair& p : near) found.regions.push_back(regions_of(a, b, p));
      if (found.regions.size() > first)
        found.pairs.push_back({pair.id, pair.skin, static_cast<std::uint32_t>(first),
                               static_cast<std::uint32_t>(found.regions.size() - first)});
    }
  }
}

void ContactSearch::find(const SearchScene& scene, CandidateSet& out, int threads) {
  update_lists(scene, threads);
  const auto filter_start = std::chrono::steady_clock::now();
  const int bodies = static_cast<int>(scene.bodies.size());
  chunks_.resize(static_cast<std::size_t>((bodies + kChunkBodies - 1) / kChunkBodies));
  const int chunk_count = static_cast<int>(chunks_.size());
  filter_threads_.follow_threads(threads);
  filter_threads_.run(chunk_count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(team)
    for (int c = 0; c < chunk_count; ++c)
      filter_chunk(scene, chunks_[static_cast<std::size_t>(c)], c * kChunkBodies,
                   std::min(bodies, (c + 1) * kChunkBodies));
    return chunk_count;
  });
  out.clear();
  for (const Chunk& chunk : chunks_) {
    const auto offset = static_cast<std::uint32_t>(out.regions.size());
    for (CandidatePair pair : chunk.found.pairs) {
      pair.first += offset;
      out.pairs.push_back(pair);
    }
    out.regions.insert(out.regions.end(), chunk.found.regions.begin(), chunk.found.regions.end());
  }
  ++statistics_.searches;
  statistics_.filter_seconds = seconds_between(filter_start, std::chrono::steady_clock::now());
  statistics_.filters_seconds += statistics_.filter_seconds;
  update_statistics();
}

void ContactSearch::overlapping_bodies(const SearchScene& scene, std::vector<BodyPair>& out,
                                       int threads) {
  const Extent extent = extent_of(scene.bodies, scene.largest_body_skin());
  build_cells(scene.bodies, extent.radius + extent.margin + extent.reach());
  const int bodies = static_cast<int>(scene.bodies.size());
  // Per-body lists kept between calls (the end-of-step check runs every step).
  std::vector<std::vector<BodyPair>>& found = overlap_lists_;
  if (found.size() < static_cast<std::size_t>(bodies))
    found.resize(static_cast<std::size_t>(bodies));
  overlap_threads_.follow_threads(threads);
  overlap_threads_.run(bodies, [&](int team) {
#pragma omp parallel for schedule(dynamic, kChunkBodies) num_threads(team)
    for (int a = 0; a < bodies; ++a) {
      const SearchObject& body = scene.bodies[static_cast<std::size_t>(a)];
      auto& mine = found[static_cast<std::size_t>(a)];
      mine.clear();
      if (!body.shape || !scene.wants_pairs_of(static_cast<std::size_t>(a))) continue;
      const auto consider = [&](const BodyPair& id) {
        const std::optional<double> skin = scene.skin(id);
        if (skin && bounding_spheres_overlap(body, side_b(scene, id), *skin)) mine.push_back(id);
      };
      for (std::size_t s = 0; s < scene.boundaries.size(); ++s)
        consider({a, -1, static_cast<int>(s)});
      const double reach =
          (body.shape->bounding_radius + body.margin + extent.reach()) * (1 + kCellQueryWidening);
      cells_.for_each_near(body.position, reach, [&](int other) {
        if (other > a && scene.bodies[static_cast<std::size_t>(other)].shape)
          consider({a, other, -1});
      });
      std::sort(mine.begin(), mine.end());
    }
    return bodies;
  });
  out.clear();
  for (int a = 0; a < bodies; ++a)
    out.insert(out.end(), found[static_cast<std::size_t>(a)].begin(),
               found[static_cast<std::size_t>(a)].end());
}

void ContactSearch::update_statistics() {
  statistics_.list_pairs = statistics_.list_leaf_pairs = 0;
  std::size_t bytes =
      cells_.memory_bytes() + centres_.capacity() * sizeof(Vec3) +
      (built_bodies_.capacity() + built_boundaries_.capacity()) * sizeof(SearchObject) +
      chunks_.capacity() * sizeof(Chunk) + heads_.capacity() * sizeof(HeadLists) +
      headed_by_.capacity() * sizeof(std::vector<int>) +
      (all_heads_.capacity() + dirty_heads_.capacity() + outrun_.capacity() +
       outrun_boundaries_.capacity() + stale_heads_.capacity()) *
          sizeof(int) +
      placement_renewals_.capacity() * sizeof(std::uint32_t);
  for (const HeadLists& lists : heads_) {
    statistics_.list_pairs += static_cast<std::size_t>(
        std::count_if(lists.pairs.begin(), lists.pairs.end(),
                      [](const ListedPair& pair) { return pair.lists.count > 0; }));
    statistics_.list_leaf_pairs += lists.leaves.size();
    bytes += lists.near.capacity() * sizeof(NearPair) +
             lists.pairs.capacity() * sizeof(ListedPair) +
             lists.leaves.capacity() * sizeof(LeafPair);
  }
  for (const auto& heads : headed_by_) bytes += heads.capacity() * sizeof(int);
  for (const Chunk& chunk : chunks_)
    bytes += chunk.found.pairs.capacity() * sizeof(CandidatePair) +
             chunk.found.regions.capacity() * sizeof(SubRegionPair);
  statistics_.memory_bytes = bytes;
}

}  // namespace polydem

#include "contact/search/contact_search.hpp"

#include <algorithm>
#include <chrono>

#include "contact/search/sub_region_proximity.hpp"
#include "contact/search/world_primitive_cache.hpp"

namespace polydem {

double list_margin(double inflation, double verlet_margin) {
  return 1.5 * inflation + 0.5 * verlet_margin;
}

namespace {

constexpr int kChunkBodies = 32;

// Widening of the cell queries (the exact tests come after).
constexpr double kCellQueryWidening = 1e-6;

/// The object inflated by its list margin L = 1.5m + δ/2 (contact_search.hpp).
SearchObject with_list_margin(SearchObject object, double verlet_margin) {
  object.margin = list_margin(object.margin, verlet_margin);
  return object;
}

const SearchObject& side_b(const SearchScene& scene, const BodyPair& id) {
  return id.boundary >= 0 ? scene.boundaries[static_cast<std::size_t>(id.boundary)]
                          : scene.bodies[static_cast<std::size_t>(id.body_b)];
}

double seconds_between(std::chrono::steady_clock::time_point from,
                       std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

/// How far a body's points may be from where they were at the build.
double moved(const SearchObject& now, const Vec3& position, const Mat3& rotation) {
  return (now.position - position).norm() +
         (now.rotation - rotation).norm() * now.shape->bounding_radius;
}

}  // namespace

ContactSearch::ContactSearch(double verlet_margin, double cell_size)
    : margin_(verlet_margin), requested_cell_size_(cell_size) {}

ContactSearch::Extent ContactSearch::extent_of(const SearchScene& scene, double extra_margin) {
  Extent extent;
  for (const SearchObject& body : scene.bodies) {
    if (!body.shape) continue;
    extent.radius = std::max(extent.radius, body.shape->bounding_radius);
    extent.margin = std::max(extent.margin, body.margin + extra_margin);
  }
  extent.skin = scene.largest_body_skin();
  return extent;
}

void ContactSearch::build_cells(const SearchScene& scene, double reach) {
  centres_.resize(scene.bodies.size());
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) centres_[b] = scene.bodies[b].position;
  const double cell = requested_cell_size_ > 0 ? requested_cell_size_ : reach;
  cells_.build(centres_, cell > 0 ? cell : 1.0);
}

// First level: the body pairs of a chunk's bodies whose bounding spheres,
// inflated by their list margins L = 1.5m + δ/2 (m the inflation at the build),
// come within the pair's skin: boundaries directly, bodies through the cells.
void ContactSearch::find_near_bodies(const SearchScene& scene, const Extent& extent, Chunk& chunk,
                                     int first_body, int end_body) const {
  chunk.near.clear();
  thread_local std::vector<int> neighbours;
  const auto consider = [&](const BodyPair& id, const SearchObject& a, const SearchObject& b) {
    const std::optional<double> skin = scene.skin(id);
    if (skin && bounding_spheres_overlap(a, b, *skin)) chunk.near.push_back({id, *skin});
  };
  for (int a = first_body; a < end_body; ++a) {
    const auto body_index = static_cast<std::size_t>(a);
    if (!scene.bodies[body_index].shape || !scene.wants_pairs_of(body_index)) continue;
    const SearchObject body = with_list_margin(scene.bodies[body_index], margin_);
    for (std::size_t s = 0; s < scene.boundaries.size(); ++s)
      consider({a, -1, static_cast<int>(s)}, body, with_list_margin(scene.boundaries[s], margin_));
    neighbours.clear();
    const double reach =
        (body.shape->bounding_radius + body.margin + extent.reach()) * (1 + kCellQueryWidening);
    cells_.for_each_near(body.position, reach, [&](int other) {
      if (other > a && scene.bodies[static_cast<std::size_t>(other)].shape)
        neighbours.push_back(other);
    });
    std::sort(neighbours.begin(), neighbours.end());
    for (const int other : neighbours)
      consider({a, other, -1}, body,
               with_list_margin(scene.bodies[static_cast<std::size_t>(other)], margin_));
  }
}

// Second level: the sub-region pairs of each near pair within the skin plus
// both list margins; a pair without any is dropped (it cannot have one before
// the lists are rebuilt).
void ContactSearch::find_near_regions(const SearchScene& scene, Chunk& chunk) const {
  chunk.pairs.clear();
  chunk.regions.clear();
  for (const NearPair& near : chunk.near) {
    const SearchObject a =
        with_list_margin(scene.bodies[static_cast<std::size_t>(near.id.body_a)], margin_);
    const SearchObject b = with_list_margin(side_b(scene, near.id), margin_);
    const std::size_t first = chunk.regions.size();
    near_sub_region_pairs(a, b, pair_reach(a, b, near.skin), chunk.regions);
    if (chunk.regions.size() > first)
      chunk.pairs.push_back({near.id, near.skin, static_cast<std::uint32_t>(first),
                             static_cast<std::uint32_t>(chunk.regions.size() - first)});
  }
}

void ContactSearch::build_lists(const SearchScene& scene, int threads) {
  const auto start = std::chrono::steady_clock::now();
  // The cell query must reach every body whose list margin could meet this
  // one's: the largest list margin, that of the most inflated body.
  Extent extent = extent_of(scene, 0.0);
  extent.margin = list_margin(extent.margin, margin_);
  build_cells(scene, extent.radius + extent.margin + extent.reach());
  const int bodies = static_cast<int>(scene.bodies.size());
  chunks_.resize(static_cast<std::size_t>((bodies + kChunkBodies - 1) / kChunkBodies));
  const int chunk_count = static_cast<int>(chunks_.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int c = 0; c < chunk_count; ++c)
    find_near_bodies(scene, extent, chunks_[static_cast<std::size_t>(c)], c * kChunkBodies,
                     std::min(bodies, (c + 1) * kChunkBodies));
  const auto broad = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int c = 0; c < chunk_count; ++c)
    find_near_regions(scene, chunks_[static_cast<std::size_t>(c)]);
  built_bodies_.assign(scene.bodies.begin(), scene.bodies.end());
  built_boundaries_.assign(scene.boundaries.begin(), scene.boundaries.end());
  for (SearchObject& body : built_bodies_) body = with_list_margin(body, margin_);
  for (SearchObject& boundary : built_boundaries_) boundary = with_list_margin(boundary, margin_);
  built_ = true;
  ++statistics_.list_builds;
  statistics_.cell_size = cells_.cell_size();
  statistics_.build_broad_seconds = seconds_between(start, broad);
  statistics_.build_narrow_seconds = seconds_between(broad, std::chrono::steady_clock::now());
}

bool ContactSearch::lists_valid(const SearchScene& scene) const {
  if (!built_ || built_bodies_.size() != scene.bodies.size() ||
      built_boundaries_.size() != scene.boundaries.size())
    return false;
  // The factor and the coordinate term keep rounding on the safe side.
  const auto within = [](const SearchObject& now, const SearchObject& built, double displacement) {
    return displacement + now.margin + 1e-12 * now.position.norm() <= built.margin * (1 - 1e-9);
  };
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const SearchObject& body = scene.bodies[b];
    const SearchObject& built = built_bodies_[b];
    if (body.shape && !within(body, built, moved(body, built.position, built.rotation)))
      return false;
  }
  for (std::size_t s = 0; s < scene.boundaries.size(); ++s) {
    const SearchObject& boundary = scene.boundaries[s];
    if (!within(boundary, built_boundaries_[s],
                (boundary.position - built_boundaries_[s].position).norm()))
      return false;
  }
  return true;
}

void ContactSearch::filter_chunk(const SearchScene& scene, Chunk& chunk) const {
  CandidateSet& found = chunk.found;
  found.clear();
  for (const CandidatePair& pair : chunk.pairs) {
    const SearchObject& a = scene.bodies[static_cast<std::size_t>(pair.id.body_a)];
    const SearchObject& b = side_b(scene, pair.id);
    if (!bounding_spheres_overlap(a, b, pair.skin)) continue;
    const double reach = pair_reach(a, b, pair.skin);
    const std::size_t first = found.regions.size();
    thread_local WorldPrimitiveCache world_a, world_b;
    world_a.reset(a);
    world_b.reset(b);
    for (const PrimitivePair& p : std::span(chunk.regions).subspan(pair.first, pair.count))
      if (primitives_within(world_a[p.a], world_b[p.b], reach))
        found.regions.push_back(regions_of(a, b, p));
    if (found.regions.size() > first)
      found.pairs.push_back({pair.id, pair.skin, static_cast<std::uint32_t>(first),
                             static_cast<std::uint32_t>(found.regions.size() - first)});
  }
}

void ContactSearch::find(const SearchScene& scene, CandidateSet& out, int threads) {
  const auto start = std::chrono::steady_clock::now();
  const bool valid = lists_valid(scene);
  statistics_.check_seconds = seconds_between(start, std::chrono::steady_clock::now());
  if (!valid) build_lists(scene, threads);
  const auto filter_start = std::chrono::steady_clock::now();
  const int chunk_count = static_cast<int>(chunks_.size());
#pragma omp parallel for schedule(dynamic, 4) num_threads(threads)
  for (int c = 0; c < chunk_count; ++c) filter_chunk(scene, chunks_[static_cast<std::size_t>(c)]);
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
  update_statistics();
}

void ContactSearch::overlapping_bodies(const SearchScene& scene, std::vector<BodyPair>& out,
                                       int threads) {
  const Extent extent = extent_of(scene, 0.0);
  build_cells(scene, extent.radius + extent.margin + extent.reach());
  const int bodies = static_cast<int>(scene.bodies.size());
  // Per-body lists kept between calls (the end-of-step check runs every step).
  std::vector<std::vector<BodyPair>>& found = overlap_lists_;
  if (found.size() < static_cast<std::size_t>(bodies))
    found.resize(static_cast<std::size_t>(bodies));
#pragma omp parallel for schedule(dynamic, kChunkBodies) num_threads(threads)
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
  out.clear();
  for (int a = 0; a < bodies; ++a)
    out.insert(out.end(), found[static_cast<std::size_t>(a)].begin(),
               found[static_cast<std::size_t>(a)].end());
}

void ContactSearch::update_statistics() {
  statistics_.list_pairs = statistics_.list_regions = 0;
  std::size_t bytes =
      cells_.memory_bytes() + centres_.capacity() * sizeof(Vec3) +
      (built_bodies_.capacity() + built_boundaries_.capacity()) * sizeof(SearchObject) +
      chunks_.capacity() * sizeof(Chunk);
  for (const Chunk& chunk : chunks_) {
    statistics_.list_pairs += chunk.pairs.size();
    statistics_.list_regions += chunk.regions.size();
    bytes += chunk.near.capacity() * sizeof(NearPair) +
             chunk.pairs.capacity() * sizeof(CandidatePair) +
             chunk.regions.capacity() * sizeof(PrimitivePair) +
             chunk.found.pairs.capacity() * sizeof(CandidatePair) +
             chunk.found.regions.capacity() * sizeof(SubRegionPair);
  }
  statistics_.memory_bytes = bytes;
}

}  // namespace polydem

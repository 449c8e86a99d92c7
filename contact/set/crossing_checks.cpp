#include "contact/set/crossing_checks.hpp"

#include <optional>

#include "contact/search/body_overlap.hpp"

namespace polydem {

bool CrossingChecks::any_crosses(const StepContext& from, const StepContext& to,
                                 double gap_reduction) const {
  const std::vector<PairStore::Slot>& elements = pairs_.slots();
  const int count = static_cast<int>(elements.size());
  bool crossed = false;
  crossing_threads_.follow_threads(scene_.threads());
  crossing_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team) reduction(|| : crossed)
    for (int k = 0; k < count; ++k)
      crossed =
          crossed || elements[static_cast<std::size_t>(k)].second->crosses(from, to, gap_reduction);
    return count;
  });
  return crossed;
}

// An edge of one body through a face of the other at the end of the step: a
// crossing so deep, or so fast, that no pointwise pair of the step saw it (the
// overlapping bodies, not the search's pairs: those keep sub-region pairs
// near each other's surface only). A pair of the step whose surfaces were
// farther apart at i than its points have travelled cannot cross, and one whose points have
// travelled less than its skin can cross only where its candidates were that near.
bool CrossingChecks::any_surfaces_cross(const StepContext& ctx) {
  const SearchScene placed = search_.place(ctx, false);
  std::vector<BodyPair>& pairs =
      overlap_scratch_;  // not thread_local: the loop below reads it on threads
  pairs.clear();
  search_.overlapping_bodies(placed, pairs);
  const bool partitioned = search_.partition() != nullptr;
  const int count = static_cast<int>(pairs.size());
  bool crossing = false;
  surface_threads_.follow_threads(scene_.threads());
  surface_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team) reduction(|| : crossing)
    for (int k = 0; k < count; ++k) {
      const BodyPair& id = pairs[static_cast<std::size_t>(k)];
      const BodyPair named = partitioned ? search_.body_numbers(id) : id;
      const ContactPairElement* element = pairs_.find(named);
      // A pair of the step decides from its candidates near enough to have met, while its
      // points have travelled less than the skin (near_crossing.hpp).
      if (const std::optional<bool> near =
              element ? element->surfaces_cross_near(ctx, scene_.search_reach(ctx, named))
                      : std::nullopt) {
        crossing = crossing || *near;
        continue;
      }
      // No element: the step's search found no candidates within its reach. The pairs here are
      // this process's (a partition's overlapping_bodies lists the pairs its own bodies head,
      // which its search covers, ghosts included), so that holds on a partition too.
      if (!element && unfound_pair_apart(ctx, named)) continue;
      const SearchObject& a = placed.bodies[static_cast<std::size_t>(id.body_a)];
      const SearchObject& b = id.boundary >= 0
                                  ? placed.boundaries[static_cast<std::size_t>(id.boundary)]
                                  : placed.bodies[static_cast<std::size_t>(id.body_b)];
      crossing = crossing || surfaces_cross(a, b);
    }
    return count;
  });
  return crossing;
}

bool CrossingChecks::unfound_pair_apart(const StepContext& ctx, const BodyPair& id) const {
  const double travel = scene_.travel_since_search(ctx, id);
  constexpr double kRounding = 1e-9;
  return scene_.search_reach(ctx, id) * (1 - kRounding) > travel;
}

}  // namespace polydem

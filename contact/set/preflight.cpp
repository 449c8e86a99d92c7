#include "contact/set/preflight.hpp"

#include <vector>

#include "contact/search/body_overlap.hpp"
#include "contact/search/sub_region_pairs.hpp"

namespace polydem {

namespace {

TrialBody at_rest_trial(const SearchObject& object) {
  TrialBody body{object.shape, {}};
  body.state.pole_position = object.position;
  body.state.rotation = object.rotation;
  return body;
}

}  // namespace

std::string Preflight::pair_problem(const SearchScene& placed, const BodyPair& id, double skin,
                                    double barrier_gap) const {
  const SearchObject& a = placed.bodies[static_cast<std::size_t>(id.body_a)];
  const SearchObject& b = id.boundary >= 0
                              ? placed.boundaries[static_cast<std::size_t>(id.boundary)]
                              : placed.bodies[static_cast<std::size_t>(id.body_b)];
  const BodyPair named = search_.body_numbers(id);
  const std::string name_a = scene_.side_name(named.body_a, -1);
  const std::string name_b = scene_.side_name(named.body_b, named.boundary);
  if (surfaces_cross(a, b))
    return name_a + " and " + name_b + " intersect (an edge of one crosses a face of the other)";
  if (lies_inside(a, b)) return name_a + " lies inside " + name_b;
  if (lies_inside(b, a)) return name_b + " lies inside " + name_a;
  if (!(barrier_gap > 0)) return {};
  thread_local std::vector<PrimitivePair> near;
  near.clear();
  near_sub_region_pairs(a, b, skin, near);
  for (const PrimitivePair& pair : near) {
    const SubRegionPair r = regions_of(a, b, pair);
    const auto c = solve_local_contact_at(at_rest_trial(a), r.first, at_rest_trial(b), r.second);
    if (c && c->valid() && c->normal_gap < barrier_gap)
      return name_a + " and " + name_b + " are " + std::to_string(c->normal_gap) +
             " m apart, inside the barrier zone f·ḡ_n = " + std::to_string(barrier_gap) +
             " m of their contact law; start them at least that far apart";
  }
  return {};
}

std::string Preflight::first_problem(const SearchScene& placed, bool initial_placement) {
  std::vector<BodyPair> pairs;
  search_.overlapping_bodies(placed, pairs);
  std::vector<double> barrier_gaps(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    barrier_gaps[k] = initial_placement
                          ? scene_.pair_law(search_.body_numbers(pairs[k]))->law().barrier_gap()
                          : 0.0;
  std::vector<std::string> problems(pairs.size());
  const int count = static_cast<int>(pairs.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(scene_.threads())
  for (int k = 0; k < count; ++k) {
    const auto i = static_cast<std::size_t>(k);
    problems[i] = pair_problem(placed, pairs[i], *placed.skin(pairs[i]), barrier_gaps[i]);
  }
  for (const std::string& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

}  // namespace polydem

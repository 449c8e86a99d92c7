#include "contact/search/brute_force_search.hpp"

#include <algorithm>

#include "contact/search/sub_region_proximity.hpp"

namespace polydem {
namespace {

struct WorldSphere {
  const SubRegionBounds* bounds;
  Vec3 centre;
  double radius;
};

/// The sub-regions of `object` whose spheres come within `reach` of the bounding sphere of `other`.
void near_spheres(const SearchObject& object, const SearchObject& other, double reach,
                  std::vector<WorldSphere>& out) {
  out.clear();
  for (const SubRegionBounds& p : object.tree->primitives()) {
    const Vec3 centre = world_point(object, p.centre);
    const double limit = p.radius + other.shape->bounding_radius + reach;
    if ((centre - other.position).squaredNorm() <= limit * limit)
      out.push_back({&p, centre, p.radius});
  }
}

// The sphere test only saves time: it is widened beyond any rounding so that
// the exact test alone decides.
double widened(const SearchObject& a, const SearchObject& b, double reach) {
  return reach * (1 + 4 * kReachTolerance) + 1e-9 * (a.tree->radius() + b.tree->radius() + reach) +
         1e-12 * (a.position.norm() + b.position.norm());
}

void consider(const SearchScene& scene, const BodyPair& id, const SearchObject& a,
              const SearchObject& b, CandidateSet& out) {
  const std::optional<double> skin = scene.skin(id);
  if (!skin || !bounding_spheres_overlap(a, b, *skin)) return;
  const std::size_t first = out.regions.size();
  brute_force_sub_region_pairs(a, b, pair_reach(a, b, *skin), out.regions);
  if (out.regions.size() > first)
    out.pairs.push_back({id, *skin, static_cast<std::uint32_t>(first),
                         static_cast<std::uint32_t>(out.regions.size() - first)});
}

}  // namespace

// Both sides first keep the sub-regions whose spheres reach the other body's
// bounding sphere, then every pair of those goes through the sphere and exact tests.
void brute_force_sub_region_pairs(const SearchObject& a, const SearchObject& b, double reach,
                                  std::vector<SubRegionPair>& out) {
  thread_local std::vector<WorldSphere> near_a, near_b;
  const double cull = widened(a, b, reach);
  near_spheres(a, b, cull, near_a);
  near_spheres(b, a, cull, near_b);
  const std::size_t start = out.size();
  for (const WorldSphere& sa : near_a) {
    for (const WorldSphere& sb : near_b) {
      if (!degeneration_of(sa.bounds->region.kind, sb.bounds->region.kind)) continue;
      const double limit = sa.radius + sb.radius + cull;
      if ((sa.centre - sb.centre).squaredNorm() > limit * limit) continue;
      if (primitives_within(world_primitive(a, *sa.bounds), world_primitive(b, *sb.bounds), reach))
        out.emplace_back(sa.bounds->region, sb.bounds->region);
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
  // A facet's triangles are primitives of one sub-region: report its pairs once.
  out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()), out.end());
}

void brute_force_candidates(const SearchScene& scene, CandidateSet& out) {
  out.clear();
  for (std::size_t a = 0; a < scene.bodies.size(); ++a) {
    if (!scene.bodies[a].shape || !scene.wants_pairs_of(a)) continue;
    const int body = static_cast<int>(a);
    for (std::size_t s = 0; s < scene.boundaries.size(); ++s)
      consider(scene, {body, -1, static_cast<int>(s)}, scene.bodies[a], scene.boundaries[s], out);
    for (std::size_t b = a + 1; b < scene.bodies.size(); ++b)
      if (scene.bodies[b].shape)
        consider(scene, {body, static_cast<int>(b), -1}, scene.bodies[a], scene.bodies[b], out);
  }
}

}  // namespace polydem

#include "contact/search/brute_force_search.hpp"

#include <algorithm>

namespace polydem {
namespace {

struct WorldSphere {
  SubRegion region;
  Vec3 centre;
  double radius;
};

/// The sub-regions of `object` whose spheres reach within `reach` of the other object's sphere.
void near_spheres(const SearchObject& object, const Vec3& other_centre, double reach,
                  std::vector<WorldSphere>& out) {
  out.clear();
  for (const SubRegionSphere& s : *object.spheres) {
    const Vec3 centre = object.position + object.rotation * s.centre;
    if ((centre - other_centre).norm() <= reach + s.radius) out.push_back({s.region, centre, s.radius});
  }
}

}  // namespace

bool bounding_spheres_overlap(const SearchObject& a, const SearchObject& b, double skin) {
  const double reach = a.shape->bounding_radius + b.shape->bounding_radius + skin + a.margin + b.margin;
  return (a.position - b.position).norm() <= reach;
}

void sub_region_candidates(const SearchObject& a, const SearchObject& b, double skin,
                           std::vector<SubRegionPair>& pairs) {
  pairs.clear();
  const double slack = skin + a.margin + b.margin;
  thread_local std::vector<WorldSphere> near_a, near_b;
  near_spheres(a, b.position, b.shape->bounding_radius + slack, near_a);
  near_spheres(b, a.position, a.shape->bounding_radius + slack, near_b);
  for (const WorldSphere& sa : near_a) {
    for (const WorldSphere& sb : near_b) {
      if (!degeneration_of(sa.region.kind, sb.region.kind)) continue;
      if ((sa.centre - sb.centre).norm() <= sa.radius + sb.radius + slack)
        pairs.emplace_back(sa.region, sb.region);
    }
  }
  std::sort(pairs.begin(), pairs.end());
}

}  // namespace polydem

#include "contact/search/body_overlap.hpp"

#include <vector>

#include "contact/geometry/mesh_intersection.hpp"
#include "contact/search/sub_region_proximity.hpp"
#include "contact/search/tree_traversal.hpp"
#include "contact/search/world_primitive_cache.hpp"

namespace polydem {

bool surfaces_cross(const SearchObject& a, const SearchObject& b) {
  thread_local WorldPrimitiveCache world_a, world_b;
  world_a.reset(a);
  world_b.reset(b);
  bool crossing = false;
  for_each_near_pair(
      a, b, 0.0, kEdgeFacePairs, [&](const SubRegionBounds& pa, const SubRegionBounds& pb) {
        const WorldPrimitive& x = world_a.of(pa);
        const WorldPrimitive& y = world_b.of(pb);
        const WorldPrimitive& edge = x.count == 2 ? x : y;
        const WorldPrimitive& face = x.count == 2 ? y : x;
        crossing = segment_meets_triangle(edge.vertices[0], edge.vertices[1], face.vertices[0],
                                          face.vertices[1], face.vertices[2]);
        return !crossing;
      });
  return crossing;
}

// Inside needs every vertex of `inner` within the bounding sphere of `outer`:
// a cheap test that spares most pairs the winding number.
bool lies_inside(const SearchObject& inner, const SearchObject& outer) {
  if (outer.shape->kind != SurfaceKind::ClosedSolid || inner.shape->mesh.vertices.empty())
    return false;
  const double reach = outer.shape->bounding_radius * (1 + 1e-9);
  for (const Vec3& x : inner.shape->mesh.vertices)
    if ((world_point(inner, x) - outer.position).squaredNorm() > reach * reach) return false;
  thread_local std::vector<Vec3> outer_vertices;
  outer_vertices.clear();
  for (const Vec3& x : outer.shape->mesh.vertices) outer_vertices.push_back(world_point(outer, x));
  return winding_number(world_point(inner, inner.shape->mesh.vertices.front()), outer_vertices,
                        outer.shape->mesh.triangles) > 0.5;
}

}  // namespace polydem

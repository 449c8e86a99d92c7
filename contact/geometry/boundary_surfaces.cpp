#include "contact/geometry/boundary_surfaces.hpp"

#include <Eigen/Geometry>
#include <cmath>

#include "contact/geometry/generators.hpp"
#include "src/core/errors.hpp"

namespace polydem {
namespace {

[[noreturn]] void boundary_error(const std::string& key, const std::string& message) {
  throw InputError(SourceMark{"boundary surface"}, key, message);
}

}  // namespace

TriangleMesh make_planar_rectangle(const PlanarRectangle& rectangle) {
  if (!(rectangle.length_u > 0) || !(rectangle.length_v > 0) ||
      !std::isfinite(rectangle.length_u) || !std::isfinite(rectangle.length_v))
    boundary_error("extents", "side lengths must be positive");
  if (!(rectangle.normal.norm() > 0) || !rectangle.normal.allFinite())
    boundary_error("normal", "must be non-zero");
  Vec3 n = rectangle.normal.normalized();
  Vec3 u = rectangle.u_direction - rectangle.u_direction.dot(n) * n;
  if (!(u.norm() > 1e-9 * rectangle.u_direction.norm()))
    boundary_error("u_direction", "must not be parallel to the normal");
  u.normalize();
  Vec3 v = n.cross(u);  // (u, v, n) right-handed: counter-clockwise seen from the bodies' side
  Vec3 du = 0.5 * rectangle.length_u * u, dv = 0.5 * rectangle.length_v * v;
  TriangleMesh plane;
  plane.vertices = {rectangle.center - du - dv, rectangle.center + du - dv,
                    rectangle.center + du + dv, rectangle.center - du + dv};
  plane.triangles = {{0, 1, 2}, {0, 2, 3}};
  return plane;
}

TriangleMesh make_box_container(const BoxContainer& container) {
  const Vec3& h = container.half_extents;
  // A box seen from inside is the outward box with every triangle reversed.
  TriangleMesh box = make_box(h.x(), h.y(), h.z());
  for (Vec3& p : box.vertices) p += container.center;
  TriangleMesh inside{box.vertices, {}};
  for (const auto& tri : box.triangles) {
    bool lid = box.vertices[tri[0]].z() > container.center.z() &&
               box.vertices[tri[1]].z() > container.center.z() &&
               box.vertices[tri[2]].z() > container.center.z();
    if (lid && container.open_top) continue;
    inside.triangles.push_back({tri[0], tri[2], tri[1]});
  }
  return inside;
}

}  // namespace polydem

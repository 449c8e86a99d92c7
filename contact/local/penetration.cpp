#include "contact/local/penetration.hpp"

#include "contact/geometry/mesh_intersection.hpp"

namespace polydem {
namespace {

Vec3 placed(const PosedBody& body, int vertex) {
  return body.translation +
         body.rotation * body.shape->mesh.vertices[static_cast<std::size_t>(vertex)];
}

}  // namespace

// Eq. (27): an edge is Γ(ζ) = (1−ζ)/2 x1 + (1+ζ)/2 x2, a face
// Γ(ζ, θ) = −(ζ+θ)/2 x1 + (1+ζ)/2 x2 + (1+θ)/2 x3, a vertex itself.
Vec3 contact_point_a(const PosedBody& a, const LocalContact& contact) {
  const Shape& shape = *a.shape;
  const SubRegion region = contact.sub_region_a;
  const double zeta = contact.convective[0];
  const double theta = contact.convective[1];
  const auto index = static_cast<std::size_t>(region.index);
  switch (region.kind) {
    case SubRegionKind::Vertex:
      return placed(a, region.index);
    case SubRegionKind::Edge: {
      const auto& v = shape.edges[index].vertices;
      return (1 - zeta) / 2 * placed(a, v[0]) + (1 + zeta) / 2 * placed(a, v[1]);
    }
    case SubRegionKind::Face: {
      const auto& v = shape.faces[index].vertices;
      return -(zeta + theta) / 2 * placed(a, v[0]) + (1 + zeta) / 2 * placed(a, v[1]) +
             (1 + theta) / 2 * placed(a, v[2]);
    }
  }
  return placed(a, region.index);
}

bool lies_inside(const PosedBody& body, const Vec3& x) {
  const Shape& shape = *body.shape;
  if (shape.kind != SurfaceKind::ClosedSolid) return false;
  const Vec3 local = body.rotation.transpose() * (x - body.translation);
  if (local.norm() > shape.bounding_radius) return false;
  return winding_number(local, shape.mesh.vertices, shape.mesh.triangles) > 0.5;
}

bool penetrates(const PosedBody& a, const PosedBody& b, const LocalContact& contact) {
  if (!(contact.normal_gap > 0)) return true;
  if (contact.outside) return false;
  if (a.shape->kind != SurfaceKind::ClosedSolid || b.shape->kind != SurfaceKind::ClosedSolid)
    return true;
  const Vec3 point_a = contact_point_a(a, contact);
  return lies_inside(b, point_a) || lies_inside(a, point_a - contact.gap);
}

}  // namespace polydem

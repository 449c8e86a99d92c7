// Brute-force pair query; see pair_query.hpp.
#include "contact/local/pair_query.hpp"

#include <algorithm>
#include <tuple>

#include "contact/local/hierarchy.hpp"

namespace polydem {
namespace {

bool is_contact_vertex(const Shape& shape, const ShapeVertex& vertex) {
  return std::any_of(vertex.edges.begin(), vertex.edges.end(), [&](int e) {
    return shape.edges[static_cast<std::size_t>(e)].kind != EdgeKind::Flat;
  });
}

std::vector<Vec3> world_vertices(const PosedShape& posed, const Mat3& rotation) {
  std::vector<Vec3> vertices;
  vertices.reserve(posed.shape->mesh.vertices.size());
  for (const Vec3& x_ref : posed.shape->mesh.vertices) {
    vertices.push_back(posed.position + rotation * x_ref);
  }
  return vertices;
}

bool contact_order(const LocalContact& x, const LocalContact& y) {
  return std::tie(x.kind, x.sub_region_a, x.sub_region_b) <
         std::tie(y.kind, y.sub_region_a, y.sub_region_b);
}

}  // namespace

std::vector<SubRegion> contact_sub_regions(const Shape& shape) {
  std::vector<SubRegion> regions;
  for (std::size_t v = 0; v < shape.vertices.size(); ++v) {
    if (is_contact_vertex(shape, shape.vertices[v])) {
      regions.push_back({SubRegionKind::Vertex, static_cast<int>(v)});
    }
  }
  for (std::size_t e = 0; e < shape.edges.size(); ++e) {
    if (shape.edges[e].kind != EdgeKind::Flat) {
      regions.push_back({SubRegionKind::Edge, static_cast<int>(e)});
    }
  }
  for (std::size_t f = 0; f < shape.faces.size(); ++f) {
    if (shape.faces[f].facet == static_cast<int>(f))  // one sub-region per facet
      regions.push_back({SubRegionKind::Face, static_cast<int>(f)});
  }
  return regions;
}

std::vector<LocalContact> query_local_contacts(const PosedShape& a, const PosedShape& b,
                                               const PairQueryOptions& options) {
  const Mat3 rotation_a = a.rotation.normalized().toRotationMatrix();
  const Mat3 rotation_b = b.rotation.normalized().toRotationMatrix();
  const std::vector<Vec3> vertices_a = world_vertices(a, rotation_a);
  const std::vector<Vec3> vertices_b = world_vertices(b, rotation_b);
  const BodyGeometry body_a{a.shape, vertices_a, rotation_a};
  const BodyGeometry body_b{b.shape, vertices_b, rotation_b};
  const std::vector<SubRegion> regions_b = contact_sub_regions(*b.shape);

  std::vector<LocalContact> contacts;
  for (const SubRegion region_a : contact_sub_regions(*a.shape)) {
    for (const SubRegion region_b : regions_b) {
      const std::optional<LocalContact> contact =
          solve_local_contact(body_a, region_a, body_b, region_b, options.tolerances);
      if (!contact || !contact->valid() || !(contact->normal_gap < options.proximity)) continue;
      if (options.require_outside && !contact->outside) continue;
      contacts.push_back(*contact);
    }
  }
  if (options.apply_hierarchy) contacts = apply_contact_hierarchy(contacts, *a.shape, *b.shape);
  std::sort(contacts.begin(), contacts.end(), contact_order);
  return contacts;
}

}  // namespace polydem

#include "contact/geometry/shape_builder.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "contact/geometry/facets.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "contact/geometry/mesh_edges.hpp"
#include "contact/geometry/mesh_geometry.hpp"

namespace polydem {
namespace {

std::vector<ShapeFace> build_faces(const TriangleMesh& mesh) {
  std::vector<ShapeFace> faces;
  faces.reserve(mesh.triangles.size());
  for (const auto& tri : mesh.triangles)
    faces.push_back({tri, triangle_area_vector(mesh, tri).normalized()});
  return faces;
}

ShapeEdge build_edge(const MeshEdge& edge, const Shape& shape, double flat_angle) {
  auto [a, b] = edge.vertices;
  int first = edge.triangles[0];
  int second = edge.triangles.size() > 1 ? edge.triangles[1] : -1;
  ShapeEdge result;
  result.vertices =
      traverses(shape.mesh.triangles[first], a, b) ? std::array{a, b} : std::array{b, a};
  result.faces = {first, second};
  if (second < 0) return result;  // rim of an open sheet: a free, convex edge
  Vec3 direction =
      shape.mesh.vertices[result.vertices[1]] - shape.mesh.vertices[result.vertices[0]];
  result.kind =
      classify_edge(shape.faces[first].normal, shape.faces[second].normal, direction, flat_angle);
  return result;
}

VertexKind classify_vertex(const ShapeVertex& vertex, const std::vector<ShapeEdge>& edges) {
  bool convex = false, concave = false;
  for (int e : vertex.edges) {
    convex |= edges[e].kind == EdgeKind::Convex;
    concave |= edges[e].kind == EdgeKind::Concave;
  }
  if (convex && concave) return VertexKind::Saddle;
  return concave ? VertexKind::Concave : VertexKind::Convex;
}

std::vector<ShapeVertex> build_vertices(const Shape& shape) {
  std::vector<ShapeVertex> vertices(shape.mesh.vertices.size());
  for (int f = 0; f < static_cast<int>(shape.faces.size()); ++f)
    for (int v : shape.faces[f].vertices) vertices[v].faces.push_back(f);
  for (int e = 0; e < static_cast<int>(shape.edges.size()); ++e)
    for (int v : shape.edges[e].vertices) vertices[v].edges.push_back(e);
  for (ShapeVertex& vertex : vertices) {
    vertex.kind = classify_vertex(vertex, shape.edges);
    vertex.flat = std::all_of(vertex.edges.begin(), vertex.edges.end(),
                              [&](int e) { return shape.edges[e].kind == EdgeKind::Flat; });
  }
  return vertices;
}

void link_face_edges(Shape& shape) {
  for (int e = 0; e < static_cast<int>(shape.edges.size()); ++e) {
    const auto& [v0, v1] = shape.edges[e].vertices;
    for (int f : shape.edges[e].faces) {
      if (f < 0) continue;
      ShapeFace& face = shape.faces[f];
      for (int k = 0; k < 3; ++k) {
        const int a = face.vertices[k], b = face.vertices[(k + 1) % 3];
        if ((a == v0 && b == v1) || (a == v1 && b == v0)) face.edges[k] = e;
      }
    }
  }
}

}  // namespace

EdgeKind classify_edge(const Vec3& n0, const Vec3& n1, const Vec3& direction, double flat_angle) {
  Vec3 turn = n0.cross(n1);
  if (std::atan2(turn.norm(), n0.dot(n1)) <= flat_angle) return EdgeKind::Flat;
  // Walking along the edge with face 0 on the left, the normal turns about the
  // edge direction for a ridge and against it for a valley.
  return turn.dot(direction) > 0 ? EdgeKind::Convex : EdgeKind::Concave;
}

std::shared_ptr<const Shape> build_shape(TriangleMesh mesh, std::string name,
                                         const ShapeBuildOptions& options) {
  require_valid(mesh, name, options.kind);
  auto shape = std::make_shared<Shape>();
  shape->name = std::move(name);
  shape->mesh = std::move(mesh);
  shape->kind = options.kind;
  shape->faces = build_faces(shape->mesh);
  for (const MeshEdge& edge : collect_edges(shape->mesh))
    shape->edges.push_back(build_edge(edge, *shape, options.flat_angle));
  link_face_edges(*shape);
  build_facets(*shape, options.flat_angle);
  shape->vertices = build_vertices(*shape);
  for (const Vec3& p : shape->mesh.vertices)
    shape->bounding_radius = std::max(shape->bounding_radius, p.norm());
  return shape;
}

std::shared_ptr<const Shape> build_boundary_shape(TriangleMesh mesh, std::string name,
                                                  double flat_angle) {
  return build_shape(std::move(mesh), std::move(name), {flat_angle, SurfaceKind::OpenSheet});
}

}  // namespace polydem

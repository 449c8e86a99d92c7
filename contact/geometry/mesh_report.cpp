#include "contact/geometry/mesh_report.hpp"

#include <Eigen/Geometry>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "contact/geometry/mesh_edges.hpp"
#include "contact/geometry/mesh_geometry.hpp"
#include "contact/geometry/shape_builder.hpp"

namespace polydem {
namespace {

nlohmann::json to_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json to_json(const Mat3& m) {
  return {to_json(Vec3(m.row(0))), to_json(Vec3(m.row(1))), to_json(Vec3(m.row(2)))};
}

nlohmann::json to_json(const std::vector<EdgeViolation>& edges) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& edge : edges)
    list.push_back({{"vertices", edge.vertices}, {"triangles", edge.triangles}});
  return list;
}

nlohmann::json checks_json(const MeshCheckReport& report) {
  return {{"valid", report.valid()},
          {"closed", report.closed()},
          {"manifold", report.manifold()},
          {"consistently_oriented", report.consistently_oriented()},
          {"outward", report.outward()},
          {"signed_volume", report.signed_volume},
          {"bad_index_triangles", report.bad_index_triangles},
          {"degenerate_triangles", report.degenerate_triangles},
          {"duplicate_triangles", report.duplicate_triangles},
          {"open_edges", to_json(report.open_edges)},
          {"non_manifold_edges", to_json(report.non_manifold_edges)},
          {"misoriented_edges", to_json(report.misoriented_edges)},
          {"non_manifold_vertices", report.non_manifold_vertices}};
}

// Kinds of the edges that have exactly two non-degenerate faces; the others
// have no dihedral angle and are left out.
nlohmann::json counts_json(const TriangleMesh& mesh, const std::vector<MeshEdge>& edges) {
  int concave = 0, flat = 0;
  const double flat_angle = ShapeBuildOptions{}.flat_angle;
  for (const MeshEdge& edge : edges) {
    if (edge.triangles.size() != 2) continue;
    const auto& first = mesh.triangles[edge.triangles[0]];
    Vec3 n0 = triangle_area_vector(mesh, first),
         n1 = triangle_area_vector(mesh, mesh.triangles[edge.triangles[1]]);
    if (!(n0.norm() > 0) || !(n1.norm() > 0)) continue;
    auto [a, b] = edge.vertices;
    Vec3 direction = mesh.vertices[b] - mesh.vertices[a];
    if (!traverses(first, a, b)) direction = -direction;
    EdgeKind kind = classify_edge(n0.normalized(), n1.normalized(), direction, flat_angle);
    concave += kind == EdgeKind::Concave;
    flat += kind == EdgeKind::Flat;
  }
  return {{"faces", mesh.triangles.size()},
          {"vertices", mesh.vertices.size()},
          {"edges", edges.size()},
          {"concave_edges", concave},
          {"flat_edges", flat}};
}

/// Why the mass properties of an invalid mesh mean nothing (an inside-out mesh
/// has a negative volume and mass; an open one encloses no definite volume).
std::string problem_text(const MeshCheckReport& checks) {
  if (!checks.closed() || !checks.manifold())
    return "the mesh is not a closed manifold surface: it encloses no definite volume";
  if (!checks.consistently_oriented())
    return "the triangles are not consistently oriented: the volume is not defined";
  if (!checks.outward())
    return "the mesh is inside out (its triangles face inwards, signed volume < 0): reverse "
           "the vertex order of every triangle";
  return "the mesh has bad, degenerate or duplicate triangles";
}

}  // namespace

nlohmann::json mesh_report(const TriangleMesh& mesh, double density) {
  const MeshCheckReport checks = check_mesh(mesh);
  const BoundingBox box = bounding_box(mesh);
  nlohmann::json report = {
      {"checks", checks_json(checks)},
      {"counts", counts_json(mesh, collect_edges(mesh))},
      {"density", density},
      {"bounding_box", {{"min", to_json(box.min)}, {"max", to_json(box.max)}}}};
  if (!checks.valid()) {
    report["problem"] = problem_text(checks);
    for (const char* key : {"volume", "mass", "centre_of_mass", "inertia"}) report[key] = nullptr;
    return report;
  }
  const MassProperties mass = mass_properties(mesh, density);
  report["volume"] = mass.volume;
  report["mass"] = mass.mass;
  report["centre_of_mass"] = to_json(mass.centre_of_mass);
  report["inertia"] = to_json(mass.inertia);
  return report;
}

}  // namespace polydem

// Mesh validity: each kind of defect is found and reported with its indices.
#include <catch2/catch.hpp>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "src/core/errors.hpp"

using namespace polydem;

namespace {

std::string require_valid_error(const TriangleMesh& mesh,
                                SurfaceKind kind = SurfaceKind::ClosedSolid) {
  try {
    require_valid(mesh, "part.stl", kind);
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("generated solids pass every check", "[geometry][checks]") {
  for (const TriangleMesh& mesh :
       {make_box(1, 2, 3), make_tetrahedron(1), make_octahedron_with_edge(2)}) {
    MeshCheckReport report = check_mesh(mesh);
    CHECK(report.valid());
    CHECK(report.describe(10).empty());
    CHECK(report.signed_volume > 0);
    CHECK_NOTHROW(require_valid(mesh, "generated"));
  }
}

TEST_CASE("a missing triangle leaves open edges", "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  box.triangles.pop_back();
  MeshCheckReport report = check_mesh(box);
  CHECK_FALSE(report.closed());
  CHECK(report.open_edges.size() == 3);
  CHECK(report.consistently_oriented());
  CHECK_THAT(require_valid_error(box), Catch::Contains("part.stl") && Catch::Contains("open edge"));
  CHECK(check_mesh(box, SurfaceKind::OpenSheet).valid());  // a sheet may have a rim
}

TEST_CASE("a flipped triangle is inconsistently oriented at its three edges",
          "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  std::swap(box.triangles[4][1], box.triangles[4][2]);
  MeshCheckReport report = check_mesh(box);
  CHECK(report.closed());
  REQUIRE(report.misoriented_edges.size() == 3);
  for (const auto& edge : report.misoriented_edges)
    CHECK(std::find(edge.triangles.begin(), edge.triangles.end(), 4) != edge.triangles.end());
  CHECK_THAT(require_valid_error(box), Catch::Contains("inconsistently oriented edge"));
}

TEST_CASE("an inward box is consistent but not outward", "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  for (auto& tri : box.triangles) std::swap(tri[1], tri[2]);
  MeshCheckReport report = check_mesh(box);
  CHECK(report.closed());
  CHECK(report.consistently_oriented());
  CHECK_FALSE(report.outward());
  CHECK(report.signed_volume == Approx(-8));
  CHECK_THAT(require_valid_error(box), Catch::Contains("normals point inward"));
  CHECK(check_mesh(box, SurfaceKind::OpenSheet).valid());
}

TEST_CASE("duplicate and degenerate triangles are listed by index", "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  box.triangles.push_back(box.triangles[2]);
  MeshCheckReport duplicated = check_mesh(box);
  REQUIRE(duplicated.duplicate_triangles.size() == 1);
  CHECK(duplicated.duplicate_triangles[0] == std::array<int, 2>{2, 12});
  CHECK(duplicated.non_manifold_edges.size() == 3);
  CHECK_THAT(require_valid_error(box), Catch::Contains("triangle 12 duplicates triangle 2"));

  TriangleMesh sliver = make_box(1, 1, 1);
  sliver.vertices.push_back((sliver.vertices[0] + sliver.vertices[1]) / 2);
  sliver.triangles.push_back({0, 1, 8});  // collinear corners
  sliver.triangles.push_back({0, 0, 1});  // repeated corner
  MeshCheckReport degenerate = check_mesh(sliver);
  CHECK(degenerate.degenerate_triangles == std::vector<int>{12, 13});
  CHECK_THAT(require_valid_error(sliver), Catch::Contains("degenerate triangle 12"));
}

TEST_CASE("two tetrahedra sharing one vertex: a non-manifold vertex", "[geometry][checks]") {
  TriangleMesh pair = make_tetrahedron(1);
  const int apex = 0, offset = 4;
  for (int k = 0; k < 4; ++k)
    pair.vertices.push_back(Vec3(2 * pair.vertices[apex] - pair.vertices[k]));
  for (int k = 0; k < 4; ++k) {
    auto tri = pair.triangles[k];
    for (int& v : tri) v = v == apex ? apex : v + offset;
    pair.triangles.push_back(tri);
  }
  pair.vertices[offset + apex] = Vec3::Constant(99);  // unused copy of the shared apex
  MeshCheckReport report = check_mesh(pair);
  CHECK(report.closed());
  CHECK(report.non_manifold_vertices == std::vector<int>{apex});
  CHECK_FALSE(report.valid());
  CHECK_THAT(require_valid_error(pair), Catch::Contains("non-manifold vertex 0"));
}

TEST_CASE("out-of-range indices are reported, not followed", "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  box.triangles.push_back({0, 1, 42});
  MeshCheckReport report = check_mesh(box);
  CHECK(report.bad_index_triangles == std::vector<int>{12});
  CHECK_FALSE(report.valid());
}

TEST_CASE("require_valid lists the first few violations and counts the rest",
          "[geometry][checks]") {
  TriangleMesh box = make_box(1, 1, 1);
  box.triangles.resize(6);
  std::string message = require_valid_error(box);
  CHECK_THAT(message, Catch::StartsWith("part.stl: invalid mesh:") && Catch::Contains("more"));
  CHECK_THAT(require_valid_error(TriangleMesh{}), Catch::Contains("no triangles"));
}

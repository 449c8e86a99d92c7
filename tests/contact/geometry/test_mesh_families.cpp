// Meshes read by the deck (`{mesh: ...}` shapes and `{surface_mesh: ...}`
// boundaries): the file is scaled, rotated about x, y, z and translated, in
// that order, the same as `polydem mesh --scale --rotate --translate`. The
// reference is the transform worked out by hand for each vertex.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "contact/geometry/mesh_families.hpp"
#include "tests/support/deck_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// A unit right triangle in the xy plane, facing +z, as ASCII STL.
std::filesystem::path write_triangle(const std::filesystem::path& folder) {
  std::filesystem::create_directories(folder);
  const std::filesystem::path file = folder / "triangle.stl";
  std::ofstream(file) << "solid t\n facet normal 0 0 1\n  outer loop\n"
                         "   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n"
                         "  endloop\n endfacet\nendsolid t\n";
  return file;
}

bool has_vertex(const TriangleMesh& mesh, const Vec3& expected) {
  for (const Vec3& v : mesh.vertices)
    if ((v - expected).norm() < 1e-12) return true;
  return false;
}

}  // namespace

TEST_CASE("a surface mesh is scaled, then rotated about x, y, z, then translated",
          "[geometry][mesh]") {
  const auto folder = std::filesystem::temp_directory_path() / "polydem_mesh_families";
  write_triangle(folder);
  const MeshSource source{folder};

  const TriangleMesh as_read = boundary_surfaces().build(
      declared("surface", "{surface_mesh: {file: triangle.stl}}"), source);
  CHECK(has_vertex(as_read, Vec3(1, 0, 0)));

  // (1, 0, 0) → ×2 → (2, 0, 0) → 90° about z → (0, 2, 0) → +(0, 0, 1) → (0, 2, 1);
  // (0, 1, 0) → (0, 2, 0) → (−2, 0, 0) → (−2, 0, 1).
  const TriangleMesh placed = boundary_surfaces().build(
      declared("surface",
               "{surface_mesh: {file: triangle.stl, scale: 2, rotate: [0, 0, 90], "
               "translate: [0, 0, 1]}}"),
      source);
  REQUIRE(placed.vertices.size() == 3);
  CHECK(has_vertex(placed, Vec3(0, 0, 1)));
  CHECK(has_vertex(placed, Vec3(0, 2, 1)));
  CHECK(has_vertex(placed, Vec3(-2, 0, 1)));

  // About x first, then z: (1, 0, 0) stays on x under 90° about x, then goes to y.
  // (0, 1, 0) goes to (0, 0, 1) about x, which z leaves alone.
  const TriangleMesh turned = boundary_surfaces().build(
      declared("surface", "{surface_mesh: {file: triangle.stl, rotate: [90, 0, 90]}}"), source);
  CHECK(has_vertex(turned, Vec3(0, 1, 0)));
  CHECK(has_vertex(turned, Vec3(0, 0, 1)));
  std::filesystem::remove_all(folder);
}

// STL (ASCII and binary) and OBJ readers: the same surface read three ways is
// the same mesh, and every kind of bad file names the file and the place.
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_reader.hpp"
#include "contact/geometry/obj_reader.hpp"
#include "contact/geometry/stl_reader.hpp"
#include "src/core/errors.hpp"

using namespace polydem;

namespace {

std::string ascii_stl(const TriangleMesh& mesh) {
  std::ostringstream out;
  out.precision(17);
  out << "solid test part\n";
  for (const auto& tri : mesh.triangles) {
    out << "  facet normal 0 0 0\n    outer loop\n";
    for (int v : tri) {
      const Vec3& p = mesh.vertices[v];
      out << "      vertex " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
    }
    out << "    endloop\n  endfacet\n";
  }
  out << "endsolid test part\n";
  return out.str();
}

void append_u32(std::string& bytes, std::uint32_t value) {
  for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<char>((value >> (8 * k)) & 0xff));
}

std::string binary_stl(const TriangleMesh& mesh) {
  std::string bytes(80, ' ');
  append_u32(bytes, static_cast<std::uint32_t>(mesh.triangles.size()));
  for (const auto& tri : mesh.triangles) {
    for (int k = 0; k < 3; ++k) append_u32(bytes, 0);  // normal, ignored
    for (int v : tri)
      for (int k = 0; k < 3; ++k)
        append_u32(bytes, std::bit_cast<std::uint32_t>(static_cast<float>(mesh.vertices[v][k])));
    bytes += std::string(2, '\0');
  }
  return bytes;
}

// Every triangle in a different corner syntax, some indices negative.
std::string obj_text(const TriangleMesh& mesh) {
  std::ostringstream out;
  out.precision(17);
  out << "# box\no box\n";
  for (const Vec3& p : mesh.vertices) out << "v " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
  out << "vt 0 0\nvn 0 0 1\ns off\n";
  const int n = static_cast<int>(mesh.vertices.size());
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    out << 'f';
    for (int v : mesh.triangles[t]) {
      switch (t % 4) {
        case 0:
          out << ' ' << v + 1;
          break;
        case 1:
          out << ' ' << v + 1 << "/1/1";
          break;
        case 2:
          out << ' ' << v + 1 << "//1";
          break;
        default:
          out << ' ' << v - n;
          break;  // negative: counts back from the last vertex
      }
    }
    out << "  # comment\n";
  }
  return out.str();
}

bool same_mesh(const TriangleMesh& a, const TriangleMesh& b) {
  if (a.vertices.size() != b.vertices.size() || a.triangles != b.triangles) return false;
  for (std::size_t k = 0; k < a.vertices.size(); ++k)
    if (a.vertices[k] != b.vertices[k]) return false;
  return true;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

std::string stl_error(const std::string& text) {
  return error_of([&] { parse_stl(text, "bad.stl"); });
}
std::string obj_error(const std::string& text) {
  return error_of([&] { parse_obj(text, "bad.obj"); });
}

const char* kOneFacet =
    "solid t\n"
    "facet normal 0 0 1\n"
    " outer loop\n"
    "  vertex 0 0 0\n"
    "  vertex 1 0 0\n"
    "  vertex 0 1 0\n"
    " endloop\n"
    "endfacet\n"
    "endsolid t\n";

}  // namespace

TEST_CASE("ASCII STL, binary STL and OBJ give the same welded mesh", "[geometry][readers]") {
  const TriangleMesh box = make_box(1.0, 2.0, 3.0);  // exact in float, so binary matches too
  TriangleMesh from_ascii = parse_stl(ascii_stl(box), "box.stl");
  TriangleMesh from_binary = parse_stl(binary_stl(box), "box.stl");
  TriangleMesh from_obj = parse_obj(obj_text(box), "box.obj");
  CHECK(from_ascii.vertices.size() == 8);
  CHECK(from_ascii.triangles.size() == 12);
  CHECK(same_mesh(from_ascii, from_binary));
  CHECK(same_mesh(from_ascii, from_obj));
}

TEST_CASE("STL corners within the relative weld tolerance merge, farther ones do not",
          "[geometry][readers]") {
  TriangleMesh box = make_box(1.0, 1.0, 1.0);
  std::string text = ascii_stl(box);
  std::string nudged = text;
  nudged.replace(nudged.find("vertex -1 -1 -1"), 15, "vertex -1.000000000001 -1 -1");
  CHECK(parse_stl(nudged, "nudged.stl").vertices.size() == 8);
  std::string moved = text;
  moved.replace(moved.find("vertex -1 -1 -1"), 15, "vertex -1.001 -1 -1");
  CHECK(parse_stl(moved, "moved.stl").vertices.size() == 9);
  CHECK(parse_stl(moved, "moved.stl", 1e-2).vertices.size() == 8);
}

TEST_CASE("OBJ polygons are fan-triangulated and may index forward", "[geometry][readers]") {
  TriangleMesh quad = parse_obj("f 1 2 3 4\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n", "quad.obj");
  REQUIRE(quad.triangles.size() == 2);
  CHECK(quad.triangles[0] == std::array<int, 3>{0, 1, 2});
  CHECK(quad.triangles[1] == std::array<int, 3>{0, 2, 3});
  TriangleMesh coloured =
      parse_obj("v 0 0 0 1 0 0\nv 1 0 0 1 0 0\nv 0 1 0 1 0 0\nf -3 -2 -1\n", "c.obj");
  CHECK(coloured.triangles.size() == 1);
}

TEST_CASE("bad ASCII STL files name file, line and column", "[geometry][readers]") {
  std::string text = kOneFacet;
  CHECK(parse_stl(text, "ok.stl").triangles.size() == 1);

  std::string bad_number = text;
  bad_number.replace(bad_number.find("vertex 1 0 0"), 12, "vertex 1 x 0");
  CHECK_THAT(stl_error(bad_number), Catch::Contains("bad.stl:5:12") && Catch::Contains("'x'"));

  std::string infinite = text;
  infinite.replace(infinite.find("vertex 1 0 0"), 12, "vertex 1 inf 0");
  CHECK_THAT(stl_error(infinite), Catch::Contains("bad.stl:5:12"));

  std::string missing_endloop = text;
  missing_endloop.replace(missing_endloop.find(" endloop"), 8, "");
  CHECK_THAT(stl_error(missing_endloop),
             Catch::Contains("bad.stl:8:1") && Catch::Contains("'endloop'"));

  std::string four_corners = text;
  four_corners.replace(four_corners.find(" endloop"), 0, "  vertex 1 1 0\n");
  CHECK_THAT(stl_error(four_corners),
             Catch::Contains("bad.stl:7:3") && Catch::Contains("expected 'endloop'"));

  CHECK_THAT(stl_error(text.substr(0, text.find("  vertex 0 1 0"))),
             Catch::Contains("bad.stl:5") && Catch::Contains("unexpected end of file"));
  CHECK_THAT(stl_error("solid empty\nendsolid empty\n"),
             Catch::Contains("bad.stl") && Catch::Contains("without facets"));
}

TEST_CASE("bad binary STL files name the byte offset and triangle", "[geometry][readers]") {
  std::string bytes = binary_stl(make_box(1.0, 1.0, 1.0));
  CHECK_THAT(stl_error(bytes.substr(0, bytes.size() - 7)),
             Catch::Contains("bad.stl") && Catch::Contains("byte offset") &&
                 Catch::Contains("declares 12 triangles"));
  CHECK_THAT(stl_error(bytes.substr(0, 40)), Catch::Contains("84-byte header"));

  std::string not_finite = bytes;
  const std::size_t offset = 84 + 50 * 3 + 12 + 4;  // triangle 3, first corner, y
  const std::uint32_t nan_bits =
      std::bit_cast<std::uint32_t>(std::numeric_limits<float>::quiet_NaN());
  for (int k = 0; k < 4; ++k)
    not_finite[offset + k] = static_cast<char>((nan_bits >> (8 * k)) & 0xff);
  CHECK_THAT(stl_error(not_finite), Catch::Contains("byte offset " + std::to_string(offset)) &&
                                        Catch::Contains("triangle 3"));

  std::string empty(80, ' ');
  append_u32(empty, 0);
  CHECK_THAT(stl_error(empty), Catch::Contains("no triangles"));
}

TEST_CASE("bad OBJ files name file, line and column", "[geometry][readers]") {
  const std::string vertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  CHECK_THAT(obj_error(vertices + "f 1 2 4\n"),
             Catch::Contains("bad.obj:4:7") && Catch::Contains("only 3 vertices"));
  CHECK_THAT(obj_error(vertices + "f 0 1 2\n"),
             Catch::Contains("bad.obj:4:3") && Catch::Contains("index 0"));
  CHECK_THAT(obj_error(vertices + "f -4 1 2\n"),
             Catch::Contains("bad.obj:4:3") && Catch::Contains("before the first"));
  CHECK_THAT(obj_error(vertices + "f 1 2\n"),
             Catch::Contains("bad.obj:4:1") && Catch::Contains("at least 3"));
  CHECK_THAT(obj_error(vertices + "f 1 2 3/x\n"),
             Catch::Contains("bad.obj:4:7") && Catch::Contains("integer"));
  CHECK_THAT(obj_error(vertices + "f 1 2 3/1/1/1\n"), Catch::Contains("too many '/'"));
  CHECK_THAT(obj_error("v 0 0\n"),
             Catch::Contains("bad.obj:1:1") && Catch::Contains("3 coordinates"));
  CHECK_THAT(obj_error("v 0 0 nan\n"), Catch::Contains("bad.obj:1:7") && Catch::Contains("finite"));
  CHECK_THAT(obj_error(vertices + "curv 0 1 1 2\n"),
             Catch::Contains("bad.obj:4:1") && Catch::Contains("unsupported"));
  CHECK_THAT(obj_error(vertices), Catch::Contains("bad.obj") && Catch::Contains("without faces"));
}

TEST_CASE("read_mesh picks the reader by extension and names unreadable files",
          "[geometry][readers]") {
  const auto dir = std::filesystem::temp_directory_path() / "polydem_test_geometry_readers";
  std::filesystem::create_directories(dir);
  const TriangleMesh box = make_box(1.0, 2.0, 3.0);
  std::ofstream(dir / "box.STL", std::ios::binary) << binary_stl(box);
  std::ofstream(dir / "box.obj") << obj_text(box);
  CHECK(same_mesh(read_mesh((dir / "box.STL").string()), read_mesh((dir / "box.obj").string())));
  CHECK_THAT(error_of([&] { read_mesh((dir / "missing.stl").string()); }),
             Catch::Contains("missing.stl") && Catch::Contains("cannot open"));
  CHECK_THAT(error_of([&] { read_mesh((dir / "box.ply").string()); }),
             Catch::Contains("unknown mesh format"));
  std::filesystem::remove_all(dir);
}

// Bulk placement: the packing generator places bodies without overlap inside
// its box, reproducibly from its seed, by default one skin apart; body CSV files
// read back what was written, report bad lines by file:line and column and
// refuse oversized files, lines and fields; group velocities reach every body
// of their group.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "src/analysis/body_placement.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/io/atomic_file.hpp"

using namespace polydem;

namespace {

const char* kDeck = R"(
gravity: [0, 0, -9.81]
steps: [{end_time: 0.01, dt: {initial: 0.01}}]
shapes:
  - {name: pod, geometry: {tetrapod: {leg_length: 0.5, base_radius: 0.12, tip_radius: 0.05, facets: 8}}}
  - {name: cube, geometry: {box: {size: [0.2, 0.2, 0.2]}}}
packings:
  - {shape: pod, count: 60, box_min: [0, 0, 0], box_max: [6, 5, 6], gap: 0.01, seed: 7, density: 2400, group: pods}
group_velocities:
  - {group: pods, velocity: [0, 0, -1]}
boundaries:
  - {name: ground, surface: {plane: {center: [3, 2.5, 0], length_u: 12, length_v: 12}}}
contact:
  interactions:
    - {group_a: pods, normal: {skin: 0.005, stiffness: 1.0e6}}
    - {group_a: pods, group_b: boundary, normal: {skin: 0.005, stiffness: 1.0e6}}
)";

}  // namespace

TEST_CASE("a packing keeps bounding spheres apart, inside its box, reproducibly", "[placement]") {
  const DeckData deck = read_deck_string(kDeck, "pack.yaml");
  const ShapeLibrary shapes = build_shapes(deck);
  const std::vector<BodySpec> bodies = all_bodies(deck, shapes);
  REQUIRE(bodies.size() == 60);
  const double radius = shapes.at("pod")->bounding_radius;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    CHECK((bodies[i].position.array() >= radius + 0.01 - 1e-12).all());
    CHECK((bodies[i].position.array() <= Eigen::Array3d(6, 5, 6) - radius - 0.01 + 1e-12).all());
    CHECK(bodies[i].velocity == Vec3(0, 0, -1));
    for (std::size_t j = 0; j < i; ++j)
      CHECK((bodies[i].position - bodies[j].position).norm() >= 2 * radius + 0.01 - 1e-12);
  }
  // The same seed gives the same bodies; another seed other orientations.
  const std::vector<BodySpec> again = all_bodies(deck, shapes);
  for (std::size_t i = 0; i < bodies.size(); ++i) CHECK(again[i].rotation == bodies[i].rotation);
  DeckData reseeded = deck;
  reseeded.packings[0].seed = 8;
  CHECK(all_bodies(reseeded, shapes)[0].rotation != bodies[0].rotation);
  // The model builder's pre-flight check agrees that nothing overlaps.
  CHECK_NOTHROW(build_model(deck));
}

TEST_CASE("a packing that does not fit its box is an input error", "[placement]") {
  DeckData deck = read_deck_string(kDeck, "pack.yaml");
  deck.packings[0].count = 1000;
  const ShapeLibrary shapes = build_shapes(deck);
  CHECK_THROWS_WITH(all_bodies(deck, shapes), Catch::Contains("do not fit the box; at most"));
}

TEST_CASE("body CSV files read back what was written and bad lines name file, line and column",
          "[placement]") {
  const DeckData deck = read_deck_string(kDeck, "pack.yaml");
  const ShapeLibrary shapes = build_shapes(deck);
  const std::vector<BodySpec> bodies = all_bodies(deck, shapes);
  const auto dir = std::filesystem::temp_directory_path() / "polydem_test_body_placement";
  std::filesystem::create_directories(dir);
  write_file_atomically(dir / "bodies.csv", format_body_csv(bodies));
  BodyFileSpec spec{(dir / "bodies.csv").string(), {2400, "pods", Vec3::Zero(), Vec3::Zero()}, {}};
  const std::vector<BodySpec> read = read_body_file(spec, shapes);
  REQUIRE(read.size() == bodies.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].name == bodies[i].name);
    CHECK(read[i].position == bodies[i].position);  // shortest round-trip formatting: exact
    CHECK(read[i].rotation == bodies[i].rotation);
  }
  const auto error_of = [&](const std::string& text) {
    write_file_atomically(dir / "bad.csv", text);
    try {
      read_body_file({(dir / "bad.csv").string(), {2400, "pods", Vec3::Zero(), Vec3::Zero()}, {}},
                     shapes);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(error_of("name,shape,x,y,z,rx,ry\n"),
             Catch::Contains("bad.csv:1: the header lacks the column 'rz'"));
  CHECK_THAT(error_of("name,shape,x,y,z,rx,ry,rz\na,pod,0,0,zero,0,0,0\n"),
             Catch::Contains("bad.csv:2: column 'z': expected a finite number, got 'zero'"));
  CHECK_THAT(error_of("name,shape,x,y,z,rx,ry,rz\na,pod,0,0,0,0,0,0\nb,cone,0,0,0,0,0,0\n"),
             Catch::Contains("bad.csv:3: column 'shape': no shape named 'cone'"));
  CHECK_THAT(
      error_of("name,shape,x,y,z,rx,ry,rz,vx,vy,vz\n"),
      Catch::Contains("bad.csv:1: the velocity columns vx, vy, vz, wx, wy, wz come all six"));
  CHECK_THAT(
      error_of("name,shape,x,y,z,rx,ry,rz,vx,vy,vz,wx,wy,wz\na,pod,0,0,0,0,0,0,1,2,3,4,5,x\n"),
      Catch::Contains("bad.csv:2: column 'wz': expected a finite number, got 'x'"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("body CSV files with velocity columns give each body its own velocities", "[placement]") {
  const DeckData deck = read_deck_string(kDeck, "pack.yaml");
  const ShapeLibrary shapes = build_shapes(deck);
  std::vector<BodySpec> bodies = all_bodies(deck, shapes);
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const double s = static_cast<double>(i) + 0.1;
    bodies[i].velocity = Vec3(s, -s / 3, 1 / s);
    bodies[i].angular_velocity = Vec3(std::sqrt(s), -s * s, 0.7);
  }
  const auto dir = std::filesystem::temp_directory_path() / "polydem_test_body_velocities";
  std::filesystem::create_directories(dir);
  write_file_atomically(dir / "bodies.csv", format_body_csv(bodies, true));
  // The file's own velocities are the fallback; the columns override them body by body.
  const BodyFileSpec spec{
      (dir / "bodies.csv").string(), {2400, "pods", Vec3(9, 9, 9), Vec3(9, 9, 9)}, {}};
  const std::vector<BodySpec> read = read_body_file(spec, shapes);
  REQUIRE(read.size() == bodies.size());
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].velocity == bodies[i].velocity);  // exact: shortest round-trip numbers
    CHECK(read[i].angular_velocity == bodies[i].angular_velocity);
    CHECK(read[i].position == bodies[i].position);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("a packing without a gap keeps its bodies one skin apart and passes the initial check",
          "[placement]") {
  // The example's box of cubes with its gap left out; the law's skin 0.001 m.
  std::ifstream in(std::string(POLYDEM_SOURCE_DIR) + "/examples/box_of_cubes/small.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto gap = text.find(" gap: 0.01,");
  REQUIRE(gap != std::string::npos);
  text.erase(gap, std::string(" gap: 0.01,").size());
  const DeckData deck = read_deck_string(text, "small.yaml");
  REQUIRE_FALSE(deck.packings[0].gap.has_value());
  const ShapeLibrary shapes = build_shapes(deck);
  const Shape& cube = *shapes.at("cube");
  CHECK(packing_gap(deck, deck.packings[0], cube) == 0.001);
  const std::vector<BodySpec> bodies = all_bodies(deck, shapes);
  const double cell = (bodies[1].position - bodies[0].position).norm();
  CHECK(cell == Approx(2 * cube.bounding_radius + 0.001).epsilon(1e-12));
  CHECK_NOTHROW(build_model(deck));
  // With a relative skin, the gap is that fraction of the cube's size (its edge, 0.1 m).
  const auto skin = text.find("skin: 0.001");
  REQUIRE(skin != std::string::npos);
  text.replace(skin, std::string("skin: 0.001").size(), "relative_skin: 0.02");
  const DeckData relative = read_deck_string(text, "small.yaml");
  CHECK(packing_gap(relative, relative.packings[0], cube) == Approx(0.002).epsilon(1e-12));
}

TEST_CASE("a body file beyond its limits is refused, quoting only the start of the culprit",
          "[placement]") {
  const DeckData deck = read_deck_string(kDeck, "pack.yaml");
  const ShapeLibrary shapes = build_shapes(deck);
  const auto dir = std::filesystem::temp_directory_path() / "polydem_test_body_limits";
  std::filesystem::create_directories(dir);
  const PlacementLimits limits{3, 200, 80, 20};  // bodies, file bytes, line bytes, field bytes
  const auto error_of = [&](const std::string& text) {
    write_file_atomically(dir / "big.csv", text);
    try {
      read_body_file({(dir / "big.csv").string(), {2400, "pods", Vec3::Zero(), Vec3::Zero()}, {}},
                     shapes, limits);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string header = "name,shape,x,y,z,rx,ry,rz\n";
  const std::string row = "a,pod,0,0,0,0,0,0\n";
  CHECK(error_of(header + row + "b,pod,0,0,0,0,0,0\n").empty());
  const std::string long_name(1000, 'n');
  const std::string field_error = error_of(header + "a,pod,0,0," + std::string(50, '7') + ",0\n");
  CHECK_THAT(field_error, Catch::Contains("big.csv:2: field 5 is 50 bytes long, more than 20: '"));
  CHECK(field_error.size() < 200);
  const std::string line_error = error_of(header + long_name + "\n");
  CHECK_THAT(line_error, Catch::Contains("big.csv:2: the line is longer than 80 bytes: '"));
  CHECK(line_error.size() < 200);
  std::string many = header;
  for (int k = 0; k < 4; ++k) many += std::string(1, static_cast<char>('a' + k)) + row.substr(1);
  CHECK_THAT(error_of(many), Catch::Contains("big.csv:5: more than 3 bodies in one file"));
  std::string large = header;
  for (int k = 0; k < 12; ++k) large += "\n" + std::string(20, ' ');
  CHECK_THAT(error_of(large), Catch::Contains("the file is larger than 200 bytes"));
  // The deck's own limits: a line of 1 MB is refused at its 4097th byte, 60 of them quoted.
  write_file_atomically(dir / "huge.csv", header + "a,pod," + std::string(1 << 20, '1') + "\n");
  try {
    read_body_file({(dir / "huge.csv").string(), {2400, "pods", Vec3::Zero(), Vec3::Zero()}, {}},
                   shapes);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK_THAT(e.what(), Catch::Contains("huge.csv:2: the line is longer than 4096 bytes"));
    CHECK(std::string(e.what()).size() < 300);
  }
  std::filesystem::remove_all(dir);
}

// Writes a small VTU time series for the read-back test (tests/python/read_vtu.py):
//   write_sample_vtu <dir>               -> <dir>/sample.pvd, sample_NNN.vtu, sample.json
// sample.json is the sidecar holding every value the reader must find in the .vtu files.
//   write_sample_vtu --measure <points> <dir>
// writes one VTU of <points> points (3 vector arrays + 1 quaternion array) and prints the
// bytes and the format / write times.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "src/io/atomic_file.hpp"
#include "src/io/json_writer.hpp"
#include "src/io/pvd_writer.hpp"
#include "src/io/vtu_writer.hpp"

namespace {

using polydem::DataArray;
using polydem::VtkCellType;
using polydem::VtuMesh;

DataArray random_array(std::string name, int components, std::size_t tuples, std::mt19937_64& rng) {
  std::normal_distribution<double> value(0.0, 10.0);
  DataArray array{std::move(name), components, {}};
  array.values.resize(tuples * static_cast<std::size_t>(components));
  std::generate(array.values.begin(), array.values.end(), [&] { return value(rng); });
  return array;
}

// Values whose bits a lossy path (float32, text with too few digits) would change.
void plant_awkward_values(DataArray& array) {
  const double awkward[] = {-0.0,
                            0.1,
                            1.0 / 3.0,
                            std::numeric_limits<double>::denorm_min(),
                            std::numeric_limits<double>::max(),
                            -1e-300};
  const std::size_t count = std::min(array.values.size(), std::size(awkward));
  std::copy_n(awkward, count, array.values.begin());
}

VtuMesh random_mesh(std::size_t point_count, std::size_t triangle_count, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
  std::uniform_int_distribution<std::int64_t> point_id(0,
                                                       static_cast<std::int64_t>(point_count) - 1);
  VtuMesh mesh;
  mesh.points.resize(point_count);
  for (auto& point : mesh.points) point = {coordinate(rng), coordinate(rng), coordinate(rng)};
  mesh.add_vertex_cells();
  for (std::size_t t = 0; t < triangle_count; ++t) {
    mesh.add_cell(VtkCellType::triangle, {point_id(rng), point_id(rng), point_id(rng)});
  }
  mesh.point_data = {random_array("velocity", 3, point_count, rng),
                     random_array("radius", 1, point_count, rng),
                     random_array("rotation_quaternion_wxyz", 4, point_count, rng),
                     random_array("stress", 9, point_count, rng)};
  plant_awkward_values(mesh.point_data[1]);
  mesh.cell_data = {random_array("cell_value", 1, mesh.cell_count(), rng),
                    random_array("normal", 3, mesh.cell_count(), rng)};
  return mesh;
}

nlohmann::json arrays_to_json(const std::vector<DataArray>& arrays) {
  nlohmann::json object = nlohmann::json::object();
  for (const DataArray& array : arrays) {
    object[array.name] = {{"components", array.components}, {"values", array.values}};
  }
  return object;
}

nlohmann::json mesh_to_json(const VtuMesh& mesh) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& point : mesh.points) points.push_back({point.x(), point.y(), point.z()});
  return {{"points", points},
          {"connectivity", mesh.connectivity},
          {"offsets", mesh.offsets},
          {"types", mesh.cell_types},
          {"point_data", arrays_to_json(mesh.point_data)},
          {"cell_data", arrays_to_json(mesh.cell_data)}};
}

int write_sample(const std::filesystem::path& directory) {
  std::filesystem::create_directories(directory);
  std::mt19937_64 rng(20240607);
  // Sizes chosen so the arrays end on every base64 padding case (byte counts mod 3).
  const std::pair<std::size_t, std::size_t> frame_sizes[] = {{1000, 300}, {7, 2}, {1, 0}};
  polydem::PvdCollection pvd(directory / "sample.pvd");
  nlohmann::json frames = nlohmann::json::array();
  double time = 0.0;
  for (std::size_t frame = 0; frame < std::size(frame_sizes); ++frame, time += 0.1) {
    const VtuMesh mesh = random_mesh(frame_sizes[frame].first, frame_sizes[frame].second, rng);
    const std::string file = "sample_" + std::to_string(frame) + ".vtu";
    polydem::write_vtu(directory / file, mesh);
    pvd.add(time, directory / file);
    nlohmann::json entry = mesh_to_json(mesh);
    entry["file"] = file;
    entry["time"] = time;
    frames.push_back(std::move(entry));
  }
  polydem::write_json_atomically(directory / "sample.json",
                                 nlohmann::json{{"pvd", "sample.pvd"}, {"frames", frames}}, -1);
  return 0;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int measure(std::size_t point_count, const std::filesystem::path& directory) {
  std::filesystem::create_directories(directory);
  std::mt19937_64 rng(1);
  VtuMesh mesh;
  mesh.points.resize(point_count, polydem::Vec3::Zero());
  mesh.add_vertex_cells();
  mesh.point_data = {random_array("velocity", 3, point_count, rng),
                     random_array("angular_velocity", 3, point_count, rng),
                     random_array("centre_of_mass", 3, point_count, rng),
                     random_array("rotation_quaternion_wxyz", 4, point_count, rng)};
  constexpr int repeats = 5;
  double best_format = 1e300, best_write = 1e300;
  std::size_t bytes = 0;
  for (int repeat = 0; repeat < repeats; ++repeat) {
    auto start = std::chrono::steady_clock::now();
    const std::string document = polydem::format_vtu(mesh);
    best_format = std::min(best_format, seconds_since(start));
    start = std::chrono::steady_clock::now();
    polydem::write_file_atomically(directory / "measure.vtu", document);
    best_write = std::min(best_write, seconds_since(start));
    bytes = document.size();
  }
  std::printf(
      "points %zu  bytes %zu (%.2f MB)  format %.1f ms  atomic write+fsync %.1f ms"
      "  (best of %d)\n",
      point_count, bytes, static_cast<double>(bytes) / 1e6, best_format * 1e3, best_write * 1e3,
      repeats);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 1) return write_sample(args[0]);
    if (args.size() == 3 && args[0] == "--measure") return measure(std::stoul(args[1]), args[2]);
    std::fprintf(stderr, "usage: write_sample_vtu <dir> | --measure <points> <dir>\n");
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "write_sample_vtu: %s\n", error.what());
    return 1;
  }
}

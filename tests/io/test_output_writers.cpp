#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "src/core/errors.hpp"
#include "src/io/atomic_file.hpp"
#include "src/io/base64.hpp"
#include "src/io/csv_writer.hpp"
#include "src/io/json_writer.hpp"
#include "src/io/pvd_writer.hpp"
#include "src/io/text_format.hpp"
#include "src/io/vtu_writer.hpp"
#include "tests/support/scratch_directory.hpp"

namespace fs = std::filesystem;
using namespace polydem;
using polydem::testing::ScratchDirectory;

namespace {

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

std::span<const std::byte> bytes_of(std::string_view text) {
  return std::as_bytes(std::span(text.data(), text.size()));
}

// Lowers RLIMIT_FSIZE so that writes past `limit` bytes fail with EFBIG (a disk-full stand-in
// that also works as root, where permission bits are not enforced).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t limit) {
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &previous_);
    rlimit lowered = previous_;
    lowered.rlim_cur = limit;
    ::setrlimit(RLIMIT_FSIZE, &lowered);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &previous_);
    std::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit previous_{};
  void (*previous_handler_)(int) = nullptr;
};

double parse_double(std::string_view text) {
  double value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  REQUIRE(result.ec == std::errc());
  REQUIRE(result.ptr == text.data() + text.size());
  return value;
}

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Finite doubles spread over the whole exponent range, plus the awkward corners.
std::vector<double> awkward_doubles() {
  std::vector<double> values = {0.0,
                                -0.0,
                                0.1,
                                1.0 / 3.0,
                                -2.5e-7,
                                1e23,
                                5e-324,
                                std::numeric_limits<double>::min(),
                                std::numeric_limits<double>::max(),
                                std::numeric_limits<double>::lowest(),
                                9007199254740993.0};
  std::mt19937_64 rng(7);
  while (values.size() < 2000) {
    const double value = std::bit_cast<double>(rng());
    if (std::isfinite(value)) values.push_back(value);
  }
  return values;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// base64

TEST_CASE("base64 matches the RFC 4648 test vectors", "[output][base64]") {
  CHECK(encode_base64(bytes_of("")) == "");
  CHECK(encode_base64(bytes_of("f")) == "Zg==");
  CHECK(encode_base64(bytes_of("fo")) == "Zm8=");
  CHECK(encode_base64(bytes_of("foo")) == "Zm9v");
  CHECK(encode_base64(bytes_of("foob")) == "Zm9vYg==");
  CHECK(encode_base64(bytes_of("fooba")) == "Zm9vYmE=");
  CHECK(encode_base64(bytes_of("foobar")) == "Zm9vYmFy");
  CHECK(encode_base64(bytes_of(std::string_view("\xff\xfe\xfd\x00\x10\x83", 6))) == "//79ABCD");
  for (std::size_t size = 0; size < 10; ++size) {
    CHECK(base64_encoded_size(size) == encode_base64(bytes_of(std::string(size, 'x'))).size());
  }
}

TEST_CASE("base64 streaming equals one-shot encoding for every split", "[output][base64]") {
  std::string data(47, '\0');
  std::mt19937 rng(3);
  for (char& c : data) c = static_cast<char>(rng());
  const std::string expected = encode_base64(bytes_of(data));
  for (std::size_t first = 0; first <= data.size(); ++first) {
    for (std::size_t second = first; second <= data.size(); second += 5) {
      std::string out = "prefix:";
      Base64Encoder encoder(out);
      encoder.append(bytes_of(std::string_view(data).substr(0, first)));
      encoder.append(bytes_of(std::string_view(data).substr(first, second - first)));
      encoder.append(bytes_of(std::string_view(data).substr(second)));
      encoder.finish();
      REQUIRE(out == "prefix:" + expected);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// write_file_atomically

TEST_CASE("atomic write creates and replaces a file and leaves no temporary", "[output][atomic]") {
  ScratchDirectory dir;
  write_file_atomically(dir / "a.txt", "first");
  CHECK(read_all(dir / "a.txt") == "first");
  write_file_atomically(dir / "a.txt", "second, longer contents");
  CHECK(read_all(dir / "a.txt") == "second, longer contents");
  write_file_atomically(dir / "a.txt", "");
  CHECK(read_all(dir / "a.txt").empty());
  CHECK(dir.names() == std::vector<std::string>{"a.txt"});
}

TEST_CASE("atomic write into a missing directory throws naming the path", "[output][atomic]") {
  ScratchDirectory dir;
  const fs::path target = dir / "missing" / "out.vtu";
  try {
    write_file_atomically(target, "data");
    FAIL("no exception");
  } catch (const std::runtime_error& error) {
    CHECK_THAT(error.what(), Catch::Contains(target.string()));
    CHECK_THAT(error.what(), Catch::Contains("No such file or directory"));
  }
  CHECK(dir.names().empty());
}

// The command line turns EnvironmentError into exit code 2 with its message; any other
// std::runtime_error would be reported as an internal error (exit code 1).
TEST_CASE("failures of the disk or the path are environment errors naming the file",
          "[output][atomic]") {
  ScratchDirectory dir;
  write_file_atomically(dir / "plain", "a regular file");
  const fs::path under_a_file = dir / "plain" / "out.csv";
  CHECK_THROWS_AS(write_file_atomically(under_a_file, "data"), EnvironmentError);
  CHECK_THROWS_AS(AppendOnlyLog(under_a_file), EnvironmentError);
  CHECK_THROWS_WITH(create_output_directory(dir / "plain" / "run"),
                    Catch::Contains("'" + (dir / "plain" / "run").string() + "'"));
  CHECK_THROWS_AS(create_output_directory(dir / "plain"), EnvironmentError);
  create_output_directory(dir / "a" / "b");
  create_output_directory(dir / "a" / "b");  // an existing directory is fine
  CHECK(fs::is_directory(dir / "a" / "b"));
  {
    FileSizeLimit limit(4096);
    AppendOnlyLog log(dir / "monitor.csv", 1);
    CHECK_THROWS_MATCHES(
        log.append_row(std::string(1 << 16, 'x')), EnvironmentError,
        Catch::Matchers::Message("cannot write '" + (dir / "monitor.csv.part").string() +
                                 "': File too large"));
  }
  CHECK(read_all(dir / "plain") == "a regular file");
  CHECK(dir.names() == std::vector<std::string>{"a", "monitor.csv.part", "plain"});
}

// Renaming over /dev/null would replace the device with a regular file (as root, which may
// create files in /dev), where the user meant to throw the output away. A pipe stands for the
// device here, so that the test cannot break /dev/null when it fails.
TEST_CASE("atomic write refuses to replace a pipe, a device or a directory", "[output][atomic]") {
  ScratchDirectory dir;
  const fs::path pipe = dir / "pipe";
  REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(
      write_file_atomically(pipe, "data"),
      Catch::Contains("'" + pipe.string() + "'") && Catch::Contains("not a regular file"));
  CHECK(fs::is_fifo(pipe));
  fs::create_directory(dir / "sub");
  CHECK_THROWS_AS(write_file_atomically(dir / "sub", "data"), EnvironmentError);
  CHECK(dir.names() == std::vector<std::string>{"pipe", "sub"});
}

TEST_CASE("a failed atomic write keeps the old file and removes the temporary",
          "[output][atomic]") {
  ScratchDirectory dir;
  const fs::path target = dir / "results.pvd";
  write_file_atomically(target, "old contents");

  SECTION("the write itself fails (file size limit, like a full disk)") {
    const std::string big(1 << 20, 'x');
    {
      FileSizeLimit limit(4096);
      CHECK_THROWS_WITH(write_file_atomically(target, big),
                        Catch::Contains(target.string()) && Catch::Contains("too large"));
    }
    CHECK(read_all(target) == "old contents");
    CHECK(dir.names() == std::vector<std::string>{"results.pvd"});
  }

  SECTION("the document made in pieces fails half way") {
    const auto half_then_fail = [](const ByteSink& sink) {
      sink("new, half ");
      throw std::runtime_error("formatting failed");
    };
    CHECK_THROWS_WITH(write_file_atomically(target, half_then_fail), "formatting failed");
    CHECK(read_all(target) == "old contents");
    CHECK(dir.names() == std::vector<std::string>{"results.pvd"});
    write_file_atomically(target, [](const ByteSink& sink) {
      sink("new, ");
      sink("");
      sink("whole");
    });
    CHECK(read_all(target) == "new, whole");
  }

  SECTION("the final rename fails (target is a directory)") {
    const fs::path blocked = dir / "blocked";
    fs::create_directory(blocked);
    CHECK_THROWS_AS(write_file_atomically(blocked, "data"), std::runtime_error);
    CHECK(fs::is_directory(blocked));
    CHECK(dir.names() == std::vector<std::string>{"blocked", "results.pvd"});
  }

  SECTION("the directory is read-only") {
    if (::geteuid() == 0) return;  // root ignores permission bits
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
    CHECK_THROWS_AS(write_file_atomically(target, "new"), std::runtime_error);
    fs::permissions(dir.path(), fs::perms::owner_all);
    CHECK(read_all(target) == "old contents");
    CHECK(dir.names() == std::vector<std::string>{"results.pvd"});
  }
}

// ---------------------------------------------------------------------------------------------
// AppendOnlyLog

TEST_CASE("append-only log buffers whole rows and renames on finish", "[output][log]") {
  ScratchDirectory dir;
  const fs::path final_path = dir / "monitor.csv";
  write_file_atomically(final_path, "stale file from an earlier run\n");
  AppendOnlyLog log(final_path, 3);
  CHECK(log.part_path() == dir / "monitor.csv.part");
  CHECK(dir.names() == std::vector<std::string>{"monitor.csv.part"});

  log.append_row("a,b\n");
  log.append_row("1,2");                       // the newline is added
  CHECK(fs::file_size(log.part_path()) == 0);  // still buffered
  log.append_row("3,4\n");
  CHECK(read_all(log.part_path()) == "a,b\n1,2\n3,4\n");
  log.append_row("5,6");
  log.flush();
  CHECK(read_all(log.part_path()) == "a,b\n1,2\n3,4\n5,6\n");
  CHECK_FALSE(fs::exists(final_path));

  log.append_row("7,8");
  log.finish();
  CHECK(log.finished());
  CHECK(dir.names() == std::vector<std::string>{"monitor.csv"});
  CHECK(read_all(final_path) == "a,b\n1,2\n3,4\n5,6\n7,8\n");
  CHECK_THROWS_AS(log.append_row("9,9"), std::logic_error);
  log.finish();  // idempotent
}

TEST_CASE("an unfinished append-only log stays a complete .part file", "[output][log]") {
  ScratchDirectory dir;
  {
    AppendOnlyLog log(dir / "monitor.csv", 100);
    log.append_row("x");
    log.append_row("y");
  }
  CHECK(dir.names() == std::vector<std::string>{"monitor.csv.part"});
  CHECK(read_all(dir / "monitor.csv.part") == "x\ny\n");
  CHECK_THROWS_AS(AppendOnlyLog(dir / "missing" / "m.csv"), std::runtime_error);
}

// ---------------------------------------------------------------------------------------------
// CSV

TEST_CASE("CSV rows round-trip doubles exactly", "[output][csv]") {
  const std::vector<double> values = awkward_doubles();
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < values.size(); ++i) {
    columns.push_back(std::to_string(i));  // not "c" + ...: GCC 12 -O3 false -Wrestrict (PR105651)
  }
  CsvFormatter formatter(columns);
  std::string_view row = formatter.format_row(values);
  REQUIRE(row.back() == '\n');
  row.remove_suffix(1);
  std::size_t column = 0;
  while (!row.empty()) {
    const std::size_t comma = std::min(row.find(','), row.size());
    const double parsed = parse_double(row.substr(0, comma));
    INFO("column " << column << ": " << row.substr(0, comma));
    REQUIRE(same_bits(parsed, values[column]));
    ++column;
    row.remove_prefix(std::min(comma + 1, row.size()));
  }
  CHECK(column == values.size());
  CHECK(format_shortest(0.1) == "0.1");
  CHECK(format_shortest(-0.0) == "-0");
  CHECK(format_shortest(42.0) == "42");
}

TEST_CASE("CSV header is written once and fields are quoted when needed", "[output][csv]") {
  CsvFormatter formatter({"time", "force, x", "say \"hi\""});
  CHECK(formatter.header() == "time,\"force, x\",\"say \"\"hi\"\"\"\n");
  CHECK(formatter.format_row(std::vector<double>{1.5, -2.0, 1e-300}) == "1.5,-2,1e-300\n");
  CHECK_THROWS_AS(formatter.format_row(std::vector<double>{1.0}), std::invalid_argument);
  CHECK_THROWS_AS(CsvFormatter({}), std::invalid_argument);

  ScratchDirectory dir;
  CsvLog log(dir / "monitor.csv", {"time", "energy"}, 2);
  log.write_row({0.0, 1.25});
  log.write_row({0.5, 1.0 / 3.0});
  CHECK_FALSE(fs::exists(dir / "monitor.csv"));
  log.finish();
  CHECK(read_all(dir / "monitor.csv") == "time,energy\n0,1.25\n0.5,0.3333333333333333\n");
}

// ---------------------------------------------------------------------------------------------
// VTU

TEST_CASE("VTU arrays are one base64 stream of UInt64 size header and data", "[output][vtu]") {
  VtuMesh mesh;
  mesh.points = {Vec3(1.0, 2.0, 3.0)};
  mesh.add_vertex_cells();
  mesh.point_data.push_back({"radius", 1, {0.5}});
  const std::string document = format_vtu(mesh);

  std::string expected_points(sizeof(std::uint64_t) + 3 * sizeof(double), '\0');
  const std::uint64_t byte_count = 3 * sizeof(double);
  const double xyz[] = {1.0, 2.0, 3.0};
  std::memcpy(expected_points.data(), &byte_count, sizeof byte_count);
  std::memcpy(expected_points.data() + sizeof byte_count, xyz, sizeof xyz);
  CHECK_THAT(document, Catch::Contains(encode_base64(bytes_of(expected_points))));
  CHECK_THAT(document, Catch::Contains("header_type=\"UInt64\""));
  CHECK_THAT(document, Catch::Contains("NumberOfPoints=\"1\" NumberOfCells=\"1\""));
  CHECK_THAT(document, Catch::Contains("Name=\"radius\" format=\"binary\""));

  ScratchDirectory dir;
  write_vtu(dir / "one.vtu", mesh);
  CHECK(read_all(dir / "one.vtu") == document);
}

TEST_CASE("a VTU document written in pieces equals its arrays encoded in one piece",
          "[output][vtu]") {
  // Large enough for many pieces and payload chunks, with sizes that leave partial base64
  // groups at the chunk boundaries.
  VtuMesh mesh;
  for (int k = 0; k < 40001; ++k) mesh.points.emplace_back(k, 0.5 * k, -1.0 / (k + 1));
  for (std::int64_t k = 0; k + 2 < 40001; k += 3)
    mesh.add_cell(VtkCellType::triangle, {k, k + 1, k + 2});
  std::vector<double> speed(mesh.points.size());
  for (std::size_t k = 0; k < speed.size(); ++k) speed[k] = std::sqrt(static_cast<double>(k));
  mesh.point_data.push_back({"speed", 1, speed});
  const std::string document = format_vtu(mesh);

  const auto one_piece = [](std::span<const std::byte> data) {
    std::string bytes(sizeof(std::uint64_t) + data.size(), '\0');
    const std::uint64_t byte_count = data.size();
    std::memcpy(bytes.data(), &byte_count, sizeof byte_count);
    std::memcpy(bytes.data() + sizeof byte_count, data.data(), data.size());
    return ">\n          " + encode_base64(bytes_of(bytes)) + "\n        </DataArray>";
  };
  CHECK_THAT(document, Catch::Contains(one_piece(std::as_bytes(std::span(mesh.points)))));
  CHECK_THAT(document, Catch::Contains(one_piece(std::as_bytes(std::span(speed)))));
  CHECK_THAT(document, Catch::Contains(one_piece(std::as_bytes(std::span(mesh.connectivity)))));
  CHECK(document.size() > 8 * (std::size_t{1} << 16));

  ScratchDirectory dir;
  write_vtu(dir / "large.vtu", mesh);
  CHECK(read_all(dir / "large.vtu") == document);
}

TEST_CASE("VTU meshes are validated before writing", "[output][vtu]") {
  VtuMesh mesh;
  mesh.points = {Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY()};
  mesh.add_cell(VtkCellType::triangle, {0, 1, 2});
  mesh.point_data.push_back({"velocity", 3, std::vector<double>(9, 0.0)});
  mesh.cell_data.push_back({"area", 1, {0.5}});
  CHECK_NOTHROW(validate_vtu_mesh(mesh));

  SECTION("array size") {
    mesh.point_data[0].values.pop_back();
    CHECK_THROWS_WITH(validate_vtu_mesh(mesh), Catch::Contains("velocity"));
  }
  SECTION("point id") {
    mesh.connectivity[2] = 3;
    CHECK_THROWS_AS(validate_vtu_mesh(mesh), std::invalid_argument);
  }
  SECTION("offsets") {
    mesh.offsets.back() = 2;
    CHECK_THROWS_AS(validate_vtu_mesh(mesh), std::invalid_argument);
  }
  SECTION("nothing is written for an invalid mesh") {
    mesh.cell_data[0].name.clear();
    ScratchDirectory dir;
    CHECK_THROWS_AS(write_vtu(dir / "bad.vtu", mesh), std::invalid_argument);
    CHECK(dir.names().empty());
  }
}

// ---------------------------------------------------------------------------------------------
// PVD

TEST_CASE("PVD collection is rewritten on every sample with paths relative to it",
          "[output][pvd]") {
  ScratchDirectory dir;
  PvdCollection pvd(dir / "results.pvd");
  pvd.add(0.0, dir / "vtk" / "bodies_0.vtu");
  CHECK_THAT(read_all(dir / "results.pvd"),
             Catch::Contains("<DataSet timestep=\"0\" part=\"0\" file=\"vtk/bodies_0.vtu\"/>"));
  pvd.add(0.1, dir / "vtk" / "bodies_&1.vtu");
  const std::string text = read_all(dir / "results.pvd");
  CHECK_THAT(text, Catch::Contains("timestep=\"0.1\" part=\"0\" file=\"vtk/bodies_&amp;1.vtu\""));
  CHECK(text == format_pvd(pvd.entries()));
  CHECK(pvd.entries().size() == 2);
  CHECK(dir.names() == std::vector<std::string>{"results.pvd"});
}

// ---------------------------------------------------------------------------------------------
// JSON

TEST_CASE("JSON output round-trips doubles and has a stable key order", "[output][json]") {
  const std::vector<double> values = awkward_doubles();
  nlohmann::json document = {{"zeta", 1}, {"alpha", values}, {"mid", {{"b", 2}, {"a", 1}}}};
  const std::string text = format_json(document, -1);
  CHECK(text.back() == '\n');
  CHECK(text.find("\"alpha\"") < text.find("\"mid\""));
  CHECK(text.find("\"mid\"") < text.find("\"zeta\""));
  const auto parsed = nlohmann::json::parse(text)["alpha"].get<std::vector<double>>();
  REQUIRE(parsed.size() == values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    INFO(i << ": " << values[i]);
    REQUIRE(same_bits(parsed[i], values[i]));
  }

  nlohmann::ordered_json ordered;
  ordered["zeta"] = 1;
  ordered["alpha"] = 2;
  CHECK(format_json(ordered, -1) == "{\"zeta\":1,\"alpha\":2}\n");
  CHECK(format_json(nlohmann::json{{"x", std::numeric_limits<double>::quiet_NaN()}}, -1) ==
        "{\"x\":null}\n");

  ScratchDirectory dir;
  write_json_atomically(dir / "summary.json", document);
  CHECK(nlohmann::json::parse(read_all(dir / "summary.json")) == document);
}

// A restarted run continues the logs and .pvd files of the run it restarts
// from (src/analysis/output_history.hpp): AppendOnlyLog's extents and resume,
// CsvLog::resume, PvdCollection's add of several samples at once.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "src/core/state_stream.hpp"
#include "src/io/atomic_file.hpp"
#include "src/io/csv_writer.hpp"
#include "src/io/pvd_writer.hpp"

namespace fs = std::filesystem;
using namespace polydem;

namespace {

// A fresh directory per test, removed afterwards.
struct Scratch {
  Scratch() {
    static std::atomic<int> counter{0};
    path = fs::temp_directory_path() / ("polydem_test_log_resume_" + std::to_string(::getpid()) +
                                        "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  fs::path path;
};

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> names(const fs::path& directory) {
  std::vector<std::string> list;
  for (const auto& entry : fs::directory_iterator(directory))
    list.push_back(entry.path().filename().string());
  std::sort(list.begin(), list.end());
  return list;
}

// A log of `rows` rows "k,k*k"; its extent after the first `kept` of them.
LogExtent write_log(const fs::path& path, int rows, int kept, bool finish) {
  AppendOnlyLog log(path, 2);
  LogExtent at_kept = log.extent();
  for (int k = 0; k < rows; ++k) {
    log.append_row(std::to_string(k) + "," + std::to_string(k * k));
    if (k + 1 == kept) at_kept = log.extent();
  }
  if (finish) log.finish();
  return at_kept;  // unfinished: the destructor leaves "<name>.part", as a killed run would
}

std::string rows_text(int from, int to) {
  std::string text;
  for (int k = from; k < to; ++k) text += std::to_string(k) + "," + std::to_string(k * k) + "\n";
  return text;
}

}  // namespace

TEST_CASE("a log's extent is its length and the fingerprint of its bytes", "[output][resume]") {
  Scratch dir;
  AppendOnlyLog log(dir.path / "m.csv", 100);
  CHECK(log.extent().bytes == 0);
  CHECK(log.extent().fingerprint == fingerprint(""));
  log.append_row("a,b");
  log.append_row("1,2\n");
  log.flush();
  const std::string text = read_all(dir.path / "m.csv.part");
  CHECK(text == "a,b\n1,2\n");
  CHECK(log.extent().bytes == text.size());
  CHECK(log.extent().fingerprint == fingerprint(text));
  CHECK(fingerprint("1,2\n", fingerprint("a,b\n")) == fingerprint(text));
}

TEST_CASE("a killed run's log is cut back to the extent and continued", "[output][resume]") {
  Scratch dir;
  const fs::path path = dir.path / "monitor.csv";
  const LogExtent extent = write_log(path, 9, 4, false);
  REQUIRE(names(dir.path) == std::vector<std::string>{"monitor.csv.part"});
  REQUIRE(read_all(dir.path / "monitor.csv.part") == rows_text(0, 9));
  CHECK(AppendOnlyLog::resumable(path, extent));
  std::optional<AppendOnlyLog> log = AppendOnlyLog::resume(path, extent, 1);
  REQUIRE(log);
  CHECK(read_all(dir.path / "monitor.csv.part") == rows_text(0, 4));  // rows after it dropped
  for (int k = 4; k < 7; ++k) log->append_row(std::to_string(k) + "," + std::to_string(k * k));
  const std::string expected = rows_text(0, 7);
  CHECK(log->extent().bytes == expected.size());
  CHECK(log->extent().fingerprint == fingerprint(expected));
  log->finish();
  CHECK(names(dir.path) == std::vector<std::string>{"monitor.csv"});
  CHECK(read_all(path) == expected);
}

TEST_CASE("a finished log is a .part again while it is continued", "[output][resume]") {
  Scratch dir;
  const fs::path path = dir.path / "monitor.csv";
  const LogExtent extent = write_log(path, 6, 2, true);
  REQUIRE(names(dir.path) == std::vector<std::string>{"monitor.csv"});
  std::optional<AppendOnlyLog> log = AppendOnlyLog::resume(path, extent);
  REQUIRE(log);
  CHECK(names(dir.path) == std::vector<std::string>{"monitor.csv.part"});  // never a cut final
  CHECK(read_all(dir.path / "monitor.csv.part") == rows_text(0, 2));
  log->append_row("x");
  log->finish();
  CHECK(read_all(path) == rows_text(0, 2) + "x\n");
}

TEST_CASE("a log that does not begin with the extent is left as it is", "[output][resume]") {
  Scratch dir;
  const fs::path path = dir.path / "monitor.csv";
  CHECK_FALSE(AppendOnlyLog::resumable(path, LogExtent{0, fingerprint("")}));
  CHECK_FALSE(AppendOnlyLog::resume(path, LogExtent{0, fingerprint("")}));  // no file at all
  const LogExtent extent = write_log(path, 5, 5, true);

  SECTION("cut short") { write_file_atomically(path, rows_text(0, 4)); }
  SECTION("changed") {
    std::string text = rows_text(0, 5);
    text[2] = '7';
    write_file_atomically(path, text);
  }
  const std::string before = read_all(path);
  CHECK_FALSE(AppendOnlyLog::resumable(path, extent));
  CHECK_FALSE(AppendOnlyLog::resume(path, extent));
  CHECK(names(dir.path) == std::vector<std::string>{"monitor.csv"});
  CHECK(read_all(path) == before);
}

TEST_CASE("a continued CSV table keeps its header and writes no second one", "[output][resume]") {
  Scratch dir;
  const fs::path path = dir.path / "newton.csv";
  LogExtent extent;
  {
    CsvLog csv(path, {"time", "value"});
    csv.write_row({0.5, 1.0});
    csv.flush();
    extent = csv.log().extent();
    csv.write_row({0.75, 2.0});  // after the checkpoint: dropped
  }
  CHECK(CsvLog::resume(path, {"time", "value"}, LogExtent{extent.bytes + 1, 0}) == nullptr);
  std::unique_ptr<CsvLog> csv = CsvLog::resume(path, {"time", "value"}, extent);
  REQUIRE(csv);
  csv->write_row({1.0, 3.0});
  csv->finish();
  CHECK(read_all(path) == "time,value\n0.5,1\n1,3\n");
}

TEST_CASE("samples added at once list as if added one by one", "[output][resume]") {
  Scratch dir;
  const std::vector<double> times = {0, 0.05, 0.1};
  std::vector<fs::path> files;
  for (int k = 0; k < 3; ++k) files.push_back(dir.path / "vtk" / ("b_" + std::to_string(k)));
  PvdCollection one_by_one(dir.path / "a.pvd");
  for (int k = 0; k < 3; ++k) one_by_one.add(times[k], files[k]);
  PvdCollection at_once(dir.path / "b.pvd");
  at_once.add(times, files);
  CHECK(read_all(dir.path / "b.pvd") == read_all(dir.path / "a.pvd"));
  at_once.add(0.15, dir.path / "vtk" / "b_3");
  one_by_one.add(0.15, dir.path / "vtk" / "b_3");
  CHECK(read_all(dir.path / "b.pvd") == read_all(dir.path / "a.pvd"));
  CHECK_THROWS_AS(at_once.add(times, std::vector<fs::path>(2)), std::invalid_argument);
  CHECK(at_once.entries().size() == 4);
}

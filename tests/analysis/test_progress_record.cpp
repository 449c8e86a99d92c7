// The progress record of runs whose stderr is not a terminal (progress_record.hpp).
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "src/analysis/progress_record.hpp"

using namespace polydem;

namespace {

// What was written to a temporary stream, line by line.
std::vector<std::string> lines_of(std::FILE* stream) {
  std::rewind(stream);
  std::vector<std::string> lines;
  std::string line;
  for (int c = std::fgetc(stream); c != EOF; c = std::fgetc(stream)) {
    if (c != '\n') {
      line += static_cast<char>(c);
      continue;
    }
    lines.push_back(line);
    line.clear();
  }
  if (!line.empty()) lines.push_back(line + "<no newline>");
  return lines;
}

}  // namespace

TEST_CASE("a progress record line names time, share, counts and wall time", "[progress]") {
  const std::string line =
      ProgressRecord::format(0.5, 2.0, "drop", ProgressCounts{40, 3, 100}, 12.3);
  CHECK(line ==
        "polydem: progress: t = 0.5 s of 2 s (25.0%), step 'drop', 40 steps, 3 rejected, "
        "2.50 Newton iterations per step, 12.3 s wall\n");
  CHECK(ProgressRecord::format(0, 1, "s", ProgressCounts{}, 0).find("0.00 Newton") !=
        std::string::npos);  // no step yet: no division by zero
}

TEST_CASE("progress records come once per interval of wall time, and never when off",
          "[progress]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream);
  ProgressRecord off(0, 1, stream);
  off.update(0.1, "s", ProgressCounts{1, 0, 2});
  CHECK(lines_of(stream).empty());

  ProgressRecord record(0.2, 1, stream);
  record.start();
  record.update(0.1, "s", ProgressCounts{1, 0, 2});  // too early
  CHECK(lines_of(stream).empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  record.update(0.2, "s", ProgressCounts{2, 0, 4});
  record.update(0.3, "s", ProgressCounts{3, 0, 6});  // the next one is not due yet
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  record.update(0.4, "s", ProgressCounts{4, 1, 8});
  const std::vector<std::string> lines = lines_of(stream);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].rfind("polydem: progress: t = 0.2 s of 1 s (20.0%)", 0) == 0);
  CHECK(lines[1].rfind("polydem: progress: t = 0.4 s of 1 s (40.0%), step 's', 4 steps, 1 "
                       "rejected",
                       0) == 0);
  std::fclose(stream);
}

// A fresh directory per test under the system's temporary folder, removed afterwards
// (permissions restored first, for tests that take them away).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace polydem::testing {

namespace fs = std::filesystem;

class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string& prefix = "output") {
    static std::atomic<int> counter{0};
    path_ =
        fs::temp_directory_path() / ("polydem_test_" + prefix + "_" + std::to_string(::getpid()) +
                                     "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

  std::vector<std::string> names() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(path_)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  fs::path path_;
};

}  // namespace polydem::testing

// ParaView data collection (.pvd): the time series index over per-step .vtu files.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace polydem {

struct PvdEntry {
  double time = 0.0;
  std::filesystem::path file;  ///< as written into the collection (relative to the .pvd)
  int part = 0;
};

/// The .pvd document listing `entries` in the given order.
std::string format_pvd(std::span<const PvdEntry> entries);

/// A .pvd that is rewritten whole (atomically) after every add(), so ParaView can open the
/// series while the run is still going and a crash never leaves a truncated index.
/// Starts empty: an existing file at `pvd_path` is replaced on the first add().
class PvdCollection {
 public:
  explicit PvdCollection(std::filesystem::path pvd_path);

  /// Records `dataset_file` at `time` and rewrites the .pvd. `dataset_file` is a path as the
  /// caller would open it (absolute, or relative to the working directory); it is stored
  /// relative to the .pvd's directory, so the output directory can be moved.
  void add(double time, const std::filesystem::path& dataset_file, int part = 0);
  /// The same for several datasets (part 0), `times[k]` with `dataset_files[k]`, with one
  /// rewrite: a restarted run's samples up to its checkpoint. std::invalid_argument when
  /// the two lengths differ.
  void add(std::span<const double> times, std::span<const std::filesystem::path> dataset_files);

  const std::vector<PvdEntry>& entries() const { return entries_; }
  const std::filesystem::path& path() const { return pvd_path_; }

 private:
  std::filesystem::path pvd_path_;
  std::vector<PvdEntry> entries_;
};

}  // namespace polydem

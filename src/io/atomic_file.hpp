// Crash-safe file output: a reader (ParaView, a post-processing script, a restarted run) must
// never see a half-written file under its final name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace polydem {

/// Whether a file must also survive a power cut once written.
enum class Durability {
  /// fsync before the rename: for files written once per run (summary, echo, checkpoints).
  Synced,
  /// Rename only: still whole or absent for readers and after a crash of the process, but
  /// the data may sit in the page cache. For files written every output sample (VTU, PVD),
  /// where an fsync each (milliseconds on most disks) would dominate the run time.
  Unsynced,
};

/// Writes `contents` to `target` whole or not at all: the bytes go to a temporary file in the
/// same directory (so the rename cannot cross file systems), are flushed (and fsync'ed when
/// Synced), and the temporary is renamed over `target`. On failure the temporary is removed,
/// an existing `target` is left untouched, and EnvironmentError (src/core/errors.hpp) names
/// the path and the errno text. A `target` that exists and is neither a regular file nor a
/// symbolic link (a directory, a device such as /dev/null, a pipe) is refused the same way:
/// the rename would replace it instead of writing into it.
void write_file_atomically(const std::filesystem::path& target, std::string_view contents,
                           Durability durability = Durability::Synced);

/// Creates `directory` and its missing parents (nothing when it exists). EnvironmentError
/// names it when that fails: a regular file in the way, no permission, a read-only or full
/// file system.
void create_output_directory(const std::filesystem::path& directory);

/// Receives a document's bytes in order, piece by piece.
using ByteSink = std::function<void(std::string_view)>;

/// The same for a document made in pieces, so that it never sits whole in memory: `produce`
/// is called once with a sink that writes each piece to the temporary file. Whatever
/// `produce` throws propagates, with the temporary removed and `target` untouched.
void write_file_atomically(const std::filesystem::path& target,
                           const std::function<void(const ByteSink&)>& produce,
                           Durability durability = Durability::Synced);

/// How far a log had grown at some moment: its length and the fingerprint of those bytes
/// (src/core/state_stream.hpp), so that a restarted run can tell that a log on disk still
/// begins with exactly what its checkpoint saw.
struct LogExtent {
  std::uint64_t bytes = 0;
  std::uint64_t fingerprint = 0;
};

/// A file that grows by whole rows during a run (monitor.csv). Rows go to "<name>.part";
/// only finish() renames it to "<name>", so the final name only ever holds a complete file
/// and an interrupted run leaves an obviously partial "<name>.part" behind.
/// Rows are buffered and written with one write() per batch of whole rows, at most every
/// `rows_per_flush` rows, on flush() and on finish().
class AppendOnlyLog {
 public:
  /// Creates (truncates) "<final_path>.part" and removes a "<final_path>" left by an earlier
  /// run, so the directory never mixes two runs. Throws EnvironmentError on failure.
  explicit AppendOnlyLog(std::filesystem::path final_path, std::size_t rows_per_flush = 64);
  /// Continues the log an earlier run left at `final_path` ("<name>.part" if there is one,
  /// else "<name>"), cut back to `extent`: rows it had after that are dropped. The log is
  /// "<name>.part" again until finish(). Empty, with the files untouched, when neither
  /// exists or the file does not begin with `extent` (shorter, or other bytes). Throws
  /// std::runtime_error when a file cannot be read or changed.
  /// Whether resume() would continue the log at `final_path`; reads, changes nothing.
  static bool resumable(const std::filesystem::path& final_path, const LogExtent& extent);
  static std::optional<AppendOnlyLog> resume(std::filesystem::path final_path,
                                             const LogExtent& extent,
                                             std::size_t rows_per_flush = 64);
  AppendOnlyLog(AppendOnlyLog&& other) noexcept;
  AppendOnlyLog& operator=(AppendOnlyLog&& other) noexcept;
  AppendOnlyLog(const AppendOnlyLog&) = delete;
  AppendOnlyLog& operator=(const AppendOnlyLog&) = delete;
  /// Closes without renaming: an unfinished log stays "<name>.part" (rows buffered since the
  /// last flush are written first, best effort).
  ~AppendOnlyLog();

  /// Appends one row; a missing trailing '\n' is added.
  void append_row(std::string_view row);
  /// Writes the buffered rows now.
  void flush();
  /// Writes the buffered rows, fsyncs, closes and renames "<name>.part" to "<name>".
  /// Further appends throw std::logic_error.
  void finish();

  bool finished() const { return file_descriptor_ < 0; }
  /// Everything appended so far (on disk once flushed).
  const LogExtent& extent() const { return extent_; }
  const std::filesystem::path& final_path() const { return final_path_; }
  const std::filesystem::path& part_path() const { return part_path_; }

 private:
  AppendOnlyLog(std::filesystem::path final_path, std::size_t rows_per_flush, int file_descriptor,
                const LogExtent& extent);
  void close_quietly() noexcept;

  std::filesystem::path final_path_;
  std::filesystem::path part_path_;
  std::size_t rows_per_flush_;
  std::size_t buffered_rows_ = 0;
  std::string buffer_;
  int file_descriptor_ = -1;
  LogExtent extent_;
};

}  // namespace polydem

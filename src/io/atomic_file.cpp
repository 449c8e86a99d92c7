#include "src/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "src/core/errors.hpp"
#include "src/core/state_stream.hpp"

namespace polydem {

namespace {

// The disk, the permissions or the path refused: the environment's problem, not a bug.
[[noreturn]] void throw_io_error(std::string_view action, const std::filesystem::path& path,
                                 int error_number) {
  throw EnvironmentError("cannot " + std::string(action) + " '" + path.string() +
                         "': " + std::generic_category().message(error_number));
}

void write_all(int file_descriptor, std::string_view bytes, const std::filesystem::path& path) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(file_descriptor, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      throw_io_error("write", path, errno);
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

void sync_and_close(int file_descriptor, const std::filesystem::path& path, bool sync = true) {
  if (sync && ::fsync(file_descriptor) != 0) {
    const int error_number = errno;
    ::close(file_descriptor);
    throw_io_error("fsync", path, error_number);
  }
  // close() can report a deferred write error (NFS), so it is checked too.
  if (::close(file_descriptor) != 0) throw_io_error("close", path, errno);
}

std::filesystem::path directory_of(const std::filesystem::path& file) {
  const std::filesystem::path parent = file.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

// Makes a completed rename survive a power cut. Best effort: some file systems refuse to
// fsync a directory, and the data itself is already safe at this point.
void sync_directory_of(const std::filesystem::path& file) {
  const int directory = ::open(directory_of(file).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory < 0) return;
  ::fsync(directory);
  ::close(directory);
}

void rename_over(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) throw_io_error("rename to", to, errno);
}

// The rename would replace the device or pipe itself (as root, `--out /dev/null` would leave
// a regular file in its place), not write into it.
void refuse_special_target(const std::filesystem::path& target) {
  struct stat status {};
  if (::lstat(target.c_str(), &status) != 0) return;  // absent: created; other errors: at open
  if (S_ISREG(status.st_mode) || S_ISLNK(status.st_mode)) return;
  throw EnvironmentError("cannot write '" + target.string() +
                         "': it exists and is not a regular file (a directory, device or pipe)");
}

struct TempFile {
  std::filesystem::path path;
  int file_descriptor = -1;
};

// A name unique to this process and call, created with O_EXCL so that two writers (threads or
// processes) never share a temporary. Mode 0666 lets the umask decide, like a plain open().
TempFile create_temp_beside(const std::filesystem::path& target) {
  static std::atomic<unsigned long> counter{0};
  constexpr int attempts = 16;  // only a stale temp from a dead process with our pid collides
  int error_number = 0;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    std::filesystem::path candidate = target;
    candidate += ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    const int file_descriptor =
        ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (file_descriptor >= 0) return {std::move(candidate), file_descriptor};
    error_number = errno;
    if (error_number != EEXIST) break;
  }
  throw_io_error("create a temporary file for", target, error_number);
}

// Whether the file open as `file_descriptor` (at its start) begins with the bytes `extent`
// describes.
bool begins_with(int file_descriptor, const LogExtent& extent, const std::filesystem::path& path) {
  std::string chunk(std::size_t{1} << 16, '\0');
  std::uint64_t left = extent.bytes;
  std::uint64_t hash = kEmptyFingerprint;
  while (left > 0) {
    const ssize_t got =
        ::read(file_descriptor, chunk.data(),
               static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk.size())));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw_io_error("read", path, errno);
    }
    if (got == 0) return false;  // shorter than the extent
    hash = fingerprint(std::string_view(chunk.data(), static_cast<std::size_t>(got)), hash);
    left -= static_cast<std::uint64_t>(got);
  }
  return hash == extent.fingerprint;
}

// A killed run left "<name>.part"; a finished one, "<name>" alone.
std::filesystem::path log_left_at(const std::filesystem::path& final_path) {
  std::filesystem::path part = final_path;
  part += ".part";
  return std::filesystem::exists(part) ? part : final_path;
}

void remove_if_there(const std::filesystem::path& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) throw_io_error("remove", path, errno);
}

}  // namespace

void write_file_atomically(const std::filesystem::path& target, std::string_view contents,
                           Durability durability) {
  write_file_atomically(
      target, [contents](const ByteSink& sink) { sink(contents); }, durability);
}

void write_file_atomically(const std::filesystem::path& target,
                           const std::function<void(const ByteSink&)>& produce,
                           Durability durability) {
  refuse_special_target(target);
  TempFile temp = create_temp_beside(target);
  try {
    try {
      produce([&](std::string_view piece) { write_all(temp.file_descriptor, piece, target); });
    } catch (...) {
      ::close(temp.file_descriptor);
      throw;
    }
    sync_and_close(temp.file_descriptor, target, durability == Durability::Synced);
    rename_over(temp.path, target);
  } catch (...) {
    ::unlink(temp.path.c_str());
    throw;
  }
  if (durability == Durability::Synced) sync_directory_of(target);
}

void create_output_directory(const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (!error && !std::filesystem::is_directory(directory, error))
    error = std::make_error_code(std::errc::not_a_directory);  // a file of that name exists
  if (error)
    throw EnvironmentError("cannot create the output directory '" + directory.string() +
                           "': " + error.message());
}

AppendOnlyLog::AppendOnlyLog(std::filesystem::path final_path, std::size_t rows_per_flush)
    : final_path_(std::move(final_path)),
      part_path_(final_path_.string() + ".part"),
      rows_per_flush_(rows_per_flush == 0 ? 1 : rows_per_flush) {
  file_descriptor_ = ::open(part_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (file_descriptor_ < 0) throw_io_error("create", part_path_, errno);
  // A complete file from an earlier run must not sit beside this run's partial one.
  if (::unlink(final_path_.c_str()) != 0 && errno != ENOENT) {
    const int error_number = errno;
    close_quietly();
    throw_io_error("remove the previous", final_path_, error_number);
  }
  buffer_.reserve(4096);
  extent_.fingerprint = kEmptyFingerprint;
}

AppendOnlyLog::AppendOnlyLog(std::filesystem::path final_path, std::size_t rows_per_flush,
                             int file_descriptor, const LogExtent& extent)
    : final_path_(std::move(final_path)),
      part_path_(final_path_.string() + ".part"),
      rows_per_flush_(rows_per_flush == 0 ? 1 : rows_per_flush),
      file_descriptor_(file_descriptor),
      extent_(extent) {
  buffer_.reserve(4096);
}

bool AppendOnlyLog::resumable(const std::filesystem::path& final_path, const LogExtent& extent) {
  const std::filesystem::path source = log_left_at(final_path);
  const int file_descriptor = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (file_descriptor < 0) {
    if (errno == ENOENT) return false;
    throw_io_error("open", source, errno);
  }
  bool begins = false;
  try {
    begins = begins_with(file_descriptor, extent, source);
  } catch (...) {
    ::close(file_descriptor);
    throw;
  }
  ::close(file_descriptor);
  return begins;
}

std::optional<AppendOnlyLog> AppendOnlyLog::resume(std::filesystem::path final_path,
                                                   const LogExtent& extent,
                                                   std::size_t rows_per_flush) {
  const std::filesystem::path source = log_left_at(final_path);
  const bool from_part = source != final_path;
  const int file_descriptor = ::open(source.c_str(), O_RDWR | O_CLOEXEC);
  if (file_descriptor < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw_io_error("open", source, errno);
  }
  AppendOnlyLog log(std::move(final_path), rows_per_flush, file_descriptor, extent);
  if (!begins_with(file_descriptor, extent, source)) return std::nullopt;  // closes it unchanged
  // The final name holds only whole logs, so a finished log becomes "<name>.part" again
  // before it is cut, and no finished log is left beside the one that goes on.
  if (from_part)
    remove_if_there(log.final_path_);
  else
    rename_over(log.final_path_, log.part_path_);
  if (::ftruncate(file_descriptor, static_cast<off_t>(extent.bytes)) != 0)
    throw_io_error("truncate", log.part_path_, errno);
  if (::lseek(file_descriptor, 0, SEEK_END) < 0) throw_io_error("seek in", log.part_path_, errno);
  return log;
}

AppendOnlyLog::AppendOnlyLog(AppendOnlyLog&& other) noexcept
    : final_path_(std::move(other.final_path_)),
      part_path_(std::move(other.part_path_)),
      rows_per_flush_(other.rows_per_flush_),
      buffered_rows_(std::exchange(other.buffered_rows_, 0)),
      buffer_(std::move(other.buffer_)),
      file_descriptor_(std::exchange(other.file_descriptor_, -1)),
      extent_(other.extent_) {}

AppendOnlyLog& AppendOnlyLog::operator=(AppendOnlyLog&& other) noexcept {
  if (this != &other) {
    close_quietly();
    final_path_ = std::move(other.final_path_);
    part_path_ = std::move(other.part_path_);
    rows_per_flush_ = other.rows_per_flush_;
    buffered_rows_ = std::exchange(other.buffered_rows_, 0);
    buffer_ = std::move(other.buffer_);
    file_descriptor_ = std::exchange(other.file_descriptor_, -1);
    extent_ = other.extent_;
  }
  return *this;
}

AppendOnlyLog::~AppendOnlyLog() { close_quietly(); }

void AppendOnlyLog::append_row(std::string_view row) {
  if (finished()) {
    throw std::logic_error("append to finished log '" + final_path_.string() + "'");
  }
  const std::size_t start = buffer_.size();
  buffer_.append(row);
  if (row.empty() || row.back() != '\n') buffer_.push_back('\n');
  const std::string_view added = std::string_view(buffer_).substr(start);
  extent_.bytes += added.size();
  extent_.fingerprint = fingerprint(added, extent_.fingerprint);
  if (++buffered_rows_ >= rows_per_flush_) flush();
}

void AppendOnlyLog::flush() {
  if (finished() || buffer_.empty()) return;
  write_all(file_descriptor_, buffer_, part_path_);
  buffer_.clear();
  buffered_rows_ = 0;
}

void AppendOnlyLog::finish() {
  if (finished()) return;
  flush();
  sync_and_close(std::exchange(file_descriptor_, -1), part_path_);
  rename_over(part_path_, final_path_);
  sync_directory_of(final_path_);
}

void AppendOnlyLog::close_quietly() noexcept {
  if (finished()) return;
  try {
    flush();
  } catch (...) {  // a destructor must not throw; the .part name already says "incomplete"
  }
  ::close(std::exchange(file_descriptor_, -1));
}

}  // namespace polydem

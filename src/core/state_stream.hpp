// A byte stream for checkpoints: fixed-width little-endian integers and
// doubles stored bit for bit, so that a restarted run continues from exactly
// the state the interrupted one had. Reading past the end, or a value that
// does not fit, is an InputError naming the file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "src/core/types.hpp"

namespace polydem {

class StateWriter {
 public:
  void put(std::int64_t value);
  void put(double value);
  void put(bool value) { put(static_cast<std::int64_t>(value)); }
  void put(const std::string& text);
  void put(const Vec3& v);
  const std::string& bytes() const { return bytes_; }
  /// Room for `total` bytes in all, so that a large state is not copied as it grows.
  void reserve(std::size_t total) { bytes_.reserve(total); }
  /// What `write(*this)` puts, as put(text) would put it as one text (read back by
  /// StateReader::text), without making the text apart first.
  template <class Write>
  void put_sized(Write&& write) {
    const std::size_t at = bytes_.size();
    put(std::int64_t{0});
    write(*this);
    set_at(at, static_cast<std::int64_t>(bytes_.size() - at - sizeof(std::int64_t)));
  }

 private:
  void set_at(std::size_t at, std::int64_t value);

  std::string bytes_;
};

class StateReader {
 public:
  StateReader(std::string bytes, std::string file)
      : bytes_(std::move(bytes)), file_(std::move(file)) {}
  std::int64_t integer();
  /// An integer in [0, limit): a count or an index.
  std::size_t count(std::size_t limit);
  double real();
  bool boolean() { return integer() != 0; }
  std::string text();
  Vec3 vec3();
  bool at_end() const { return position_ == bytes_.size(); }
  /// InputError "<file>: <message>".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  void take(void* destination, std::size_t size);

  std::string bytes_;
  std::string file_;
  std::size_t position_ = 0;
};

/// The fingerprint of no text, where a running fingerprint starts.
inline constexpr std::uint64_t kEmptyFingerprint = 14695981039346656037ull;

/// FNV-1a, 64 bits: a stable fingerprint of text (the deck a checkpoint belongs to).
/// fingerprint(b, fingerprint(a)) == fingerprint(a + b), so a file written in pieces can be
/// fingerprinted as it grows (an output log's extent at a checkpoint).
std::uint64_t fingerprint(std::string_view text, std::uint64_t so_far = kEmptyFingerprint);

/// What follows `bytes` in a sealed file: their fingerprint, so that a file damaged on disk
/// or in transit is told from a good one. Written after them as a second piece, so that a
/// checkpoint's bytes are not copied to be sealed (write_sealed_file).
std::string seal_of(std::string_view bytes);
/// The bytes of a sealed file; InputError naming `file` when they do not match
/// their fingerprint (or the file is too short to hold one).
std::string unsealed(std::string bytes, const std::string& file);

}  // namespace polydem

#include "src/core/state_stream.hpp"

#include <bit>
#include <cstring>

#include "src/core/errors.hpp"

namespace polydem {

static_assert(std::endian::native == std::endian::little, "checkpoints are written little-endian");

void StateWriter::put(std::int64_t value) {
  char raw[sizeof value];
  std::memcpy(raw, &value, sizeof value);
  bytes_.append(raw, sizeof raw);
}

void StateWriter::set_at(std::size_t at, std::int64_t value) {
  std::memcpy(bytes_.data() + at, &value, sizeof value);
}

void StateWriter::put(double value) { put(std::bit_cast<std::int64_t>(value)); }

void StateWriter::put(const std::string& text) {
  put(static_cast<std::int64_t>(text.size()));
  bytes_.append(text);
}

void StateWriter::put(const Vec3& v) {
  for (int k = 0; k < 3; ++k) put(v[k]);
}

void StateReader::fail(const std::string& message) const {
  throw InputError(file_ + ": " + message);
}

void StateReader::take(void* destination, std::size_t size) {
  if (bytes_.size() - position_ < size) fail("the checkpoint is truncated");
  std::memcpy(destination, bytes_.data() + position_, size);
  position_ += size;
}

std::int64_t StateReader::integer() {
  std::int64_t value = 0;
  take(&value, sizeof value);
  return value;
}

std::size_t StateReader::count(std::size_t limit) {
  const std::int64_t value = integer();
  if (value < 0 || static_cast<std::uint64_t>(value) >= limit)
    fail("the checkpoint does not fit this model");
  return static_cast<std::size_t>(value);
}

double StateReader::real() { return std::bit_cast<double>(integer()); }

std::string StateReader::text() {
  const std::size_t size = count(bytes_.size() - position_ + 1);
  std::string value(size, '\0');
  take(value.data(), size);
  return value;
}

Vec3 StateReader::vec3() {
  Vec3 v;
  for (int k = 0; k < 3; ++k) v[k] = real();
  return v;
}

std::uint64_t fingerprint(std::string_view text, std::uint64_t so_far) {
  std::uint64_t hash = so_far;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string seal_of(std::string_view bytes) {
  StateWriter seal;
  seal.put(static_cast<std::int64_t>(fingerprint(bytes)));
  return seal.bytes();
}

std::string unsealed(std::string bytes, const std::string& file) {
  constexpr std::size_t kSeal = sizeof(std::int64_t);
  if (bytes.size() < kSeal)
    throw InputError(file + ": damaged: too short to be a checkpoint (" +
                     std::to_string(bytes.size()) + " bytes)");
  StateReader seal(bytes.substr(bytes.size() - kSeal), file);
  bytes.resize(bytes.size() - kSeal);
  if (static_cast<std::uint64_t>(seal.integer()) != fingerprint(bytes))
    throw InputError(file +
                     ": damaged: its checksum does not match its contents (the file was "
                     "changed or cut short after it was written)");
  return bytes;
}

}  // namespace polydem

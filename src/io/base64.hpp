// Base64 (RFC 4648 §4, standard alphabet, '=' padding) for binary arrays inlined in VTK XML.
#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace polydem {

/// Number of characters that encoding `byte_count` bytes produces (padding included).
constexpr std::size_t base64_encoded_size(std::size_t byte_count) {
  return (byte_count + 2) / 3 * 4;
}

/// Encodes consecutive chunks exactly as if they were one buffer (VTK wants an array's size
/// header and its data in a single base64 stream), appending to a caller-owned string.
class Base64Encoder {
 public:
  explicit Base64Encoder(std::string& out) : out_(out) {}

  void append(std::span<const std::byte> bytes);
  /// Emits the last partial group with padding. The encoder may then start a new stream.
  void finish();

 private:
  void emit_group(const unsigned char* group);

  std::string& out_;
  unsigned char pending_[3] = {};
  std::size_t pending_count_ = 0;
};

/// Appends the padded encoding of `bytes` to `out`.
void append_base64(std::string& out, std::span<const std::byte> bytes);

std::string encode_base64(std::span<const std::byte> bytes);

}  // namespace polydem

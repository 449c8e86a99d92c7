#include "src/io/base64.hpp"

#include <algorithm>

namespace polydem {

namespace {

constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

inline void encode_group(const unsigned char* in, char* out) {
  const unsigned bits = (unsigned{in[0]} << 16) | (unsigned{in[1]} << 8) | unsigned{in[2]};
  out[0] = alphabet[(bits >> 18) & 0x3F];
  out[1] = alphabet[(bits >> 12) & 0x3F];
  out[2] = alphabet[(bits >> 6) & 0x3F];
  out[3] = alphabet[bits & 0x3F];
}

}  // namespace

void Base64Encoder::emit_group(const unsigned char* group) {
  const std::size_t old_size = out_.size();
  out_.resize(old_size + 4);
  encode_group(group, out_.data() + old_size);
}

void Base64Encoder::append(std::span<const std::byte> bytes) {
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t remaining = bytes.size();
  if (pending_count_ > 0) {
    const std::size_t taken = std::min(remaining, 3 - pending_count_);
    std::copy_n(in, taken, pending_ + pending_count_);
    pending_count_ += taken;
    in += taken;
    remaining -= taken;
    if (pending_count_ < 3) return;
    emit_group(pending_);
    pending_count_ = 0;
  }
  const std::size_t groups = remaining / 3;
  const std::size_t old_size = out_.size();
  out_.resize(old_size + 4 * groups);  // one resize per chunk keeps the loop branch-free
  char* out = out_.data() + old_size;
  for (std::size_t group = 0; group < groups; ++group, in += 3, out += 4) encode_group(in, out);
  pending_count_ = remaining - 3 * groups;
  std::copy_n(in, pending_count_, pending_);
}

void Base64Encoder::finish() {
  if (pending_count_ == 0) return;
  std::fill(pending_ + pending_count_, pending_ + 3, 0);
  emit_group(pending_);
  std::fill(out_.end() - static_cast<std::ptrdiff_t>(3 - pending_count_), out_.end(), '=');
  pending_count_ = 0;
}

void append_base64(std::string& out, std::span<const std::byte> bytes) {
  out.reserve(out.size() + base64_encoded_size(bytes.size()));
  Base64Encoder encoder(out);
  encoder.append(bytes);
  encoder.finish();
}

std::string encode_base64(std::span<const std::byte> bytes) {
  std::string out;
  append_base64(out, bytes);
  return out;
}

}  // namespace polydem

// A checkpoint file: its bytes and their fingerprint (state_stream.hpp's seal), written
// whole or not at all, without a sealed copy of the bytes in memory (a pack's contact
// state is tens of megabytes).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>

#include "src/io/atomic_file.hpp"

namespace polydem {

/// Writes `bytes` and their seal to `target` (write_file_atomically); the fingerprint of the
/// whole file as written.
std::uint64_t write_sealed_file(const std::filesystem::path& target, std::string_view bytes,
                                Durability durability = Durability::Synced);

}  // namespace polydem

#include "src/io/sealed_file.hpp"

#include <string>

#include "src/core/state_stream.hpp"

namespace polydem {

std::uint64_t write_sealed_file(const std::filesystem::path& target, std::string_view bytes,
                                Durability durability) {
  const std::string seal = seal_of(bytes);
  write_file_atomically(
      target,
      [&](const ByteSink& sink) {
        sink(bytes);
        sink(seal);
      },
      durability);
  return fingerprint(seal, fingerprint(bytes));
}

}  // namespace polydem

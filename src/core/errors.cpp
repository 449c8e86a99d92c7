#include "src/core/errors.hpp"

namespace polydem {

std::string SourceMark::str() const {
  if (line <= 0) return file;
  if (column <= 0) return file + ":" + std::to_string(line);
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

InputError::InputError(const SourceMark& where, const std::string& key, const std::string& message)
    : std::runtime_error(where.str() + ": " + (key.empty() ? "" : "'" + key + "': ") + message) {}

std::string quoted_excerpt(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return "'" + std::string(text) + "'";
  std::size_t cut = limit;  // not inside a UTF-8 sequence: back off its continuation bytes
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return "'" + std::string(text.substr(0, cut)) + "…' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace polydem

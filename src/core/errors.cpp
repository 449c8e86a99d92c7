#include "src/core/errors.hpp"

namespace polydem {

std::string SourceMark::str() const {
  if (line <= 0) return file;
  if (column <= 0) return file + ":" + std::to_string(line);
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

InputError::InputError(const SourceMark& where, const std::string& key, const std::string& message)
    : std::runtime_error(where.str() + ": " + (key.empty() ? "" : "'" + key + "': ") + message) {}

}  // namespace polydem

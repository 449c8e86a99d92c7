#include "src/io/json_writer.hpp"

#include <nlohmann/json.hpp>

#include "src/io/atomic_file.hpp"

namespace polydem {

namespace {

template <typename Json>
std::string dump_with_newline(const Json& document, int indent) {
  std::string text = document.dump(indent);
  text += '\n';
  return text;
}

}  // namespace

std::string format_json(const nlohmann::json& document, int indent) {
  return dump_with_newline(document, indent);
}

std::string format_json(const nlohmann::ordered_json& document, int indent) {
  return dump_with_newline(document, indent);
}

void write_json_atomically(const std::filesystem::path& path, const nlohmann::json& document,
                           int indent) {
  write_file_atomically(path, format_json(document, indent));
}

void write_json_atomically(const std::filesystem::path& path,
                           const nlohmann::ordered_json& document, int indent) {
  write_file_atomically(path, format_json(document, indent));
}

}  // namespace polydem

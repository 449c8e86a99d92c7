#include "src/deck/deck_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "src/deck/deck_builder.hpp"
#include "src/deck/deck_schema.hpp"
#include "src/deck/param_echo.hpp"
#include "src/deck/param_reader.hpp"
#include "src/deck/yaml_tree.hpp"

namespace polydem {
namespace {

ParamSet read_tree(std::string_view text, const std::string& file_name) {
  YamlNode root = parse_yaml(text, file_name);
  const SchemaRegistry& registry = deck_registry();
  return read_object(root, registry.object("deck"), registry, "");
}

std::string read_file(const std::filesystem::path& path) {
  SourceMark where{path.string(), 0, 0};
  std::error_code error;
  auto size = std::filesystem::file_size(path, error);
  if (error) throw InputError(where, "", "cannot read the deck: " + error.message());
  if (size > YamlLimits{}.max_bytes)
    throw InputError(
        where, "", "the deck is larger than " + std::to_string(YamlLimits{}.max_bytes) + " bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(where, "", std::string("cannot open the deck: ") + std::strerror(errno));
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

DeckData read_deck(const std::filesystem::path& path) {
  return read_deck_string(read_file(path), path.string());
}

DeckData read_deck_string(std::string_view text, std::string file_name) {
  return build_deck_data(read_tree(text, file_name), file_name);
}

ParamSet read_deck_tree(const std::filesystem::path& path) {
  return read_tree(read_file(path), path.string());
}

std::string echo_deck(const std::filesystem::path& path) {
  return echo_deck_string(read_file(path), path.string());
}

std::string echo_deck_string(std::string_view text, std::string file_name) {
  return "# polydem deck echo: every default filled in\n" + echo_params(read_tree(text, file_name));
}

}  // namespace polydem

// Reading a polydem deck (YAML) into DeckData. Every problem with the deck,
// from a YAML syntax error to an inertia tensor that violates the triangle
// inequality, is an InputError whose message starts "file:line:column: 'key':".
// Each object declares its keys where it is implemented (src/params/declarations.hpp);
// docs/deck.md is generated from those declarations.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "src/deck/deck_data.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

DeckData read_deck(const std::filesystem::path& path);
/// `file_name` is used only in messages and DeckData::path.
DeckData read_deck_string(std::string_view text, std::string file_name);

/// The deck's tree of declared values (every default filled in), as echo_deck writes it;
/// a tool that rewrites a deck edits this tree and writes it with echo_params.
ParamSet read_deck_tree(const std::filesystem::path& path);

/// The deck written back as YAML with every default filled in; reading it gives
/// the same DeckData.
std::string echo_deck(const std::filesystem::path& path);
std::string echo_deck_string(std::string_view text, std::string file_name);

}  // namespace polydem

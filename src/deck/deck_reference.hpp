// The deck reference (docs/deck.md): a hand-written introduction with a complete
// example, followed by the generated description of every section and key.
#pragma once

#include <string>
#include <string_view>

namespace polydem {

std::string deck_reference_markdown();

/// The example decks shown in the introduction (tests read and run them): one
/// without contact, with every kind of step, support and load, and one of
/// bodies with shapes in contact.
std::string_view deck_reference_example();
std::string_view deck_reference_contact_example();

}  // namespace polydem

// The deck reference (docs/deck.md): a hand-written introduction with a complete
// example, followed by the generated description of every section and key.
#pragma once

#include <string>
#include <string_view>

namespace polydem {

std::string deck_reference_markdown();

/// The complete example deck shown in the introduction (tests read it).
std::string_view deck_reference_example();

}  // namespace polydem

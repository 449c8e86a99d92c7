// Turns the checked ParamSet tree of a deck into the plain DeckData contract.
#pragma once

#include "src/deck/deck_data.hpp"
#include "src/params/param_set.hpp"

namespace polydem {

DeckData build_deck_data(const ParamSet& deck, const std::string& file_name);

}  // namespace polydem

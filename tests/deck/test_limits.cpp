// What a deck may ask, so that a run left alone ends (or is refused) instead of
// exhausting memory.
#include <catch2/catch.hpp>

#include <string>

#include "src/deck/deck_reader.hpp"

using namespace polydem;

namespace {

// Line numbers in the expectations below refer to this deck.
const std::string kDeck =
    "steps:\n"                            // 1
    "  - end_time: 1.0\n"                 // 2
    "    dt: {initial: 0.01}\n"           // 3
    "bodies:\n"                           // 4
    "  - name: cube\n"                    // 5
    "    mass: 1.0\n"                     // 6
    "    inertia: [1, 1, 1, 0, 0, 0]\n";  // 7

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

std::string error_of(const std::string& text) {
  try {
    read_deck_string(text, "deck.yaml");
  } catch (const InputError& error) {
    return error.what();
  }
  return {};
}

const std::string kPacking =
    "shapes: [{name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}]\n"
    "packings:\n"
    "  - {shape: cube, count: COUNT, box_min: [0, 0, 0], box_max: [1, 1, 1], density: 1000}\n"
    "contact: {interactions: [{group_a: default, normal: {skin: 0.001, stiffness: 1.0e9}}]}\n";

}  // namespace

TEST_CASE("a packing of more than a million bodies is refused where its count is",
          "[deck][limits]") {
  const std::string deck = kDeck + kPacking;
  CHECK(error_of(replaced(deck, "COUNT", "1000000")).empty());  // read, not packed, here
  CHECK_THAT(error_of(replaced(deck, "COUNT", "10000000")),
             Catch::StartsWith("deck.yaml:10:26: 'packings[0].count': must be in [1, 1e+06] "
                               "(got 10000000)"));
}

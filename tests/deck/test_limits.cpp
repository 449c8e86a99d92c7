// What a deck may ask, so that a run left alone ends (or is refused) instead of
// exhausting memory or running forever, and how a missing quote is reported:
// where it is missing, not as the key it swallowed or the syntax error lines on.
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

TEST_CASE("a step of more than 1e9 steps at dt.max is refused where its end_time is",
          "[deck][limits]") {
  CHECK(error_of(replaced(kDeck, "end_time: 1.0", "end_time: 5.0e6")).empty());  // 5e8 steps
  CHECK(error_of(replaced(kDeck, "end_time: 1.0", "end_time: 1e300")) ==
        "deck.yaml:2:15: 'steps[0].end_time': the step from t = 0 s to 1e+300 s needs at least "
        "1e+302 time steps of dt.max = 0.01 s, more than 1e9; check end_time and dt.max");
  // A later step counts from the end of the one before, with its own dt.max.
  const std::string two_steps =
      replaced(kDeck, "    dt: {initial: 0.01}\n",
               "    dt: {initial: 0.01}\n  - end_time: 1.5\n    dt: {initial: 1.0e-9}\n");
  CHECK(error_of(two_steps).empty());
  CHECK_THAT(error_of(replaced(two_steps, "end_time: 1.5", "end_time: 3.0")),
             Catch::StartsWith("deck.yaml:4:15: 'steps[1].end_time': the step from t = 1 s to 3 s "
                               "needs at least 2e+09 time steps of dt.max = 1e-09 s"));
}

TEST_CASE("a quoted string without its closing quote is a syntax error where it starts",
          "[deck][errors][limits]") {
  const std::string expected =
      ": YAML syntax error: the quoted string that starts here does not end on its line (is its "
      "closing quote missing?)";
  // To the end of the file: yaml-cpp takes the rest for the string (`mass` went missing).
  CHECK(error_of(replaced(kDeck, "name: cube", "name: \"cube")) == "deck.yaml:5:11" + expected);
  CHECK(error_of(replaced(kDeck, "name: cube", "name: 'cube")) == "deck.yaml:5:11" + expected);
  // Up to the next quote: yaml-cpp reported "end of map not found" lines further on.
  CHECK(error_of(replaced(kDeck, "name: cube", "name: \"cube") + "  - name: \"ball\"\n") ==
        "deck.yaml:5:11" + expected);
  CHECK(error_of(replaced(kDeck, "  - end_time: 1.0\n", "  - name: 'first\n    end_time: 1.0\n") +
                 "  - {name: 'ball', mass: 1}\n") == "deck.yaml:2:11" + expected);
  // Quotes inside quoted strings, and strings that do end, are no error.
  CHECK(error_of(replaced(kDeck, "name: cube", "name: \"cu\\\"be\"")).empty());
  CHECK(error_of(replaced(kDeck, "name: cube", "name: 'cu''be'")).empty());
  CHECK(error_of(replaced(kDeck, "name: cube", "name: \"cube\"  # a \"comment\"")).empty());
}

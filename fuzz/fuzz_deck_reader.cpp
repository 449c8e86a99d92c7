// libFuzzer target for the deck reader: any byte string must either read into
// a DeckData or raise InputError. Anything else (a crash, a hang, another
// exception) is a bug. A deck that reads must also echo to a deck that reads
// and echoes to the same text, since the echo is meant to be re-run.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "src/deck/deck_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string echo;
  try {
    polydem::read_deck_string(text, "fuzz.yaml");
    echo = polydem::echo_deck_string(text, "fuzz.yaml");
  } catch (const polydem::InputError&) {
    return 0;
  }
  try {
    polydem::read_deck_string(echo, "echo.yaml");
    if (polydem::echo_deck_string(echo, "echo.yaml") != echo) std::abort();
  } catch (const polydem::InputError&) {
    std::abort();  // the echo of a valid deck must itself be valid
  }
  return 0;
}

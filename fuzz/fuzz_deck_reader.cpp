// libFuzzer target for the deck reader: any byte string must either read into
// a DeckData or raise InputError. Anything else (a crash, a hang, another
// exception) is a bug. The echo is fuzzed too, since it must accept every deck
// the reader accepts.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "src/deck/deck_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    polydem::read_deck_string(text, "fuzz.yaml");
    polydem::read_deck_string(polydem::echo_deck_string(text, "fuzz.yaml"), "echo.yaml");
  } catch (const polydem::InputError&) {
  }
  return 0;
}

// The declarations themselves: every member of every family declares an
// example, and each example reads as that family's value with the deck's own
// reader (so docs/deck.md, which shows them, cannot show a wrong one).
#include <catch2/catch.hpp>

#include "src/deck/deck_schema.hpp"
#include "tests/support/deck_fixtures.hpp"

using namespace polydem;

TEST_CASE("every family member's example reads as a value of its family", "[deck][docs]") {
  int read = 0;
  for (const PolymorphicFamily& family : deck_registry().families())
    for (const ObjectSchema& member : family.members) {
      INFO(family.name << " member " << member.name << ": example '" << member.example << "'");
      REQUIRE_FALSE(member.example.empty());
      if (member.name == "petsc" && !POLYDEM_WITH_PETSC) continue;  // rejected where it is named
      const ParamSet value = testing::declared(family.name, member.example);
      CHECK(value.schema == member.name);
      CHECK(value.family == family.name);
      ++read;
    }
  CHECK(read >= 20);
}

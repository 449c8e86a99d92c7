// A checkpoint's contact state in parts, one per process (contact/set/contact_checkpoint.hpp):
// the parts added together are the whole run's state, the histories of all of them and the
// ledgers summed, so a restart on another number of processes goes on with the same ledger.
#include <catch2/catch.hpp>

#include "contact/set/contact_checkpoint.hpp"

using namespace polydem;

namespace {

constexpr std::size_t kBoundaries = 2;

ContactKey key(int body_a, int body_b) {
  return {body_a, body_b, -1, {SubRegionKind::Vertex, 0}, {SubRegionKind::Face, 3}};
}

ContactHistory history(double gap) {
  ContactHistory h;
  h.tangential_gap = Vec3(gap, 0, 0);
  h.gap = gap;
  h.ledger.friction_dissipation = 10 * gap;
  return h;
}

// What process `rank` of a run would write: its own pairs' histories and its part of the ledger.
std::string part(int rank) {
  ContactHistories histories;
  histories[key(2 * rank, 2 * rank + 1)] = history(1e-4 * (rank + 1));
  ContactSnapshot snapshot;
  snapshot.damping_dissipation = 1.5 + rank;
  snapshot.friction_dissipation = 0.25 * (rank + 1);
  snapshot.switching_energy = -0.5;
  snapshot.boundary_work = 2.0;
  snapshot.stored_energy = 0.125;
  snapshot.boundary_reactions = {Vec3(1, 2, 3 + rank), Vec3(0, 0, rank)};
  snapshot.boundary_moments = {Vec3(0, rank, 0), Vec3(4, 0, 0)};
  StateWriter out;
  write_contact_state(out, histories, snapshot, kBoundaries, rank + 1);
  return out.bytes();
}

long add(const std::string& bytes, ContactHistories& histories, ContactSnapshot& snapshot,
         bool with_ledger) {
  StateReader in(bytes, "part");
  const long night_owls = add_contact_state(in, histories, snapshot, kBoundaries, with_ledger);
  REQUIRE(in.at_end());
  return night_owls;
}

}  // namespace

TEST_CASE("two processes' contact states add up to the whole run's", "[contact][checkpoint]") {
  ContactHistories histories;
  ContactSnapshot snapshot;
  clear_contact_state(histories, snapshot, kBoundaries);
  const long night_owls =
      add(part(0), histories, snapshot, true) + add(part(1), histories, snapshot, true);
  REQUIRE(histories.size() == 2);
  CHECK(histories.at(key(0, 1)).gap == 1e-4);
  CHECK(histories.at(key(2, 3)).tangential_gap == Vec3(2e-4, 0, 0));
  CHECK(histories.at(key(2, 3)).ledger.friction_dissipation == 2e-3);
  CHECK(snapshot.damping_dissipation == 1.5 + 2.5);
  CHECK(snapshot.friction_dissipation == 0.25 + 0.5);
  CHECK(snapshot.switching_energy == -1.0);
  CHECK(snapshot.boundary_work == 4.0);
  CHECK(snapshot.stored_energy == 0.25);
  CHECK(snapshot.boundary_reactions[0] == Vec3(2, 4, 7));
  CHECK(snapshot.boundary_moments[1] == Vec3(8, 0, 0));
  CHECK(night_owls == 1 + 2);
}

TEST_CASE("a process that takes the histories alone keeps a zero ledger", "[contact][checkpoint]") {
  ContactHistories histories;
  ContactSnapshot snapshot;
  snapshot.damping_dissipation = 99;  // cleared, not added to
  histories[key(7, 8)] = history(1);
  clear_contact_state(histories, snapshot, kBoundaries);
  const long night_owls =
      add(part(0), histories, snapshot, false) + add(part(1), histories, snapshot, false);
  CHECK(histories.size() == 2);
  CHECK(histories.count(key(7, 8)) == 0);
  CHECK(snapshot.damping_dissipation == 0);
  CHECK(snapshot.stored_energy == 0);
  CHECK(snapshot.boundary_reactions[0] == Vec3::Zero());
  CHECK(night_owls == 0);
}

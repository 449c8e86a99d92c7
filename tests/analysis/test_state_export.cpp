// A reached state as a new deck (src/analysis/state_export.hpp) and what it rests on: a deck
// that starts at start_time > 0 (a free fall against its closed form, a moving wall where
// its motion stands then), contact histories written as a table and read back exactly, and
// an exported deck that places every body where the state has it, with the steps still to run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "src/analysis/body_placement.hpp"
#include "src/analysis/history_table.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/analysis/state_export.hpp"
#include "src/core/rotation.hpp"
#include "src/deck/deck_reader.hpp"
#include "src/io/atomic_file.hpp"
#include "tests/support/analysis_fixtures.hpp"

using namespace polydem;

namespace {

namespace fs = std::filesystem;

const char* kDeck = R"(
gravity: [0, 0, -9.81]
steps:
  - {name: fill, end_time: 0.2, dt: {initial: 0.001}}
  - name: open
    end_time: 0.3
    dt: {initial: 0.001, max: 0.01}
    actions: [{remove_boundary: wall}]
  - name: rest
    end_time: 0.5
    dt: {initial: 0.001}
    actions: [{friction: {group_a: default, enabled: false}}]
shapes:
  - {name: cube, geometry: {box: {size: [0.1, 0.1, 0.1]}}}
packings:
  - {shape: cube, count: 4, box_min: [-0.2, -0.2, 0], box_max: [0.2, 0.2, 0.4], seed: 3, density: 2000}
bodies:
  - {name: lone, shape: cube, density: 1000, position: [0.6, 0, 0.3]}
boundaries:
  - {name: ground, surface: {plane: {length_u: 4, length_v: 4}}}
  - name: wall
    surface: {plane: {center: [0.3, 0, 0.5], normal: [-1, 0, 0], u_direction: [0, 1, 0], length_u: 2, length_v: 1}}
contact:
  interactions:
    - {group_a: default, normal: {skin: 0.002, stiffness: 1.0e5}, friction: {static: 0.5, stiffness: 1.0e5}}
    - {group_a: default, group_b: boundary, normal: {skin: 0.002, stiffness: 1.0e5}, friction: {static: 0.5, stiffness: 1.0e5}}
)";

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

ContactHistory sample_history(double s) {
  ContactHistory h;
  h.tangential_gap = Vec3(1e-5 * s, -2e-6, 0.1 / 3);
  h.status = s > 1 ? StickSlip::Slip : StickSlip::Stick;
  h.normal = Vec3(0, 0.6, 0.8);
  h.gap = 1e-4 / 7;
  h.damping_force = -s;
  h.normal_velocity = 0.01 * s;
  h.friction = Vec3(s, 2 * s, std::sqrt(2.0));
  h.slip_velocity = Vec3(-1e-300, 3, 0);
  h.spring_energy = 1e-9 * s;
  h.event_dashpot = 0.5;
  h.ledger = {1e-3, 2e-3 / 3, 5e-4, 0.75 * s};
  return h;
}

}  // namespace

TEST_CASE("a deck that starts at start_time falls as the closed form from there", "[export]") {
  BodySpec body = testing::box_body(2.0, Vec3(0.1, 0.1, 0.1));
  body.velocity = Vec3(0.5, 0, 1.0);
  DeckData deck = testing::single_step_deck(body, 1.5, 1e-2, Vec3(0, 0, -9.81));
  deck.start_time = 1.0;
  const testing::RunResult run = testing::run_deck_in_memory(deck);
  REQUIRE_FALSE(run.totals.gave_up);
  CHECK(run.totals.final_time == Approx(1.5).margin(1e-12));
  const double t = 0.5;  // the fall lasts from start_time to end_time, not from 0
  const Vec3 expected(0.5 * t, 0, 1.0 * t - 9.81 * t * t / 2);
  CHECK((run.model.nodes[0].position - expected).norm() < 1e-10);
}

TEST_CASE("start_time must lie before the first step's end", "[export]") {
  const std::string deck = std::string(kDeck) + "start_time: 0.2\n";
  CHECK_THROWS_WITH(read_deck_string(deck, "late.yaml"),
                    Catch::Contains("must be greater than the deck's start_time (0.2)"));
}

TEST_CASE("contact histories read back from their table exactly, and bad lines are named",
          "[export]") {
  const fs::path dir = fresh_folder("polydem_test_history_table");
  write_file_atomically(dir / "deck.yaml", kDeck);
  const DeckData deck = read_deck(dir / "deck.yaml");
  Model model = build_model(deck);
  const std::vector<std::string> boundaries = boundary_names(deck);
  ContactHistories histories;
  histories[{0, -1, 0, {SubRegionKind::Vertex, 3}, {SubRegionKind::Face, 0}}] = sample_history(0.5);
  histories[{1, 2, -1, {SubRegionKind::Edge, 5}, {SubRegionKind::Face, 2}}] = sample_history(2.5);
  model.contact->set_histories(histories);
  const std::string table = format_history_table(model, boundaries);
  write_file_atomically(dir / "history.csv", table);

  Model again = build_model(deck);
  read_history_table((dir / "history.csv").string(), again, boundaries);
  REQUIRE(again.contact->histories().size() == 2);
  for (const auto& [key, h] : histories) {
    const auto found = again.contact->histories().find(key);
    REQUIRE(found != again.contact->histories().end());
    const ContactHistory& r = found->second;
    CHECK(r.tangential_gap == h.tangential_gap);  // exact: shortest round-trip numbers
    CHECK(r.status == h.status);
    CHECK(r.normal == h.normal);
    CHECK(r.friction == h.friction);
    CHECK(r.slip_velocity == h.slip_velocity);
    CHECK(r.ledger.onset_speed == h.ledger.onset_speed);
    CHECK(r.ledger.damping_dissipation == h.ledger.damping_dissipation);
    CHECK(r.event_dashpot == h.event_dashpot);
  }

  const auto error_of = [&](const std::string& line) {
    write_file_atomically(dir / "bad.csv", table.substr(0, table.find('\n') + 1) + line + "\n");
    try {
      Model target = build_model(deck);
      read_history_table((dir / "bad.csv").string(), target, boundaries);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  // A deck names the table as contact.history_file; at the start of its run the histories of
  // pairs that are not in contact there are released (these bodies are far apart).
  std::string text = kDeck;
  text.replace(text.find("contact:\n"), 9, "contact:\n  history_file: history.csv\n");
  write_file_atomically(dir / "with_history.yaml", text);
  CHECK(build_model(read_deck(dir / "with_history.yaml")).contact->histories().empty());
  text.replace(text.find("history.csv"), 11, "missing.csv");
  write_file_atomically(dir / "with_missing.yaml", text);
  CHECK_THROWS_WITH(build_model(read_deck(dir / "with_missing.yaml")),
                    Catch::Contains("missing.csv:1: cannot open the contact-history file"));

  const std::string tail = ",stick,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
  CHECK(error_of("lone,,ground,vertex,3,face,0" + tail).empty());
  CHECK_THAT(error_of("nobody,,ground,vertex,3,face,0" + tail),
             Catch::Contains("bad.csv:2: column 'body_a': no such name 'nobody'"));
  CHECK_THAT(error_of("lone,,ground,vertex,99,face,0" + tail),
             Catch::Contains("bad.csv:2: the first side has no vertex 99"));
  CHECK_THAT(error_of("lone,cube_1,ground,vertex,3,face,0" + tail),
             Catch::Contains("give body_b or boundary, not both"));
  CHECK_THAT(error_of("lone,,ground,corner,3,face,0" + tail),
             Catch::Contains("column 'region_a': expected vertex, edge or face, got 'corner'"));
  fs::remove_all(dir);
}

TEST_CASE("an exported deck places every body at its reached state and runs the steps left",
          "[export]") {
  const fs::path dir = fresh_folder("polydem_test_state_export");
  write_file_atomically(dir / "deck.yaml", kDeck);
  const DeckData deck = read_deck(dir / "deck.yaml");
  const Model model = build_model(deck);
  ReachedState state;
  state.time = 0.25;
  state.step = 1;  // inside "open": "fill" is done and dropped
  state.next_dt = 3e-3;
  state.names = model.body_names;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    NodeState node = model.nodes[b];
    const double s = static_cast<double>(b) + 1;
    node.position += Vec3(0.01 * s, 0, -0.05);
    node.rotation = rotation_vector_to_quaternion(Vec3(0.1 * s, -0.2, 0.3));
    node.velocity = Vec3(s, 0, -1 / s);
    node.angular_velocity = Vec3(0, s, 0.25);
    state.bodies.push_back(node);
  }
  const fs::path out = dir / "sub" / "exported.yaml";
  const auto written = export_state(dir / "deck.yaml", state, out);
  CHECK(written.back() == out);
  CHECK(fs::exists(dir / "sub" / "exported.bodies1.csv"));

  const DeckData exported = read_deck(out);
  CHECK(exported.start_time == 0.25);
  CHECK(exported.reached_state);
  REQUIRE(exported.steps.size() == 2);
  CHECK(exported.steps[0].name == "open");
  CHECK(exported.steps[0].dt.initial == 3e-3);  // the Δt the run would have gone on with
  REQUIRE(exported.steps[0].actions.size() == 1);
  CHECK(exported.steps[0].actions[0].remove_boundary == "wall");
  CHECK(exported.packings.empty());
  const std::vector<BodySpec> bodies = all_bodies(exported, build_shapes(exported));
  REQUIRE(bodies.size() == state.bodies.size());
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    CHECK(bodies[b].name == state.names[b]);
    CHECK(bodies[b].position == state.bodies[b].position);
    CHECK(bodies[b].velocity == state.bodies[b].velocity);
    CHECK(bodies[b].angular_velocity == state.bodies[b].angular_velocity);
    CHECK(rotation_vector_to_quaternion(bodies[b].rotation)
              .angularDistance(state.bodies[b].rotation) < 1e-14);
  }
  CHECK(bodies[0].density == 1000);  // the deck body keeps its own keys
  CHECK(bodies[1].density == 2000);  // the packing's template

  // From inside the first step the actions of none before it are carried; at a step's end
  // the next one starts.
  state.step = 2;
  state.time = 0.3;
  export_state(dir / "deck.yaml", state, out);
  const DeckData last = read_deck(out);
  REQUIRE(last.steps.size() == 1);
  REQUIRE(last.steps[0].actions.size() == 2);  // "open"'s wall, then its own friction switch
  CHECK(last.steps[0].actions[0].remove_boundary == "wall");
  CHECK_FALSE(last.steps[0].actions[1].friction_enabled);
  state.step = 3;
  CHECK_THROWS_WITH(export_state(dir / "deck.yaml", state, out),
                    Catch::Contains("nothing is left to run"));
  fs::remove_all(dir);
}

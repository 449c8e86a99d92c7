// The contact examples (examples/*/ decks, read from their files) in reduced
// versions, against their stated figures: the falling cube of §3.1 conserves
// energy and cases a–c do not rotate; the block of §3.3 sticks until μ_s W,
// slides at μ_d W, and topples only when pushed at the top; the tetrapod of
// §3.4 resists a twist up to the Coulomb limit; a plate on three supports
// shares its weight by the supports' stiffness (1 : 1 : 1 and 2 : 6 : 2),
// independently of the stiffness scale.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "contact/geometry/mesh_families.hpp"
#include "contact/law/normal_law_family.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/contact_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

DeckData example(const std::string& relative) {
  return read_deck(std::filesystem::path(POLYDEM_SOURCE_DIR) / "examples" / relative);
}

double mean_iterations(const ContactRun& r) {
  return static_cast<double>(r.run.totals.newton_iterations) /
         static_cast<double>(r.run.totals.accepted_steps);
}

/// Largest relative deviation of T + V + stored energy over the steps without contact.
double energy_drift_in_flight(const ContactRun& r) {
  const double e0 = r.run.monitor.front().total_energy();
  double drift = 0;
  for (std::size_t s = 0; s < r.run.monitor.size(); ++s)
    if (r.snapshots[s].body_boundary == 0)
      drift = std::max(drift, std::abs(r.run.monitor[s].total_energy() - e0) / std::abs(e0));
  return drift;
}

}  // namespace

TEST_CASE("falling cube cases a-c: energy conserved between impacts, no rotation",
          "[examples][falling_cube]") {
  for (const char* deck_name : {"a_vertex.yaml", "b_edge.yaml", "c_face.yaml"}) {
    DeckData deck = example(std::string("falling_cube/") + deck_name);
    deck.steps[0].end_time = 0.2;  // two bounces
    deck.output.vtk = false;
    const ContactRun r = run_contact_deck(deck);
    INFO(deck_name << ": drift " << energy_drift_in_flight(r) << ", iterations/step "
                   << mean_iterations(r));
    REQUIRE_FALSE(r.run.totals.gave_up);
    CHECK(energy_drift_in_flight(r) < 1e-4);
    CHECK(r.run.model.nodes[0].angular_velocity.norm() < 1e-8);
    CHECK(mean_iterations(r) <= 2.1);
    CHECK(r.run.totals.rejected_steps == 0);
    CHECK(r.min_gap > 0);
  }
}

TEST_CASE("falling cube case d with adaptive steps keeps the energy within 1 %",
          "[examples][falling_cube]") {
  DeckData deck = example("falling_cube/d_adaptive.yaml");
  deck.output.vtk = false;
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  INFO("drift " << energy_drift_in_flight(r) << " in " << r.run.totals.accepted_steps << " steps");
  CHECK(energy_drift_in_flight(r) < 1e-2);
  CHECK(r.run.totals.accepted_steps < 2000);
}

TEST_CASE(
    "sliding block: sticks until mu_s W, slides at mu_d W, topples only when pushed at the top",
    "[examples][sliding_block]") {
  const double weight = 1500 * 1e-3 * 9.81, mu_s = 0.8, mu_d = 0.6;
  const auto push = [](double t) { return 16.0 * std::min(t / 0.8, 1.0); };
  SECTION("a: pushed at the bottom face") {
    DeckData deck = example("sliding_block/a_bottom.yaml");
    deck.output.vtk = false;
    const ContactRun r = run_contact_deck(deck);
    REQUIRE_FALSE(r.run.totals.gave_up);
    CHECK(r.snapshots.front().boundary_reactions[0].z() == Approx(weight).epsilon(1e-6));
    for (std::size_t s = 0; s < r.run.steps.size(); ++s) {
      const double t = r.run.steps[s].time;
      const double friction = -r.snapshots[s].boundary_reactions[0].x();
      if (t > 0.05 && push(t) < 0.99 * mu_s * weight)
        CHECK(friction == Approx(push(t)).margin(1e-4 * weight));
      if (t > 0.65) CHECK(friction == Approx(mu_d * weight).epsilon(1e-3));
    }
    CHECK(r.snapshots.back().body_boundary == 4);
  }
  SECTION("b: pushed at the centre of mass: slides without toppling") {
    DeckData deck = example("sliding_block/b_centre.yaml");
    deck.output.vtk = false;
    const ContactRun r = run_contact_deck(deck);
    REQUIRE_FALSE(r.run.totals.gave_up);
    for (const ContactSnapshot& s : r.snapshots) CHECK(s.body_boundary == 4);
    CHECK(-r.snapshots.back().boundary_reactions[0].x() == Approx(mu_d * weight).epsilon(1e-3));
  }
  SECTION("c: pushed at the top face: topples while sticking, once the push exceeds W/2") {
    DeckData deck = example("sliding_block/c_top.yaml");
    deck.steps[0].end_time = 0.5;
    deck.output.vtk = false;
    const ContactRun r = run_contact_deck(deck);
    REQUIRE_FALSE(r.run.totals.gave_up);
    double tipping_time = -1;
    for (std::size_t s = 0; s < r.snapshots.size() && tipping_time < 0; ++s)
      if (r.snapshots[s].body_boundary < 4) tipping_time = r.run.steps[s].time;
    INFO("the trailing vertices lift at t = " << tipping_time);
    CHECK(push(tipping_time) == Approx(weight / 2).epsilon(0.03));
    CHECK(push(tipping_time) < mu_s * weight);
    CHECK(r.run.model.nodes[0].angular_velocity.y() > 0.1);
  }
}

TEST_CASE("tetrapod twist: the friction moment follows the applied one up to the Coulomb limit",
          "[examples][tetrapod]") {
  DeckData deck = example("tetrapod_twist/deck.yaml");
  // The same mechanics with a lighter mesh.
  deck.shapes[0].geometry.at("facets").value = 8LL;
  deck.shapes[0].mesh = shape_geometries().build(deck.shapes[0].geometry, MeshSource{});
  deck.output.vtk = false;
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  const auto applied = [](double t) { return 750.0 * std::clamp((t - 0.5) / 2.0, 0.0, 1.0); };
  // Coulomb limit: Σ μ p_k r_k over the three tip contacts (r: horizontal lever arm).
  const ContactSnapshot& last = r.snapshots.back();
  double limit = 0;
  for (const ContactRecord& c : last.contacts)
    limit += 0.325 * c.outcome.pressure * c.outcome.point.head<2>().norm();
  REQUIRE(last.body_boundary == 3);
  bool followed = true;
  for (std::size_t s = 0; s < r.run.steps.size(); ++s) {
    const double t = r.run.steps[s].time, resisting = -r.snapshots[s].boundary_moments[0].z();
    if (t > 0.7 && applied(t) < 0.95 * limit)
      followed = followed && std::abs(resisting - applied(t)) < 2e-3 * limit;
  }
  CHECK(followed);
  CHECK(-last.boundary_moments[0].z() == Approx(limit).epsilon(1e-3));
  CHECK(last.boundary_reactions[0].z() > 0);
}

TEST_CASE("three supports share the weight by stiffness, whatever the stiffness scale",
          "[examples][three_supports]") {
  for (const auto& [deck_name, expected] :
       {std::pair{"three_supports/identical.yaml", std::array{1.0 / 3, 1.0 / 3, 1.0 / 3}},
        std::pair{"three_supports/stiff_middle.yaml", std::array{0.2, 0.6, 0.2}}}) {
    for (const double scale : {1.0, 10.0, 100.0}) {
      DeckData deck = example(deck_name);
      for (InteractionSpec& i : deck.contact.interactions) {
        i.normal.at("stiffness").value = i.normal.real("stiffness") * scale;
        i.laws.normal = normal_laws().build(i.normal);
      }
      deck.output.vtk = false;
      const ContactRun r = run_contact_deck(deck);
      INFO(deck_name << " × " << scale << ": " << r.run.totals.give_up_reason);
      REQUIRE_FALSE(r.run.totals.gave_up);
      const double weight = 2000 * 1.0 * 0.2 * 0.05 * 9.81;
      for (std::size_t k = 0; k < 3; ++k) {
        INFO(deck_name << " × " << scale << ", support " << k);
        CHECK(r.snapshots.back().boundary_reactions[k].z() / weight ==
              Approx(expected[k]).margin(1e-3));
      }
    }
  }
}

TEST_CASE("box of cubes: the pack fills the box, then spreads beyond it once the walls are removed",
          "[examples][box_of_cubes]") {
  DeckData deck = example("box_of_cubes/small.yaml");
  deck.packings[0].count = 27;  // three layers of nine
  deck.steps[0].end_time = 0.6;
  deck.steps[1].end_time = 1.4;
  deck.output.vtk = false;
  auto outside_box = [](const Model& model) {  // the walls stand at |x|, |y| = 0.3 m
    return std::count_if(model.nodes.begin(), model.nodes.end(), [](const NodeState& node) {
      return std::max(std::abs(node.position.x()), std::abs(node.position.y())) > 0.3;
    });
  };
  DeckData fill_only = deck;
  fill_only.steps.pop_back();
  const ContactRun filled = run_contact_deck(fill_only);
  INFO(filled.run.totals.give_up_reason);
  REQUIRE_FALSE(filled.run.totals.gave_up);
  CHECK(outside_box(filled.run.model) == 0);
  const ContactRun r = run_contact_deck(deck);
  REQUIRE_FALSE(r.run.totals.gave_up);
  CHECK(r.min_gap > 0);
  CHECK(outside_box(r.run.model) > 0);
  for (const NodeState& node : r.run.model.nodes) {
    CHECK(node.position.allFinite());
    CHECK(node.position.z() > 0.0);
  }
}

TEST_CASE("box of tetrapods: every phase of the deck runs, and no accepted state interpenetrates",
          "[examples][box_of_tetrapods]") {
  DeckData deck = example("box_of_tetrapods/small.yaml");
  deck.packings[0].count = 8;
  const double end_times[] = {0.4, 0.5, 0.6, 0.7,
                              0.8};  // fill, compact, frictionless, settle, collapse
  REQUIRE(deck.steps.size() == 5);
  for (std::size_t k = 0; k < deck.steps.size(); ++k) deck.steps[k].end_time = end_times[k];
  deck.output.vtk = false;
  const ContactRun r = run_contact_deck(deck);
  INFO(r.run.totals.give_up_reason);
  REQUIRE_FALSE(r.run.totals.gave_up);
  CHECK(r.snapshots.back().body_boundary >= 8);  // every tetrapod has landed
  CHECK(r.min_gap > 0);
  for (const NodeState& node : r.run.model.nodes) {
    CHECK(node.position.allFinite());
    CHECK(node.velocity.allFinite());
  }
}

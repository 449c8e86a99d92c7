// A shorter attempt at a step keeps the search of the attempt the impact forecast cut short
// (ContactSet::keep_search): from the same configuration i no body travels farther in less
// time, so the kept candidates must include every one a fresh search for the shorter step
// finds (the independent reference), sub-region pair by sub-region pair. A longer step, or
// a boundary that moves (its speed at i is the searched step's mean), is searched afresh.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "contact/geometry/generators.hpp"
#include "tests/support/packed_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

/// A candidate by its bodies, its boundary's index (-1: none) and its sub-regions.
using FoundCandidate = std::tuple<int, int, long, SubRegion, SubRegion>;

std::set<FoundCandidate> candidates_of(const ContactSet& contact) {
  std::set<FoundCandidate> found;
  for (const ContactPairElement* element : contact.pair_elements()) {
    const BoundarySurface* wall = element->side_b().boundary;
    const long boundary = wall ? wall - contact.boundaries().data() : -1;
    for (const Candidate& candidate : element->candidates())
      found.insert({element->side_a().body, element->side_b().body, boundary, candidate.region_a,
                    candidate.region_b});
  }
  return found;
}

StepContext step_of(const std::vector<NodeState>& nodes, const Eigen::VectorXd& zero, double dt) {
  StepContext ctx;
  ctx.time = 1.0 + dt;
  ctx.dt = dt;
  ctx.nodes = nodes;
  ctx.increments = &zero;
  return ctx;
}

}  // namespace

TEST_CASE("a shorter attempt keeps the candidates of the step's search, a superset of its own",
          "[contact][search][impact_forecast]") {
  constexpr double skin = 0.05;
  const Packing packing(build_shape(make_box(0.5, 0.5, 0.5), "cube"), 1.0, skin,
                        packing_options(5, 1.35, std::sqrt(3.0), skin, 7),
                        boxes_separated(Vec3::Constant(0.5)));
  std::vector<NodeState> nodes = nodes_of(packing);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : nodes) {
    node.velocity = 4.0 * Vec3(unit(rng), unit(rng), unit(rng));
    node.angular_velocity = 2.0 * Vec3(unit(rng), unit(rng), unit(rng));
  }
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6 * static_cast<long>(nodes.size()));
  const double dt = 0.02, shorter = 0.004;

  const auto kept = contact_set_of(packing, {});
  kept->begin_step(step_of(nodes, zero, dt));
  const std::set<FoundCandidate> searched = candidates_of(*kept);
  CHECK_FALSE(kept->keep_search(step_of(nodes, zero, 2 * dt)));  // not shorter
  REQUIRE(kept->keep_search(step_of(nodes, zero, shorter)));
  CHECK(candidates_of(*kept) == searched);

  const auto fresh = contact_set_of(packing, {});
  fresh->begin_step(step_of(nodes, zero, shorter));
  const std::set<FoundCandidate> own = candidates_of(*fresh);
  REQUIRE(own.size() > 100);
  CHECK(searched.size() > own.size());  // the longer step's reach found more
  CHECK(std::includes(searched.begin(), searched.end(), own.begin(), own.end()));
}

TEST_CASE("a moving boundary makes a shorter attempt search afresh",
          "[contact][search][impact_forecast]") {
  constexpr double skin = 0.05;
  const Packing packing(build_shape(make_box(0.5, 0.5, 0.5), "cube"), 1.0, skin,
                        packing_options(3, 1.35, std::sqrt(3.0), skin, 7),
                        boxes_separated(Vec3::Constant(0.5)));
  std::vector<ContactBody> bodies;
  for (std::size_t b = 0; b < packing.bodies.size(); ++b)
    bodies.push_back({"body" + std::to_string(b), packing.shape, 1.0, 0});
  BoundarySurface walls;
  walls.name = "walls";
  walls.shape = packing.walls;
  walls.group = 1;
  walls.displacement = Vec3(0, 0, 0.1);
  walls.displacement_scale = TimeFunction::ramp(0.0, 0.0, 10.0, 1.0);
  InteractionTable table(2);
  table.set(0, 0, law(skin));
  table.set(0, 1, law(skin));
  ContactSet contact(std::move(bodies), {walls}, std::move(table), SearchSettings{});
  const std::vector<NodeState> nodes = nodes_of(packing);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6 * static_cast<long>(nodes.size()));
  contact.begin_step(step_of(nodes, zero, 0.02));
  CHECK_FALSE(contact.keep_search(step_of(nodes, zero, 0.004)));
}

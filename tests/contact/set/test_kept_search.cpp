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

/// Cubes of 0.5 m, a 5 % skin, on `sites`³ sites.
Packing cube_packing(int sites) {
  constexpr double skin = 0.05;
  return Packing(build_shape(make_box(0.5, 0.5, 0.5), "cube"), 1.0, skin,
                 packing_options(sites, 1.35, std::sqrt(3.0), skin, 7),
                 boxes_separated(Vec3::Constant(0.5)));
}

}  // namespace

TEST_CASE("a shorter attempt keeps the candidates of the step's search, a superset of its own",
          "[contact][search][impact_forecast]") {
  const Packing packing = cube_packing(5);
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
  const Packing packing = cube_packing(3);
  const auto contact =
      contact_set_of(packing, {}, Vec3(0, 0, 0.1), TimeFunction::ramp(0.0, 0.0, 10.0, 1.0));
  const std::vector<NodeState> nodes = nodes_of(packing);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6 * static_cast<long>(nodes.size()));
  contact->begin_step(step_of(nodes, zero, 0.02));
  CHECK_FALSE(contact->keep_search(step_of(nodes, zero, 0.004)));
}

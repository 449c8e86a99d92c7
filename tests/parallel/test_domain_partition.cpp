// Domain decomposition without MPI: recursive coordinate bisection, the
// numbering of the equations process by process, and the contact search of
// each process over its own bodies and its ghosts. The reference is the
// search of one process over every body: on a dense packing of cubes split
// among 2 to 5 simulated processes, moved over several steps (the ghosts
// chosen again whenever a body leaves its allowance), the processes together
// must find exactly its candidates, each pair on one process only.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "src/analysis/model_builder.hpp"
#include "src/parallel/body_ownership.hpp"
#include "src/parallel/coordinate_bisection.hpp"
#include "src/parallel/ghost_selection.hpp"
#include "tests/support/packed_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

std::vector<Vec3> random_points(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Vec3> points;
  for (int k = 0; k < count; ++k) points.emplace_back(unit(rng), 3 * unit(rng), 0.5 * unit(rng));
  return points;
}

std::vector<double> part_weights(const std::vector<int>& part, const std::vector<double>& weights,
                                 int parts) {
  std::vector<double> sums(static_cast<std::size_t>(parts), 0.0);
  for (std::size_t k = 0; k < part.size(); ++k)
    sums[static_cast<std::size_t>(part[k])] += weights[k];
  return sums;
}

}  // namespace

TEST_CASE("coordinate bisection balances the weights and cuts across the longest side",
          "[partition]") {
  const std::vector<Vec3> points = random_points(1000, 3);
  std::vector<double> weights(points.size());
  std::mt19937 rng(4);
  std::uniform_int_distribution<int> contacts(0, 8);
  for (double& w : weights) w = 1 + contacts(rng);
  for (const int parts : {1, 2, 3, 5, 8}) {
    INFO(parts << " parts");
    const std::vector<int> part = coordinate_bisection(points, weights, parts);
    CHECK(part == coordinate_bisection(points, weights, parts));  // deterministic
    CHECK(load_imbalance(part_weights(part, weights, parts)) < 1.03);
    if (parts == 2) {  // one plane across y, the longest side: every y of part 0 below part 1's
      double top_of_first = -1e9, bottom_of_second = 1e9;
      for (std::size_t k = 0; k < points.size(); ++k)
        (part[k] == 0 ? top_of_first : bottom_of_second) =
            part[k] == 0 ? std::max(top_of_first, points[k].y())
                         : std::min(bottom_of_second, points[k].y());
      CHECK(top_of_first <= bottom_of_second);
    }
  }
}

TEST_CASE("coordinate bisection of fewer points than parts leaves parts empty", "[partition]") {
  const std::vector<Vec3> points = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0)};
  const std::vector<double> weights = {1, 1, 1};
  const std::vector<int> part = coordinate_bisection(points, weights, 5);
  std::vector<int> sorted = part;
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());  // one point per part
  CHECK(load_imbalance(std::vector<double>{3, 0}) == Approx(2.0));
  CHECK(load_imbalance(std::vector<double>{1, 1, 1}) == Approx(1.0));
}

TEST_CASE("equations numbered process by process follow the bodies and their rigid nodes",
          "[partition][numbering]") {
  DeckData deck;
  deck.path = "<test>";
  StepSpec step;
  step.end_time = 1;
  step.dt.initial = step.dt.min = step.dt.max = 0.1;
  deck.steps.push_back(step);
  for (int b = 0; b < 5; ++b) {
    BodySpec body;
    body.name = "b" + std::to_string(b);
    body.mass = 1;
    body.inertia = Mat3::Identity();
    body.position = Vec3(b, 0, 0);
    body.fixed = b == 1;
    deck.bodies.push_back(body);
  }
  RigidNodeSpec node;
  node.name = "tip";
  node.point = Vec3(0.5, 0, 0);
  deck.bodies[3].rigid_nodes.push_back(node);
  const Model model = build_model(deck);
  const BodyOwnership ownership{0, 2, {1, 0, 1, 0, 1}, 1};
  const RankNumbering numbering = number_by_rank(model, ownership);

  REQUIRE(numbering.first_row.size() == 3);
  CHECK(numbering.first_row.back() == model.dofs.equation_count());
  // Body 1 is fixed; body 3 comes with its rigid node and its multipliers.
  CHECK(numbering.owned_count(0) == 6 + 12);
  for (int row = 0; row < numbering.first_row.back(); ++row) {
    const int dof = numbering.dof_of_row[static_cast<std::size_t>(row)];
    CHECK(numbering.row_of_dof[static_cast<std::size_t>(dof)] == row);
    const int rank = row < numbering.first_row[1] ? 0 : 1;
    CHECK(ownership.owner[static_cast<std::size_t>(body_of_dof(model, dof))] == rank);
  }
  for (int dof = 0; dof < model.dofs.dof_count(); ++dof)
    CHECK((numbering.row_of_dof[static_cast<std::size_t>(dof)] < 0) ==
          model.dofs.is_constrained(dof));
  CHECK(body_of_dof(model, 6 * 5 + 2) == 3);      // the rigid node's own DOFs
  CHECK(body_of_dof(model, 6 * 5 + 6 + 4) == 3);  // its multipliers
}

namespace {

/// One simulated process's part of the search: its own bodies and ghosts.
class SimulatedProcess final : public ContactPartition {
 public:
  std::span<const int> searched_bodies() const override { return choice.searched; }
  std::span<const char> owned_flags() const override { return choice.owned; }
  std::uint64_t revision() const override { return revision_; }
  void sum_over_processes(std::span<double> /*values*/) const override {}

  void choose(ContactSet& contact, const StepContext& ctx, std::span<const char> owned) {
    choice = choose_ghosts(contact.every_body(ctx, true), owned,
                           contact.search_settings().verlet_margin);
    ++revision_;
  }
  bool keeps(const ContactSet& contact, const StepContext& ctx) const {
    for (std::size_t k = 0; k < choice.searched.size(); ++k)
      if (choice.owned[k] &&
          !keeps_to_allowance(contact.placed_body(ctx, choice.searched[k], true),
                              choice.chosen_at[k], contact.search_settings().verlet_margin,
                              choice.allowance))
        return false;
    return true;
  }

  GhostChoice choice;

 private:
  std::uint64_t revision_ = 0;
};

// Every body whose bounding sphere, inflated as at a list build (list_margin),
// meets that of one of the process's own bodies is among those it searches.
bool sees_every_body_in_reach(ContactSet& contact, const StepContext& ctx,
                              const GhostChoice& choice) {
  const SearchScene every = contact.every_body(ctx, true);
  const double skin = every.largest_body_skin();
  const double delta = contact.search_settings().verlet_margin;
  for (std::size_t k = 0; k < choice.searched.size(); ++k) {
    if (!choice.owned[k]) continue;
    const SearchObject& a = every.bodies[static_cast<std::size_t>(choice.searched[k])];
    for (std::size_t b = 0; b < every.bodies.size(); ++b) {
      const SearchObject& other = every.bodies[b];
      const double reach = a.shape->bounding_radius + other.shape->bounding_radius + skin +
                           list_margin(a.margin, delta) + list_margin(other.margin, delta);
      if ((a.position - other.position).norm() <= reach &&
          !std::binary_search(choice.searched.begin(), choice.searched.end(), static_cast<int>(b)))
        return false;
    }
  }
  return true;
}

using SearchedPair = std::tuple<BodyPair, double, std::vector<SubRegionPair>>;

SearchedPair candidate_of(const CandidateSet& set, const CandidatePair& pair) {
  const auto regions = set.regions_of(pair);
  return {pair.id, pair.skin, std::vector<SubRegionPair>(regions.begin(), regions.end())};
}

Packing cube_packing() {
  constexpr double skin = 0.05;
  return Packing(build_shape(make_box(0.5, 0.5, 0.5), "cube"), 1.0, skin,
                 packing_options(7, 1.35, std::sqrt(3.0), skin, 41),
                 boxes_separated(Vec3::Constant(0.5)));
}

StepContext step_of(const std::vector<NodeState>& nodes, const Eigen::VectorXd& zero) {
  StepContext ctx;
  ctx.dt = 0.02;
  ctx.nodes = nodes;
  ctx.increments = &zero;
  return ctx;
}

void move(std::vector<NodeState>& nodes, std::mt19937& rng, double step) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (NodeState& node : nodes) {
    node.position += step * Vec3(unit(rng), unit(rng), unit(rng)).normalized();
    node.velocity = Vec3(unit(rng), unit(rng), unit(rng));  // inflates by up to 2 × 0.02 × √3 m
    node.rotation =
        Eigen::Quaterniond(Eigen::AngleAxisd(0.05 * unit(rng), Vec3::UnitZ())) * node.rotation;
  }
}

}  // namespace

TEST_CASE("processes searching their own bodies and ghosts find every candidate exactly once",
          "[partition][ghosts]") {
  const Packing packing = cube_packing();
  REQUIRE(packing.bodies.size() > 250);
  for (const int parts : {2, 3, 5}) {
    INFO(parts << " processes");
    std::vector<NodeState> nodes = nodes_of(packing);
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(6 * static_cast<long>(nodes.size()));
    std::vector<Vec3> poles;
    for (const NodeState& node : nodes) poles.push_back(node.position);
    const std::vector<int> owner =
        coordinate_bisection(poles, std::vector<double>(nodes.size(), 1.0), parts);
    const auto whole = contact_set_of(packing, {});
    std::vector<std::unique_ptr<ContactSet>> sets;
    std::vector<SimulatedProcess> processes(static_cast<std::size_t>(parts));
    for (int p = 0; p < parts; ++p) sets.push_back(contact_set_of(packing, {}));
    std::mt19937 rng(parts);
    long choices = 0;
    for (int step = 0; step < 12; ++step) {
      INFO("step " << step);
      const StepContext ctx = step_of(nodes, zero);
      const CandidateSet reference = whole->find_candidates(ctx, true);
      std::vector<SearchedPair> found;
      for (int p = 0; p < parts; ++p) {
        SimulatedProcess& process = processes[static_cast<std::size_t>(p)];
        ContactSet& contact = *sets[static_cast<std::size_t>(p)];
        if (step == 0 || !process.keeps(contact, ctx)) {
          std::vector<char> owned(nodes.size());
          for (std::size_t b = 0; b < owned.size(); ++b) owned[b] = owner[b] == p;
          process.choose(contact, ctx, owned);
          contact.set_partition(&process);
          ++choices;
        }
        CHECK(process.choice.ghost_count() < process.choice.owned_count + 60);
        CHECK(sees_every_body_in_reach(contact, ctx, process.choice));
        const CandidateSet& mine = contact.find_candidates(ctx, true);
        for (const CandidatePair& pair : mine.pairs) {
          CHECK(owner[static_cast<std::size_t>(pair.id.body_a)] == p);
          found.push_back(candidate_of(mine, pair));
        }
      }
      std::sort(found.begin(), found.end());
      std::vector<SearchedPair> expected;
      for (const CandidatePair& pair : reference.pairs)
        expected.push_back(candidate_of(reference, pair));
      REQUIRE(expected.size() > 300);
      CHECK(found == expected);
      move(nodes, rng, 0.03);
    }
    CHECK(choices > parts);       // bodies left their allowance
    CHECK(choices < 12 * parts);  // but the ghosts held for several steps
  }
}

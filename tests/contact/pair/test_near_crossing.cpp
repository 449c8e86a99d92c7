// The end-of-step crossing test from a pair's near candidates
// (near_crossing.hpp): two bodies placed a small gap apart at configuration i,
// in random orientations, then moved by random increments whose travel stays
// below the skin. Wherever ContactPairElement::surfaces_cross_near decides, its
// verdict must be that of surfaces_cross over every edge and face of both
// bodies (the independent, brute reference), crossing or not.
#include <catch2/catch.hpp>

#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "contact/contact_set.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/search/body_overlap.hpp"
#include "contact/search/sub_region_tree.hpp"
#include "src/core/rotation.hpp"
#include "tests/support/packed_scene.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kSkin = 0.05;

struct Scene {
  std::shared_ptr<const Shape> shape_a, shape_b;
  SubRegionTree tree_a{*shape_a}, tree_b{*shape_b};

  SearchObject object(int body, const NodeState& node, const Eigen::VectorXd& increments) const {
    SearchObject object{body == 0 ? shape_a.get() : shape_b.get(), body == 0 ? &tree_a : &tree_b};
    const auto increment = increments.segment<kDofsPerNode>(kDofsPerNode * body);
    object.position = node.position + increment.head<3>();
    object.rotation =
        rodrigues_matrix<double>(increment.tail<3>()) * node.rotation.toRotationMatrix();
    return object;
  }
};

Eigen::Quaterniond random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  return Eigen::Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
}

/// Body b placed along `direction` from body a, at the first distance where the surfaces
/// no longer cross (bisection), plus `gap`.
void place_apart(const Scene& scene, std::vector<NodeState>& nodes, const Vec3& direction,
                 double gap) {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(2 * kDofsPerNode);
  const auto crossing_at = [&](double distance) {
    nodes[1].position = distance * direction;
    return surfaces_cross(scene.object(0, nodes[0], zero), scene.object(1, nodes[1], zero));
  };
  double inside = 0.0,
         outside = 2 * (scene.shape_a->bounding_radius + scene.shape_b->bounding_radius);
  for (int k = 0; k < 60; ++k) {
    const double middle = (inside + outside) / 2;
    (crossing_at(middle) ? inside : outside) = middle;
  }
  crossing_at(outside + gap);
}

struct Tally {
  long decided = 0, crossing = 0;
};

void compare_after_moves(const Scene& scene, std::mt19937& rng, Tally& tally) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::normal_distribution<double> normal;
  std::vector<ContactBody> bodies = {{"a", scene.shape_a, 1.0, 0}, {"b", scene.shape_b, 1.0, 0}};
  InteractionTable table(1);
  table.set(0, 0, law(kSkin));
  ContactSet contact(std::move(bodies), {}, std::move(table), SearchSettings{});
  std::vector<NodeState> nodes(2);
  nodes[0].rotation = random_rotation(rng);
  nodes[1].rotation = random_rotation(rng);
  place_apart(scene, nodes, Vec3(normal(rng), normal(rng), normal(rng)).normalized(),
              0.2 * kSkin * (1 + unit(rng)));
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(2 * kDofsPerNode);
  StepContext at_i;
  at_i.time = at_i.dt = 0.01;
  at_i.nodes = nodes;
  at_i.increments = &zero;
  contact.begin_step(at_i);
  REQUIRE(contact.pair_elements().size() == 1);
  const ContactPairElement& element = *contact.pair_elements().front();
  const double reach = scene.shape_a->bounding_radius + scene.shape_b->bounding_radius;
  for (int move = 0; move < 20; ++move) {
    Eigen::VectorXd increments(2 * kDofsPerNode);
    for (long k = 0; k < increments.size(); ++k) increments[k] = 0.3 * kSkin * unit(rng);
    increments.segment<3>(3) /= reach;  // turns that move points as far as the moves
    increments.segment<3>(9) /= reach;
    StepContext trial = at_i;
    trial.increments = &increments;
    const std::optional<bool> near = element.surfaces_cross_near(trial, kSkin);
    if (!near) continue;
    const bool whole = surfaces_cross(scene.object(0, nodes[0], increments),
                                      scene.object(1, nodes[1], increments));
    CHECK(*near == whole);
    ++tally.decided;
    tally.crossing += whole ? 1 : 0;
  }
}

}  // namespace

TEST_CASE("a pair's crossing decided from its near candidates is that of its whole surfaces",
          "[contact][crossing]") {
  TetrapodParams params;
  params.facets = 6;
  const auto cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  const auto tetrapod = build_shape(make_tetrapod(params), "tetrapod");
  std::mt19937 rng(17);
  Tally tally;
  for (const auto& [a, b] :
       {std::pair{cube, cube}, std::pair{tetrapod, tetrapod}, std::pair{tetrapod, cube}})
    for (int placement = 0; placement < 15; ++placement)
      compare_after_moves(Scene{a, b}, rng, tally);
  std::printf("[contact] near-candidate crossing: %ld moves decided, %ld of them crossing\n",
              tally.decided, tally.crossing);
  CHECK(tally.decided > 400);
  CHECK(tally.crossing > 40);
  CHECK(tally.crossing < tally.decided - 40);
}

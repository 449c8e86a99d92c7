// A packing (packing_fixtures.hpp) of one shape in an open box container,
// ready for the contact search (placed, inflatable, movable) and for a
// ContactSet at rest: for the search tests and benchmark.
#pragma once

#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include "contact/contact_set.hpp"
#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/search/search_scene.hpp"
#include "tests/support/law_fixtures.hpp"
#include "tests/support/packing_fixtures.hpp"

namespace polydem::testing {

/// A barrier law with this skin; the stiffness matters only for forces.
inline InteractionLaws law(double skin) { return interaction_laws({skin, 1e5, 1.0, 0.5, -1.0}); }

/// A packing of one shape in an open box container, ready for the search.
struct Packing {
  std::shared_ptr<const Shape> shape;
  std::shared_ptr<const Shape> walls;
  std::unique_ptr<SubRegionTree> tree;
  std::unique_ptr<SubRegionTree> wall_tree;
  std::vector<Pose> poses;
  std::vector<SearchObject> bodies;
  std::vector<SearchObject> boundaries;
  std::vector<int> groups;
  std::vector<double> sizes;
  std::vector<int> boundary_groups{1};
  InteractionTable table{2};

  double skin;

  Packing(std::shared_ptr<const Shape> body_shape, double size, double skin_,
          const PackingOptions& options, const SeparationTest& separated)
      : shape(std::move(body_shape)), tree(std::make_unique<SubRegionTree>(*shape)), skin(skin_) {
    poses = jittered_packing(options, separated);
    const Vec3 extent(options.sites[0] - 1, options.sites[1] - 1, options.sites[2] - 1);
    const Vec3 half = 0.5 * options.spacing * extent +
                      Vec3::Constant(options.jitter + shape->bounding_radius + 1e-3);
    walls = build_boundary_shape(make_box_container({0.5 * options.spacing * extent, half, true}),
                                 "walls");
    wall_tree = std::make_unique<SubRegionTree>(*walls);
    boundaries.push_back({walls.get(), wall_tree.get(), Vec3::Zero(), Mat3::Identity(), 0.0});
    for (const Pose& pose : poses)
      bodies.push_back(
          {shape.get(), tree.get(), pose.position, pose.rotation.toRotationMatrix(), 0.0});
    groups.assign(bodies.size(), 0);
    sizes.assign(bodies.size(), size);
    table.set(0, 0, law(skin));
    table.set(0, 1, law(skin));
  }

  SearchScene scene() const {
    return {bodies, boundaries, groups, sizes, boundary_groups, &table, {}, {}};
  }

  void inflate(std::mt19937& rng, double largest) {
    std::uniform_real_distribution<double> margin(0.0, largest);
    for (SearchObject& body : bodies) body.margin = margin(rng);
    boundaries.front().margin = margin(rng);
  }

  /// Every body moves by up to `step` and turns by up to `angle`.
  void move(std::mt19937& rng, double step, double angle) {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (SearchObject& body : bodies) {
      body.position += step / std::sqrt(3.0) * Vec3(unit(rng), unit(rng), unit(rng));
      const Vec3 axis = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
      body.rotation = Eigen::AngleAxisd(angle * unit(rng), axis).toRotationMatrix() * body.rotation;
    }
  }
};

inline PackingOptions packing_options(int sites, double spacing, double reach, double skin,
                                      unsigned seed) {
  PackingOptions options;
  options.sites = {sites, sites, sites};
  options.spacing = spacing;
  options.jitter = 0.1;
  options.reach = reach;
  options.close_gap = 0.5 * skin;
  options.seed = seed;
  return options;
}

/// A ContactSet over a packing: bodies in group 0, the container in group 1,
/// translated by `walls_motion`(t) · `walls_displacement` (fixed by default).
inline std::unique_ptr<ContactSet> contact_set_of(
    const Packing& packing, const SearchSettings& settings,
    const Vec3& walls_displacement = Vec3::Zero(),
    const TimeFunction& walls_motion = TimeFunction::constant(0.0)) {
  std::vector<ContactBody> bodies;
  for (std::size_t b = 0; b < packing.bodies.size(); ++b)
    bodies.push_back({"body" + std::to_string(b), packing.shape, 1.0, 0});
  BoundarySurface walls;
  walls.name = "walls";
  walls.shape = packing.walls;
  walls.group = 1;
  walls.displacement = walls_displacement;
  walls.displacement_scale = walls_motion;
  InteractionTable table(2);
  table.set(0, 0, law(packing.skin));
  table.set(0, 1, law(packing.skin));
  return std::make_unique<ContactSet>(std::move(bodies), std::vector<BoundarySurface>{walls},
                                      std::move(table), settings);
}

inline std::vector<NodeState> nodes_of(const Packing& packing) {
  std::vector<NodeState> nodes(packing.poses.size());
  for (std::size_t b = 0; b < nodes.size(); ++b) {
    nodes[b].position = packing.poses[b].position;
    nodes[b].rotation = packing.poses[b].rotation;
  }
  return nodes;
}

}  // namespace polydem::testing

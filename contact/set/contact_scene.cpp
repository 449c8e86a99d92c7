#include "contact/set/contact_scene.hpp"

#include <algorithm>
#include <cmath>

#include "contact/geometry/mass_properties.hpp"
#include "contact/local/rigid_point.hpp"
#include "contact/pair/contact_mass.hpp"
#include "src/core/rotation.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

namespace {

/// Each body's size, the cube root of its volume (0 without a shape).
std::vector<double> sizes_of(const std::vector<ContactBody>& bodies) {
  std::map<const Shape*, double> by_shape;
  std::vector<double> sizes;
  for (const ContactBody& body : bodies) {
    if (body.shape && !by_shape.contains(body.shape.get()))
      by_shape.emplace(body.shape.get(), std::cbrt(mass_properties(body.shape->mesh).volume));
    sizes.push_back(body.shape ? by_shape.at(body.shape.get()) : 0.0);
  }
  return sizes;
}

}  // namespace

ContactScene::ContactScene(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
                           InteractionTable interactions, SearchSettings search)
    : bodies_(std::move(bodies)),
      boundaries_(std::move(boundaries)),
      interactions_(std::move(interactions)),
      settings_(search),
      body_sizes_(sizes_of(bodies_)) {
  const auto add_tree = [&](const Shape* shape) {
    if (!trees_.contains(shape))
      trees_.emplace(shape, std::make_unique<const SubRegionTree>(*shape));
  };
  inertias_.reserve(bodies_.size());
  for (const ContactBody& body : bodies_) {
    body_groups_.push_back(body.group);
    body_held_.push_back(body.held ? 1 : 0);
    inertias_.push_back({body.mass, inverse_inertia_root(body.inertia), body.centre_of_mass});
    if (body.shape) add_tree(body.shape.get());
  }
  for (const BoundarySurface& boundary : boundaries_) {
    add_tree(boundary.shape.get());
    boundary_groups_.push_back(boundary.group);
  }
}

std::shared_ptr<const Interaction> ContactScene::pair_law(const BodyPair& id) const {
  const auto a = static_cast<std::size_t>(id.body_a);
  if (id.boundary >= 0)
    return interactions_.law(
        body_groups_[a], boundary_groups_[static_cast<std::size_t>(id.boundary)], body_sizes_[a]);
  const auto b = static_cast<std::size_t>(id.body_b);
  return interactions_.law(body_groups_[a], body_groups_[b],
                           std::min(body_sizes_[a], body_sizes_[b]));
}

double ContactScene::pair_skin(const BodyPair& id) const {
  const auto a = static_cast<std::size_t>(id.body_a);
  return id.boundary >= 0
             ? interactions_.skin(body_groups_[a],
                                  boundary_groups_[static_cast<std::size_t>(id.boundary)],
                                  body_sizes_[a])
             : interactions_.skin(
                   body_groups_[a], body_groups_[static_cast<std::size_t>(id.body_b)],
                   std::min(body_sizes_[a], body_sizes_[static_cast<std::size_t>(id.body_b)]));
}

std::string ContactScene::side_name(int body, int boundary) const {
  if (boundary >= 0)
    return "boundary '" + boundaries_[static_cast<std::size_t>(boundary)].name + "'";
  return "body '" + bodies_[static_cast<std::size_t>(body)].name + "'";
}

double ContactScene::travel_since_search(const StepContext& ctx, const BodyPair& pair) const {
  // Each side from the pose of the search (configuration i), in its frame.
  const auto moved = [&](int body) {
    const auto increment = ctx.node_increment(body);
    RigidTrialState state;
    state.u_delta = increment.head<3>();
    state.alpha_delta = increment.tail<3>();
    return state;
  };
  const auto radius = [&](int body) {
    return bodies_[static_cast<std::size_t>(body)].shape->bounding_radius;
  };
  RigidTrialState other;  // a boundary translates
  double other_radius = 0;
  if (pair.boundary >= 0) {
    const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(pair.boundary)];
    other.u_delta = surface.position_at(ctx.time) - surface.position_at(ctx.time - ctx.dt);
  } else {
    other = moved(pair.body_b);
    other_radius = radius(pair.body_b);
  }
  return largest_relative_travel({}, moved(pair.body_a), radius(pair.body_a), {}, other,
                                 other_radius);
}

double ContactScene::travel(const StepContext& ctx, int body) const {
  const NodeState& node = ctx.nodes[static_cast<std::size_t>(body)];
  const double dt = ctx.dt;
  return node.velocity.norm() * dt + 0.5 * node.acceleration.norm() * dt * dt +
         node.angular_velocity.norm() * dt *
             bodies_[static_cast<std::size_t>(body)].shape->bounding_radius;
}

double ContactScene::inflation(const StepContext& ctx, int body) const {
  return settings_.travel_factor * travel(ctx, body) + settings_.minimum_margin;
}

double ContactScene::boundary_travel(const StepContext& ctx, int boundary) const {
  const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(boundary)];
  return (surface.position_at(ctx.time) - surface.position_at(ctx.time - ctx.dt)).norm();
}

double ContactScene::boundary_inflation(const StepContext& ctx, int boundary) const {
  return settings_.travel_factor * boundary_travel(ctx, boundary) + settings_.minimum_margin;
}

double ContactScene::search_reach(const StepContext& ctx, const BodyPair& pair) const {
  const double other =
      pair.boundary >= 0 ? boundary_inflation(ctx, pair.boundary) : inflation(ctx, pair.body_b);
  return pair_skin(pair) + inflation(ctx, pair.body_a) + other;
}

SearchObject ContactScene::body_object(const StepContext& ctx, int body, bool inflate) const {
  const NodeState& node = ctx.nodes[static_cast<std::size_t>(body)];
  const Shape* shape = bodies_[static_cast<std::size_t>(body)].shape.get();
  if (!shape) return {};
  SearchObject object{shape, trees_.at(shape).get(), node.position,
                      node.rotation.toRotationMatrix(), 0.0};
  if (inflate) {
    object.margin = inflation(ctx, body);
  } else {
    const auto increment = ctx.node_increment(body);
    object.position += increment.head<3>();
    object.rotation = rodrigues_matrix<double>(increment.tail<3>()) * object.rotation;
  }
  return object;
}

SearchObject ContactScene::boundary_object(const StepContext& ctx, int boundary,
                                           bool inflate) const {
  const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(boundary)];
  const Vec3 start = surface.position_at(ctx.time - ctx.dt);
  const Vec3 end = surface.position_at(ctx.time);
  SearchObject object{surface.shape.get(), trees_.at(surface.shape.get()).get(),
                      inflate ? start : end, surface.rotation, 0.0};
  if (inflate) object.margin = boundary_inflation(ctx, boundary);
  return object;
}

void ContactScene::place_boundaries(const StepContext& ctx, bool inflate,
                                    std::vector<SearchObject>& objects) {
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    objects[s] = boundary_object(ctx, static_cast<int>(s), inflate);
    boundary_groups_[s] = boundaries_[s].active ? boundaries_[s].group : -1;
  }
}

int ContactScene::boundary_index(const std::string& name) const {
  for (std::size_t s = 0; s < boundaries_.size(); ++s)
    if (boundaries_[s].name == name) return static_cast<int>(s);
  return -1;
}

int ContactScene::group_index(const std::string& name) const {
  const auto found = group_ids_.find(name);
  return found == group_ids_.end() ? -1 : found->second;
}

}  // namespace polydem

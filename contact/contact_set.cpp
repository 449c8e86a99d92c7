#include "contact/contact_set.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include <Eigen/Geometry>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_intersection.hpp"
#include "contact/local/penetration.hpp"
#include "contact/pair/closest_points.hpp"
#include "contact/search/body_overlap.hpp"
#include "contact/search/brute_force_search.hpp"

namespace polydem {

namespace {

/// δ as set, or when the deck leaves it a tenth of the smallest body.
double verlet_margin(const SearchSettings& settings, const std::vector<double>& sizes) {
  if (settings.verlet_margin > 0) return settings.verlet_margin;
  double smallest = 0;
  for (const double size : sizes)
    if (size > 0 && (smallest == 0 || size < smallest)) smallest = size;
  return smallest > 0 ? 0.1 * smallest : 1.0;
}

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

/// The wrenches of every process's pairs, on every process.
void sum_over_processes(const ContactPartition& partition, std::vector<Wrench<double>>& wrenches) {
  std::vector<double> values;
  values.reserve(6 * wrenches.size());
  for (const Wrench<double>& w : wrenches)
    values.insert(values.end(), {w.force.x(), w.force.y(), w.force.z(), w.moment.x(), w.moment.y(),
                                 w.moment.z()});
  partition.sum_over_processes(values);
  for (std::size_t b = 0; b < wrenches.size(); ++b) {
    wrenches[b].force = Vec3(values[6 * b], values[6 * b + 1], values[6 * b + 2]);
    wrenches[b].moment = Vec3(values[6 * b + 3], values[6 * b + 4], values[6 * b + 5]);
  }
}

}  // namespace

ContactSet::ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
                       InteractionTable interactions, SearchSettings search)
    : bodies_(std::move(bodies)),
      boundaries_(std::move(boundaries)),
      interactions_(std::move(interactions)),
      settings_(search),
      body_sizes_(sizes_of(bodies_)),
      search_(verlet_margin(search, body_sizes_), search.cell_size) {
  settings_.verlet_margin = search_.verlet_margin();
  const auto add_tree = [&](const Shape* shape) {
    if (!trees_.contains(shape))
      trees_.emplace(shape, std::make_unique<const SubRegionTree>(*shape));
  };
  for (const ContactBody& body : bodies_) {
    body_groups_.push_back(body.group);
    if (body.shape) add_tree(body.shape.get());
  }
  for (const BoundarySurface& boundary : boundaries_) {
    add_tree(boundary.shape.get());
    boundary_groups_.push_back(boundary.group);
  }
  body_objects_.resize(bodies_.size());
  boundary_objects_.resize(boundaries_.size());
  outside_domain_.assign(bodies_.size(), false);
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.boundary_moments.assign(boundaries_.size(), Vec3::Zero());
}

ContactSet::~ContactSet() = default;

std::shared_ptr<const Interaction> ContactSet::pair_law(const PairId& id) const {
  const auto a = static_cast<std::size_t>(id.body_a);
  if (id.boundary >= 0)
    return interactions_.law(
        body_groups_[a], boundary_groups_[static_cast<std::size_t>(id.boundary)], body_sizes_[a]);
  const auto b = static_cast<std::size_t>(id.body_b);
  return interactions_.law(body_groups_[a], body_groups_[b],
                           std::min(body_sizes_[a], body_sizes_[b]));
}

StepContext ContactSet::configuration_i(const StepContext& ctx) const {
  StepContext at_i = ctx;
  at_i.increments = &zero_increments_;
  return at_i;
}

SearchObject ContactSet::body_object(const StepContext& ctx, int body, bool inflate) const {
  const NodeState& node = ctx.nodes[static_cast<std::size_t>(body)];
  const Shape* shape = bodies_[static_cast<std::size_t>(body)].shape.get();
  if (!shape) return {};
  SearchObject object{shape, trees_.at(shape).get(), node.position,
                      node.rotation.toRotationMatrix(), 0.0};
  if (inflate) {
    const double dt = ctx.dt;
    const double travel = node.velocity.norm() * dt + 0.5 * node.acceleration.norm() * dt * dt +
                          node.angular_velocity.norm() * dt * shape->bounding_radius;
    object.margin = settings_.travel_factor * travel + settings_.minimum_margin;
  } else {
    const auto increment = ctx.node_increment(body);
    object.position += increment.head<3>();
    object.rotation = rodrigues_matrix<double>(increment.tail<3>()) * object.rotation;
  }
  return object;
}

SearchObject ContactSet::boundary_object(const StepContext& ctx, int boundary, bool inflate) const {
  const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(boundary)];
  const Vec3 start = surface.position_at(ctx.time - ctx.dt);
  const Vec3 end = surface.position_at(ctx.time);
  SearchObject object{surface.shape.get(), trees_.at(surface.shape.get()).get(),
                      inflate ? start : end, surface.rotation, 0.0};
  if (inflate)
    object.margin = settings_.travel_factor * (end - start).norm() + settings_.minimum_margin;
  return object;
}

void ContactSet::place_boundaries(const StepContext& ctx, bool inflate) {
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    boundary_objects_[s] = boundary_object(ctx, static_cast<int>(s), inflate);
    // An inactive boundary (removed by an action) is in no group, so it meets nothing.
    boundary_groups_[s] = boundaries_[s].active ? boundaries_[s].group : -1;
  }
}

SearchScene ContactSet::every_body(const StepContext& ctx, bool inflate) {
  place_boundaries(ctx, inflate);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    body_objects_[b] = body_object(ctx, static_cast<int>(b), inflate);
  return {body_objects_,
          boundary_objects_,
          body_groups_,
          body_sizes_,
          boundary_groups_,
          &interactions_,
          {}};
}

SearchScene ContactSet::scene(const StepContext& ctx, bool inflate) {
  if (!partition_) return every_body(ctx, inflate);
  place_boundaries(ctx, inflate);
  follow_partition();
  const std::span<const int> searched = partition_->searched_bodies();
  for (std::size_t k = 0; k < searched.size(); ++k)
    searched_objects_[k] = body_object(ctx, searched[k], inflate);
  return {searched_objects_, boundary_objects_, searched_groups_,         searched_sizes_,
          boundary_groups_,  &interactions_,    partition_->owned_flags()};
}

void ContactSet::set_partition(const ContactPartition* partition) {
  partition_ = partition;
  followed_revision_.reset();
  search_.invalidate();
}

// The search's lists hold positions in the partition's list: a new list needs new lists.
void ContactSet::follow_partition() {
  if (followed_revision_ == partition_->revision()) return;
  const std::span<const int> searched = partition_->searched_bodies();
  searched_objects_.resize(searched.size());
  searched_groups_.clear();
  searched_sizes_.clear();
  for (const int body : searched) {
    searched_groups_.push_back(body_groups_[static_cast<std::size_t>(body)]);
    searched_sizes_.push_back(body_sizes_[static_cast<std::size_t>(body)]);
  }
  search_.invalidate();
  followed_revision_ = partition_->revision();
}

// Positions in the partition's list ascend with the body numbers, so pairs keep their order.
ContactSet::PairId ContactSet::body_numbers(PairId searched) const {
  if (!partition_) return searched;
  const std::span<const int> bodies = partition_->searched_bodies();
  searched.body_a = bodies[static_cast<std::size_t>(searched.body_a)];
  if (searched.body_b >= 0) searched.body_b = bodies[static_cast<std::size_t>(searched.body_b)];
  return searched;
}

const CandidateSet& ContactSet::find_candidates(const StepContext& ctx, bool inflate) {
  const SearchScene placed = scene(ctx, inflate);
  if (settings_.method == SearchMethod::AllPairs)
    brute_force_candidates(placed, candidates_);
  else
    search_.find(placed, candidates_, threads_);
  if (partition_)
    for (CandidatePair& pair : candidates_.pairs) pair.id = body_numbers(pair.id);
  return candidates_;
}

std::unique_ptr<ContactPairElement> ContactSet::make_element(const PairId& id) const {
  const ContactBody& body_a = bodies_[static_cast<std::size_t>(id.body_a)];
  const PairSide a{id.body_a, nullptr, body_a.shape.get(), body_a.mass};
  if (id.boundary >= 0) {
    const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(id.boundary)];
    return std::make_unique<ContactPairElement>(a, PairSide{-1, &surface, surface.shape.get(), 0.0},
                                                pair_law(id));
  }
  const ContactBody& body_b = bodies_[static_cast<std::size_t>(id.body_b)];
  return std::make_unique<ContactPairElement>(
      a, PairSide{id.body_b, nullptr, body_b.shape.get(), body_b.mass}, pair_law(id));
}

ContactPairElement* ContactSet::find_element(const PairId& id) const {
  const auto found =
      std::lower_bound(elements_.begin(), elements_.end(), id,
                       [](const ElementSlot& slot, const PairId& key) { return slot.first < key; });
  return found != elements_.end() && found->first == id ? found->second.get() : nullptr;
}

namespace {

/// −ġ_n at configuration i: how fast the points close along `normal` (B towards A).
double approach_speed(const ContactSide& a, const ContactSide& b,
                      const ContactPoints<double>& points, const Vec3& normal) {
  const auto velocity_at = [](const ContactSide& side, const Vec3& x) -> Vec3 {
    if (!side.has_dofs()) return side.boundary_velocity;
    return side.node->velocity + side.node->angular_velocity.cross(x - side.trial.pole_position);
  };
  if (!normal.allFinite()) return 0.0;
  return -normal.dot(velocity_at(a, points.on_a) - velocity_at(b, points.on_b));
}

}  // namespace

PointwiseStepData ContactSet::step_data(const ContactPairElement& element, const StepContext& at_i,
                                        const SubRegion& region_a,
                                        const SubRegion& region_b) const {
  PointwiseStepData data;
  data.region_a = region_a;
  data.region_b = region_b;
  const ContactSide a = element.contact_side_a(at_i);
  const ContactSide b = element.contact_side_b(at_i);
  const Mat3 rotation_a = a.trial.current_rotation();
  const Mat3 rotation_b = b.trial.current_rotation();
  const Vec3 pole_a = a.trial.pole_position + a.trial.u_delta;
  const Vec3 pole_b = b.trial.pole_position + b.trial.u_delta;
  const RegionVertices va = region_vertices(*a.shape, region_a);
  const RegionVertices vb = region_vertices(*b.shape, region_b);
  std::array<Vec3, 3> xa{}, xb{};
  Vec3 centre_a = Vec3::Zero(), centre_b = Vec3::Zero();
  for (int k = 0; k < va.count; ++k) {
    xa[static_cast<std::size_t>(k)] =
        pole_a + rotation_a * va.reference[static_cast<std::size_t>(k)];
    centre_a += xa[static_cast<std::size_t>(k)] / va.count;
  }
  for (int k = 0; k < vb.count; ++k) {
    xb[static_cast<std::size_t>(k)] =
        pole_b + rotation_b * vb.reference[static_cast<std::size_t>(k)];
    centre_b += xb[static_cast<std::size_t>(k)] / vb.count;
  }
  const auto solved =
      solve_local_contact_at({a.shape, a.trial}, region_a, {b.shape, b.trial}, region_b);
  ContactPoints<double> points{centre_a, centre_b};
  if (solved && solved->status != LcpStatus::NoSolution) {
    points = degenerated_contact_points<double>(region_a.kind, xa, region_b.kind, xb);
    data.normal_i = solved->normal;
    data.gap_i = solved->normal_gap;
  }
  data.material_point_a = rotation_a.transpose() * (points.on_a - pole_a);
  data.material_point_b = rotation_b.transpose() * (points.on_b - pole_b);
  data.material_gap_i = points.on_a - points.on_b;
  const PairSide& sa = element.side_a();
  const PairSide& sb = element.side_b();
  const Key key{sa.body, sb.body,
                sb.boundary ? static_cast<int>(sb.boundary - boundaries_.data()) : -1, region_a,
                region_b};
  if (auto found = history_.find(key); found != history_.end()) {
    data.active_i = true;
    data.tangential_gap_i = found->second.tangential_gap;
    data.status_i = found->second.status;
    data.normal_i = found->second.normal;
    data.onset_speed = found->second.ledger.onset_speed;
    data.event_dashpot = found->second.event_dashpot;
  } else {  // a contact event may begin in this step, at the approach speed of configuration i
    const Vec3 direction =
        data.normal_i.norm() > 0 ? data.normal_i : (points.on_a - points.on_b).normalized();
    data.onset_speed = approach_speed(a, b, points, direction);
    data.event_dashpot =
        element.interaction().event_dashpot(data.onset_speed, effective_mass(a, b));
  }
  return data;
}

void ContactSet::refresh_views() {
  element_views_.clear();
  pair_views_.clear();
  for (const auto& [id, element] : elements_) {
    element_views_.push_back(element.get());
    pair_views_.push_back(element.get());
  }
}

// The elements follow the search's pairs (both sorted): kept ones keep their
// law and DOFs, so the sparsity pattern changes only when a pair comes or goes.
// Filling the candidates solves an LCP per candidate: on threads, each element
// on its own.
bool ContactSet::begin_step(const StepContext& ctx) {
  zero_increments_.setZero(ctx.increments->size());
  const StepContext at_i = configuration_i(ctx);
  const CandidateSet& found = find_candidates(at_i, true);
  next_elements_.clear();
  bool changed = false;
  auto kept = elements_.begin();
  for (const CandidatePair& pair : found.pairs) {
    for (; kept != elements_.end() && kept->first < pair.id; ++kept)
      changed = true;  // pairs that left
    if (kept != elements_.end() && kept->first == pair.id) {
      next_elements_.emplace_back(pair.id, std::move(kept->second));
      ++kept;
    } else {
      next_elements_.emplace_back(pair.id, make_element(pair.id));
      changed = true;
    }
  }
  changed = changed || kept != elements_.end();
  elements_.swap(next_elements_);
  next_elements_.clear();
  const int count = static_cast<int>(elements_.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_)
  for (int k = 0; k < count; ++k) {
    ContactPairElement& element = *elements_[static_cast<std::size_t>(k)].second;
    element.start_candidates(at_i, this);
    for (const SubRegionPair& regions : found.regions_of(found.pairs[static_cast<std::size_t>(k)]))
      element.add_candidate(regions.first, regions.second);
    element.update_engaged(at_i, 0.0);
  }
  refresh_views();
  elements_changed_ = changed;
  return changed;
}

bool ContactSet::update_engaged(const StepContext& ctx, double tolerance) {
  const int count = static_cast<int>(elements_.size());
  bool changed = false;
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_) reduction(|| : changed)
  for (int k = 0; k < count; ++k)
    changed =
        elements_[static_cast<std::size_t>(k)].second->update_engaged(ctx, tolerance) || changed;
  return changed;
}

namespace {

// splitmix64's finaliser: spreads a key's bits over the word.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t contact_key(const BodyPair& id, const Candidate& c) {
  std::uint64_t h = mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(id.body_a)));
  for (const int v : {id.body_b, id.boundary, static_cast<int>(c.region_a.kind), c.region_a.index,
                      static_cast<int>(c.region_b.kind), c.region_b.index})
    h = mix(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
  return h;
}

}  // namespace

std::uint64_t ContactSet::engaged_signature() const {
  std::uint64_t signature = 0;
  for (const auto& [id, element] : elements_)
    for (const Candidate& c : element->candidates())
      if (c.engaged) signature += contact_key(id, c);
  return signature;
}

bool ContactSet::any_crosses(const StepContext& from, const StepContext& to,
                             double gap_reduction) const {
  const int count = static_cast<int>(elements_.size());
  bool crossed = false;
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_) reduction(|| : crossed)
  for (int k = 0; k < count; ++k)
    crossed =
        crossed || elements_[static_cast<std::size_t>(k)].second->crosses(from, to, gap_reduction);
  return crossed;
}

bool ContactSet::admissible(const StepContext& current, const StepContext& trial) const {
  constexpr double kGapReduction = 0.1;
  return !any_crosses(current, trial, kGapReduction);
}

// An edge of one body through a face of the other at the end of the step: a
// crossing so deep, or so fast, that no pointwise pair of the step saw it (the
// overlapping bodies, not the search's pairs: those keep sub-region pairs
// near each other's surface only). A pair of the step whose surfaces were
// farther apart at i than its points have travelled cannot cross.
bool ContactSet::any_surfaces_cross(const StepContext& ctx) {
  const SearchScene placed = scene(ctx, false);
  std::vector<PairId>& pairs =
      overlap_scratch_;  // not thread_local: the loop below reads it on threads
  pairs.clear();
  search_.overlapping_bodies(placed, pairs, threads_);
  const int count = static_cast<int>(pairs.size());
  bool crossing = false;
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_) reduction(|| : crossing)
  for (int k = 0; k < count; ++k) {
    const PairId& id = pairs[static_cast<std::size_t>(k)];
    const PairId named = partition_ ? body_numbers(id) : id;
    const ContactPairElement* element = find_element(named);
    // On a partition a pair may be searched by another process: no element says nothing.
    if (element ? element->surfaces_apart(ctx) : !partition_ && unfound_pair_apart(ctx, named))
      continue;
    const SearchObject& a = placed.bodies[static_cast<std::size_t>(id.body_a)];
    const SearchObject& b = id.boundary >= 0
                                ? placed.boundaries[static_cast<std::size_t>(id.boundary)]
                                : placed.bodies[static_cast<std::size_t>(id.body_b)];
    crossing = crossing || surfaces_cross(a, b);
  }
  return crossing;
}

double ContactSet::travel_since_search(const StepContext& ctx, int body, int boundary) const {
  if (boundary >= 0) {
    const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(boundary)];
    return (surface.position_at(ctx.time) - surface.position_at(ctx.time - ctx.dt)).norm();
  }
  const auto increment = ctx.node_increment(body);
  RigidTrialState moved;  // from the pose of the search (configuration i), in its frame
  moved.u_delta = increment.head<3>();
  moved.alpha_delta = increment.tail<3>();
  return largest_point_travel(RigidTrialState{}, moved,
                              bodies_[static_cast<std::size_t>(body)].shape->bounding_radius);
}

bool ContactSet::unfound_pair_apart(const StepContext& ctx, const PairId& id) const {
  const auto a = static_cast<std::size_t>(id.body_a);
  const double skin =
      id.boundary >= 0
          ? interactions_.skin(body_groups_[a],
                               boundary_groups_[static_cast<std::size_t>(id.boundary)],
                               body_sizes_[a])
          : interactions_.skin(
                body_groups_[a], body_groups_[static_cast<std::size_t>(id.body_b)],
                std::min(body_sizes_[a], body_sizes_[static_cast<std::size_t>(id.body_b)]));
  const double travel =
      travel_since_search(ctx, id.body_a, -1) + travel_since_search(ctx, id.body_b, id.boundary);
  constexpr double kRounding = 1e-9;
  return skin * (1 - kRounding) > travel;
}

// A point now inside the other body that was outside it at configuration i
// went through its surface during the step, deeper than the skin if need be
// (a body struck during the step can outrun the travel its inflation allowed).
bool ContactSet::crossed_during_step(const ContactPairElement& element, const StepContext& at_i,
                                     const SubRegionPair& regions) const {
  const ContactSide a = element.contact_side_a(at_i);
  const ContactSide b = element.contact_side_b(at_i);
  const auto before =
      solve_local_contact_at({a.shape, a.trial}, regions.first, {b.shape, b.trial}, regions.second);
  return before && before->status != LcpStatus::NoSolution && before->outside;
}

// A found pair's sub-regions that were no candidate of the step and are active
// at ctx; false when one of them has crossed the other body instead.
bool ContactSet::night_owl_newcomers(const StepContext& ctx, const StepContext& at_i,
                                     const CandidatePair& pair, const ContactPairElement& element,
                                     std::vector<PointwiseStepData>& newcomers) const {
  newcomers.clear();
  const ContactSide a = element.contact_side_a(ctx);
  const ContactSide b = element.contact_side_b(ctx);
  const PosedBody posed_a = PosedBody::of({a.shape, a.trial});
  const PosedBody posed_b = PosedBody::of({b.shape, b.trial});
  const auto& known = element.candidates();
  for (const SubRegionPair& regions : candidates_.regions_of(pair)) {
    const auto seen = std::lower_bound(
        known.begin(), known.end(), regions, [](const Candidate& d, const SubRegionPair& r) {
          return std::tie(d.region_a, d.region_b) < std::tie(r.first, r.second);
        });
    if (seen != known.end() && seen->region_a == regions.first && seen->region_b == regions.second)
      continue;
    const auto contact = solve_local_contact_at(posed_a, regions.first, posed_b, regions.second);
    if (!contact || !contact->valid()) continue;
    const bool inside_skin = contact->normal_gap < pair.skin;
    if ((inside_skin || (!contact->outside && crossed_during_step(element, at_i, regions))) &&
        penetrates(posed_a, posed_b, *contact))
      return false;
    if (!inside_skin) continue;
    if (!contact->outside) continue;  // behind a far face of a non-convex body, yet apart
    newcomers.push_back(step_data(element, at_i, regions.first, regions.second));
  }
  return true;
}

StepVerdict ContactSet::check_converged(const StepContext& ctx) {
  elements_changed_ = false;
  const StepContext at_i = configuration_i(ctx);
  if (any_crosses(at_i, ctx, 0.0) || any_surfaces_cross(ctx)) return StepVerdict::Penetration;

  const CandidateSet& found = find_candidates(ctx, false);
  const std::size_t count = found.pairs.size();
  // Elements for pairs the step did not have are made first: making one is not thread-safe.
  auto& created = night_owl_scratch_.created;
  auto& element_of = night_owl_scratch_.element_of;
  auto& newcomers = night_owl_scratch_.newcomers;
  created.resize(count);
  element_of.resize(count);
  if (newcomers.size() < count) newcomers.resize(count);
  for (std::size_t k = 0; k < count; ++k) {
    element_of[k] = find_element(found.pairs[k].id);
    created[k].reset();
    if (element_of[k]) continue;
    element_of[k] = (created[k] = make_element(found.pairs[k].id)).get();
    element_of[k]->start_candidates(at_i, this);
  }
  bool penetration = false;
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_) reduction(|| : penetration)
  for (std::size_t k = 0; k < count; ++k)
    penetration = !night_owl_newcomers(ctx, at_i, found.pairs[k], *element_of[k], newcomers[k]) ||
                  penetration;
  if (penetration) return StepVerdict::Penetration;

  bool missed = false;
  for (std::size_t k = 0; k < count; ++k) {
    if (newcomers[k].empty()) continue;
    missed = true;
    element_of[k]->insert_candidates(newcomers[k]);
    if (created[k]) {
      const auto at = std::lower_bound(
          elements_.begin(), elements_.end(), found.pairs[k].id,
          [](const ElementSlot& slot, const PairId& key) { return slot.first < key; });
      elements_.emplace(at, found.pairs[k].id, std::move(created[k]));
      elements_changed_ = true;
    }
  }
  if (!missed) return StepVerdict::Accept;
  refresh_views();
  ++night_owls_;
  return StepVerdict::NightOwl;
}

StepContext ContactSet::at_rest(std::span<const NodeState> nodes, double time,
                                const Eigen::VectorXd& zero) const {
  StepContext ctx;
  ctx.type = AnalysisType::Static;
  ctx.time = time;
  ctx.nodes = nodes;
  ctx.increments = &zero;
  return ctx;
}

std::string ContactSet::side_name(int body, int boundary) const {
  if (boundary >= 0)
    return "boundary '" + boundaries_[static_cast<std::size_t>(boundary)].name + "'";
  return "body '" + bodies_[static_cast<std::size_t>(body)].name + "'";
}

namespace {

TrialBody at_rest_trial(const SearchObject& object) {
  TrialBody body{object.shape, {}};
  body.state.pole_position = object.position;
  body.state.rotation = object.rotation;
  return body;
}

}  // namespace

// One pair of the pre-flight check: crossing surfaces, one inside the other,
// or a pointwise gap already inside the barrier zone.
std::string ContactSet::pair_problem(const SearchScene& placed, const PairId& id, double skin,
                                     double barrier_gap) const {
  const SearchObject& a = placed.bodies[static_cast<std::size_t>(id.body_a)];
  const SearchObject& b = id.boundary >= 0
                              ? placed.boundaries[static_cast<std::size_t>(id.boundary)]
                              : placed.bodies[static_cast<std::size_t>(id.body_b)];
  const PairId named = body_numbers(id);
  const std::string name_a = side_name(named.body_a, -1);
  const std::string name_b = side_name(named.body_b, named.boundary);
  if (surfaces_cross(a, b))
    return name_a + " and " + name_b + " intersect (an edge of one crosses a face of the other)";
  if (lies_inside(a, b)) return name_a + " lies inside " + name_b;
  if (lies_inside(b, a)) return name_b + " lies inside " + name_a;
  if (!(barrier_gap > 0)) return {};
  thread_local std::vector<PrimitivePair> near;
  near.clear();
  near_sub_region_pairs(a, b, skin, near);
  for (const PrimitivePair& pair : near) {
    const SubRegionPair r = regions_of(a, b, pair);
    const auto c = solve_local_contact_at(at_rest_trial(a), r.first, at_rest_trial(b), r.second);
    if (c && c->valid() && c->normal_gap < barrier_gap)
      return name_a + " and " + name_b + " are " + std::to_string(c->normal_gap) +
             " m apart, inside the barrier zone f·ḡ_n = " + std::to_string(barrier_gap) +
             " m of their contact law; start them at least that far apart";
  }
  return {};
}

std::string ContactSet::preflight(std::span<const NodeState> nodes, double time,
                                  bool initial_placement) {
  const Eigen::VectorXd zero =
      Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, zero);
  const SearchScene placed = scene(ctx, false);
  note_domain_exits(ctx);
  std::vector<PairId> pairs;
  search_.overlapping_bodies(placed, pairs, threads_);
  std::vector<double> barrier_gaps(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k)
    barrier_gaps[k] =
        initial_placement ? pair_law(body_numbers(pairs[k]))->law().barrier_gap() : 0.0;
  std::vector<std::string> problems(pairs.size());
  const int count = static_cast<int>(pairs.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_)
  for (int k = 0; k < count; ++k) {
    const auto i = static_cast<std::size_t>(k);
    problems[i] = pair_problem(placed, pairs[i], *placed.skin(pairs[i]), barrier_gaps[i]);
  }
  for (const std::string& problem : problems)
    if (!problem.empty()) return problem;
  return {};
}

std::vector<Wrench<double>> ContactSet::contact_wrenches(std::span<const NodeState> nodes,
                                                         double time) {
  const Eigen::VectorXd increments =
      Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, increments);
  begin_step(ctx);
  std::vector<Wrench<double>> wrenches(nodes.size());
  std::vector<ActiveContact> active;
  snapshot_.contacts.clear();
  snapshot_.stored_energy = 0;
  std::vector<PointwiseOutcome> outcomes;
  for (const auto& [id, element] : elements_) {
    element->collect_active(ctx, active);
    element->outcomes(ctx, active, outcomes);
    for (std::size_t k = 0; k < active.size(); ++k) {
      const ActiveContact& c = active[k];
      const PointwiseOutcome& outcome = outcomes[k];
      snapshot_.contacts.push_back({id.body_a,
                                    id.body_b,
                                    id.boundary,
                                    c.contact.kind,
                                    outcome,
                                    {outcome.normal_energy, 0.0, 0.0, 0.0}});
      snapshot_.stored_energy += outcome.normal_energy;
      // A contact of the configuration the run starts from: its energy is in the
      // initial energy, so its event begins here (in settle it is no newcomer
      // switching on inside the skin, whose energy would be booked twice).
      const PointwiseStepData& data = element->step_data(c.candidate);
      History start;
      start.normal = outcome.normal;
      start.gap = outcome.gap;
      start.normal_velocity = outcome.normal_velocity;
      start.slip_velocity = outcome.slip_velocity;
      start.event_dashpot = data.event_dashpot;
      start.ledger = {outcome.normal_energy, 0.0, 0.0, data.onset_speed};
      history_.try_emplace(Key{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b},
                           start);
      const Vec3 force = outcome.normal_force + outcome.friction_force;
      const auto add = [&](int body, const Vec3& f) {
        Wrench<double>& w = wrenches[static_cast<std::size_t>(body)];
        w.force += f;
        w.moment += (outcome.point - nodes[static_cast<std::size_t>(body)].position).cross(f);
      };
      add(id.body_a, force);
      if (id.body_b >= 0) add(id.body_b, -force);
    }
  }
  if (partition_) sum_over_processes(*partition_, wrenches);
  return wrenches;
}

// The active contacts of every element and their outcomes, on threads, each
// element into its own buffer, so that settle sums them in element order.
std::vector<ContactSet::ElementOutcomes> ContactSet::evaluate_active(const StepContext& ctx) const {
  std::vector<ElementOutcomes> result(elements_.size());
  const int count = static_cast<int>(elements_.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads_)
  for (int k = 0; k < count; ++k) {
    const ContactPairElement& element = *elements_[static_cast<std::size_t>(k)].second;
    thread_local std::vector<ActiveContact> active;
    thread_local std::vector<PointwiseOutcome> computed;
    element.collect_active(ctx, active);
    element.outcomes(ctx, active, computed);
    ElementOutcomes& outcomes = result[static_cast<std::size_t>(k)];
    for (std::size_t c = 0; c < active.size(); ++c) outcomes.emplace_back(active[c], computed[c]);
  }
  return result;
}

// The energy ledger books what the contact forces take from the bodies the way
// the time integration does: with γ = 1/2, Newmark changes the kinetic energy
// by the mean force times the mean velocity times Δt, whatever β. So the
// damping part of the normal force is booked over the mean ġ_n and friction
// over the mean slip velocity of the contact points, less what the tangential
// spring stores; a contact that ends releases its spring energy, which also
// counts as dissipated. (Friction is booked on the contact points' slip, not
// on the increment g_t^Δ of eq. 43: that also grows as the normal turns under a
// finite gap, g_n Δn, which is no work done on the bodies; booking it left the
// balance off by an amount of first order in Δt.) A contact's ledger runs from
// its event's start; the snapshot keeps the run's totals.
ContactSet::Settlement ContactSet::settle(const StepContext& ctx) const {
  Settlement result;
  ContactSnapshot& next = result.snapshot;
  next.damping_dissipation = snapshot_.damping_dissipation;
  next.friction_dissipation = snapshot_.friction_dissipation;
  next.switching_energy = snapshot_.switching_energy;
  next.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  next.boundary_moments.assign(boundaries_.size(), Vec3::Zero());
  const std::vector<ElementOutcomes> evaluated = evaluate_active(ctx);
  for (std::size_t e = 0; e < elements_.size(); ++e) {
    const auto& [id, element] = elements_[e];
    const FrictionParams& friction = element->interaction().friction;
    if (!evaluated[e].empty()) note_explicit_step(*element, ctx, evaluated[e], next);
    for (const auto& [active, outcome] : evaluated[e]) {
      const PointwiseStepData& data = element->step_data(active.candidate);
      const Key key{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b};
      History updated;
      updated.tangential_gap =
          recoverable_tangential_gap(friction, outcome.status, outcome.tangential_gap,
                                     outcome.pressure, outcome.slip_coefficient);
      updated.status = outcome.status;
      updated.normal = outcome.normal;
      updated.damping_force = ctx.dynamic() ? outcome.damping_force : 0.0;
      updated.normal_velocity = outcome.normal_velocity;
      updated.friction = -outcome.friction_force;
      updated.slip_velocity = outcome.slip_velocity;
      updated.spring_energy = 0.5 * friction.stiffness * updated.tangential_gap.squaredNorm();
      updated.event_dashpot = data.event_dashpot;
      const auto found = history_.find(key);
      History previous;  // a newcomer: no force at i, where it approached at its onset speed
      previous.normal_velocity = -data.onset_speed;
      previous.slip_velocity = updated.slip_velocity;
      if (found != history_.end())
        previous = found->second;
      else
        next.switching_energy += skin_energy(*element, data.gap_i);
      const double damped = 0.25 * (previous.damping_force + updated.damping_force) *
                            (previous.normal_velocity + updated.normal_velocity) * ctx.dt;
      const double rubbed = 0.25 *
                                (previous.friction + updated.friction)
                                    .dot(previous.slip_velocity + updated.slip_velocity) *
                                ctx.dt -
                            (updated.spring_energy - previous.spring_energy);
      updated.ledger = {outcome.normal_energy + updated.spring_energy,
                        previous.ledger.damping_dissipation + damped,
                        previous.ledger.friction_dissipation + rubbed, data.onset_speed};
      next.damping_dissipation += damped;
      next.friction_dissipation += rubbed;
      next.stored_energy += updated.ledger.stored_energy;
      next.contacts.push_back(
          {id.body_a, id.body_b, id.boundary, active.contact.kind, outcome, updated.ledger});
      if (id.boundary >= 0) {
        ++next.body_boundary;
        const Vec3 force = outcome.normal_force + outcome.friction_force;
        next.boundary_reactions[static_cast<std::size_t>(id.boundary)] += force;
        next.boundary_moments[static_cast<std::size_t>(id.boundary)] += outcome.point.cross(force);
      } else {
        ++next.body_body;
      }
      result.histories[key] = updated;
    }
  }
  for (const auto& [key, ended] :
       history_) {  // contacts that separated or dropped out in this step
    if (result.histories.contains(key)) continue;
    next.friction_dissipation += ended.spring_energy;
    next.switching_energy -= energy_left_behind(ctx, key);
  }
  next.boundary_work = snapshot_.boundary_work + boundary_work(ctx, next.boundary_reactions);
  return result;
}

// The paper measures its large steps against the critical step of an explicit
// scheme at the closest gap its contacts reached (§3.6, Fig. 11); the
// snapshot keeps that step for each accepted state.
void ContactSet::note_explicit_step(const ContactPairElement& element, const StepContext& ctx,
                                    const ElementOutcomes& outcomes, ContactSnapshot& next) const {
  const double mass = effective_mass(element.contact_side_a(ctx), element.contact_side_b(ctx));
  for (const auto& [active, outcome] : outcomes) {
    next.closest_gap = std::min(next.closest_gap, outcome.gap);
    next.explicit_critical_step = std::min(next.explicit_critical_step,
                                           element.interaction().critical_step(outcome.gap, mass));
  }
}

namespace {

void write_region(StateWriter& out, SubRegion region) {
  out.put(static_cast<std::int64_t>(region.kind));
  out.put(static_cast<std::int64_t>(region.index));
}

SubRegion read_region(StateReader& in) {
  const auto kind = static_cast<SubRegionKind>(in.count(3));
  return {kind, static_cast<int>(in.integer())};
}

}  // namespace

void ContactSet::write_history(StateWriter& out, const Key& key, const History& h) {
  for (const int v : {key.body_a, key.body_b, key.boundary}) out.put(static_cast<std::int64_t>(v));
  write_region(out, key.region_a);
  write_region(out, key.region_b);
  out.put(h.tangential_gap);
  out.put(static_cast<std::int64_t>(h.status));
  out.put(h.normal);
  out.put(h.gap);
  out.put(h.damping_force);
  out.put(h.normal_velocity);
  out.put(h.friction);
  out.put(h.slip_velocity);
  out.put(h.spring_energy);
  out.put(h.event_dashpot);
  for (const double v : {h.ledger.stored_energy, h.ledger.damping_dissipation,
                         h.ledger.friction_dissipation, h.ledger.onset_speed})
    out.put(v);
}

std::pair<ContactSet::Key, ContactSet::History> ContactSet::read_history(StateReader& in) {
  Key key{static_cast<int>(in.integer()),
          static_cast<int>(in.integer()),
          static_cast<int>(in.integer()),
          {},
          {}};
  key.region_a = read_region(in);
  key.region_b = read_region(in);
  History h;
  h.tangential_gap = in.vec3();
  h.status = static_cast<StickSlip>(in.count(2));
  h.normal = in.vec3();
  h.gap = in.real();
  h.damping_force = in.real();
  h.normal_velocity = in.real();
  h.friction = in.vec3();
  h.slip_velocity = in.vec3();
  h.spring_energy = in.real();
  h.event_dashpot = in.real();
  h.ledger.stored_energy = in.real();
  h.ledger.damping_dissipation = in.real();
  h.ledger.friction_dissipation = in.real();
  h.ledger.onset_speed = in.real();
  return {key, h};
}

void ContactSet::export_histories(const std::function<bool(int body)>& leaves, StateWriter& out) {
  std::vector<std::map<Key, History>::iterator> leaving;
  for (auto it = history_.begin(); it != history_.end(); ++it)
    if (leaves(it->first.body_a)) leaving.push_back(it);
  out.put(static_cast<std::int64_t>(leaving.size()));
  for (const auto& it : leaving) {
    write_history(out, it->first, it->second);
    history_.erase(it);
  }
}

void ContactSet::import_histories(StateReader& in) {
  const std::size_t count = in.count(std::size_t{1} << 40);
  for (std::size_t k = 0; k < count; ++k) history_.insert(read_history(in));
}

void ContactSet::write_state(StateWriter& out) const {
  out.put(static_cast<std::int64_t>(history_.size()));
  for (const auto& [key, h] : history_) write_history(out, key, h);
  out.put(snapshot_.damping_dissipation);
  out.put(snapshot_.friction_dissipation);
  out.put(snapshot_.switching_energy);
  out.put(snapshot_.boundary_work);
  out.put(snapshot_.stored_energy);
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    out.put(s < snapshot_.boundary_reactions.size() ? snapshot_.boundary_reactions[s]
                                                    : Vec3(Vec3::Zero()));
    out.put(s < snapshot_.boundary_moments.size() ? snapshot_.boundary_moments[s]
                                                  : Vec3(Vec3::Zero()));
  }
  out.put(static_cast<std::int64_t>(night_owls_));
}

void ContactSet::read_state(StateReader& in) {
  history_.clear();
  import_histories(in);
  snapshot_.damping_dissipation = in.real();
  snapshot_.friction_dissipation = in.real();
  snapshot_.switching_energy = in.real();
  snapshot_.boundary_work = in.real();
  snapshot_.stored_energy = in.real();
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.boundary_moments.assign(boundaries_.size(), Vec3::Zero());
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    snapshot_.boundary_reactions[s] = in.vec3();
    snapshot_.boundary_moments[s] = in.vec3();
  }
  night_owls_ = in.integer();
}

int ContactSet::boundary_index(const std::string& name) const {
  for (std::size_t s = 0; s < boundaries_.size(); ++s)
    if (boundaries_[s].name == name) return static_cast<int>(s);
  return -1;
}

int ContactSet::group_index(const std::string& name) const {
  const auto found = group_ids_.find(name);
  return found == group_ids_.end() ? -1 : found->second;
}

void ContactSet::set_boundary_active(int boundary, bool active) {
  boundaries_[static_cast<std::size_t>(boundary)].active = active;
  // The Verlet lists still hold the pairs of a removed boundary, or lack an added one's.
  search_.invalidate();
}

void ContactSet::set_friction_enabled(int group_a, int group_b, bool enabled) {
  interactions_.set_friction_enabled(group_a, group_b, enabled);
  elements_.clear();  // the next begin_step builds them with the new laws
  refresh_views();
}

// A body outside the domain is still searched like any other (the linked
// cells need no domain); it is only reported, once per exit.
void ContactSet::note_domain_exits(const StepContext& ctx) {
  if (!settings_.domain) return;
  domain_report_.outside_now = 0;
  for (std::size_t b = 0; b < bodies_.size(); ++b) {
    if (!bodies_[b].shape) continue;
    const Vec3 position = ctx.nodes[b].position + ctx.node_increment(static_cast<int>(b)).head<3>();
    const bool outside = !settings_.domain->contains(position);
    domain_report_.outside_now += outside ? 1 : 0;
    if (outside && !outside_domain_[b] && ++domain_report_.exits <= DomainReport::kMaxWarnings) {
      char where[160];
      std::snprintf(where, sizeof where,
                    " is outside contact.domain at t = %.9g s, at (%.6g, %.6g, %.6g) m", ctx.time,
                    position.x(), position.y(), position.z());
      domain_report_.warnings.push_back(side_name(static_cast<int>(b), -1) + where);
    }
    outside_domain_[b] = outside;
  }
}

void ContactSet::commit(const StepContext& ctx) {
  note_domain_exits(ctx);
  Settlement settled = settle(ctx);
  history_ = std::move(settled.histories);
  snapshot_ = std::move(settled.snapshot);
}

ContactEnergyStep ContactSet::energy_step(const StepContext& ctx) const {
  const ContactSnapshot next = settle(ctx).snapshot;
  std::vector<double> values = {next.stored_energy - snapshot_.stored_energy,
                                next.damping_dissipation - snapshot_.damping_dissipation +
                                    next.friction_dissipation - snapshot_.friction_dissipation,
                                next.boundary_work - snapshot_.boundary_work,
                                next.switching_energy - snapshot_.switching_energy};
  // Each process settles the pairs it heads: the step's whole change is the sum.
  if (partition_) partition_->sum_over_processes(values);
  return {values[0], values[1], values[2], values[3]};
}

// A contact that becomes active already inside the skin (the hierarchy let it
// go, it became valid next to a contact of a neighbouring sub-region, or two
// degenerations found the same point) brings its normal energy without its
// force having done the work; one that drops out still inside the skin takes
// its energy along. Both are booked where the switch happens: at configuration
// i for a newcomer and at i+1 for a leaver, from the gap of its sub-region
// pair's LCP solution there, valid or not. A contact crossing the skin books
// nothing (its gap there is outside), and the energy of a contact handed over
// to a neighbouring sub-region pair at the same gap cancels out.
double ContactSet::skin_energy(const ContactPairElement& element, double gap) const {
  const NormalLaw& law = element.interaction().law();
  return gap > 0 && gap < law.skin() ? law.energy(gap) : 0.0;
}

double ContactSet::energy_left_behind(const StepContext& ctx, const Key& key) const {
  const ContactPairElement* element = find_element(PairId{key.body_a, key.body_b, key.boundary});
  if (element == nullptr) return 0.0;
  const ContactSide a = element->contact_side_a(ctx), b = element->contact_side_b(ctx);
  const auto contact =
      solve_local_contact_at({a.shape, a.trial}, key.region_a, {b.shape, b.trial}, key.region_b);
  if (!contact || contact->status == LcpStatus::NoSolution) return 0.0;
  return skin_energy(*element, contact->normal_gap);
}

double ContactSet::boundary_work(const StepContext& ctx, const std::vector<Vec3>& reactions) const {
  double work = 0;
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    const Vec3 displacement =
        boundaries_[s].position_at(ctx.time) - boundaries_[s].position_at(ctx.time - ctx.dt);
    const Vec3 before =
        s < snapshot_.boundary_reactions.size() ? snapshot_.boundary_reactions[s] : Vec3::Zero();
    work += 0.5 * (before + reactions[s]).dot(displacement);
  }
  return work;
}

}  // namespace polydem

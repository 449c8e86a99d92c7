#include "contact/contact_set.hpp"

#include <algorithm>
#include <tuple>

#include <Eigen/Geometry>

#include "contact/pair/closest_points.hpp"

namespace polydem {

// ---- InteractionTable ----

InteractionTable::InteractionTable(int group_count)
    : group_count_(group_count), table_(static_cast<std::size_t>(group_count * group_count)) {}

void InteractionTable::set(int group_a, int group_b, std::shared_ptr<const Interaction> interaction) {
  table_[static_cast<std::size_t>(group_a * group_count_ + group_b)] = interaction;
  table_[static_cast<std::size_t>(group_b * group_count_ + group_a)] = interaction;
}

const Interaction* InteractionTable::find(int group_a, int group_b) const {
  if (group_a < 0 || group_b < 0 || group_a >= group_count_ || group_b >= group_count_) return nullptr;
  return table_[static_cast<std::size_t>(group_a * group_count_ + group_b)].get();
}

// ---- ContactSet ----

struct ContactSet::PairSearch {
  PairId id;
  const Interaction* interaction = nullptr;
  std::vector<SubRegionPair> regions;
};

ContactSet::ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
                       InteractionTable interactions, SearchSettings search)
    : bodies_(std::move(bodies)),
      boundaries_(std::move(boundaries)),
      interactions_(std::move(interactions)),
      search_(search) {
  for (const ContactBody& body : bodies_)
    if (body.shape && !spheres_.contains(body.shape.get()))
      spheres_.emplace(body.shape.get(), sub_region_spheres(*body.shape));
  for (const BoundarySurface& boundary : boundaries_)
    if (!spheres_.contains(boundary.shape.get()))
      spheres_.emplace(boundary.shape.get(), sub_region_spheres(*boundary.shape));
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
}

ContactSet::~ContactSet() = default;

StepContext ContactSet::configuration_i(const StepContext& ctx) const {
  StepContext at_i = ctx;
  at_i.increments = &zero_increments_;
  return at_i;
}

SearchObject ContactSet::body_object(const StepContext& ctx, int body, bool inflate) const {
  const NodeState& node = ctx.nodes[static_cast<std::size_t>(body)];
  const Shape* shape = bodies_[static_cast<std::size_t>(body)].shape.get();
  SearchObject object{shape, &spheres_.at(shape), node.position, node.rotation.toRotationMatrix(), 0.0};
  if (inflate) {
    const double dt = ctx.dt;
    const double travel = node.velocity.norm() * dt + 0.5 * node.acceleration.norm() * dt * dt +
                          node.angular_velocity.norm() * dt * shape->bounding_radius;
    object.margin = search_.travel_factor * travel + search_.minimum_margin;
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
  SearchObject object{surface.shape.get(), &spheres_.at(surface.shape.get()), inflate ? start : end,
                      surface.rotation, 0.0};
  if (inflate) object.margin = search_.travel_factor * (end - start).norm() + search_.minimum_margin;
  return object;
}

std::vector<ContactSet::PairSearch> ContactSet::find_pairs(const StepContext& ctx, bool inflate) const {
  std::vector<SearchObject> objects(bodies_.size());
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    if (bodies_[b].shape) objects[b] = body_object(ctx, static_cast<int>(b), inflate);
  std::vector<PairSearch> found;
  const auto consider = [&](PairId id, const SearchObject& a, const SearchObject& b, const Interaction* law) {
    if (law == nullptr || !bounding_spheres_overlap(a, b, law->skin())) return;
    PairSearch pair{id, law, {}};
    sub_region_candidates(a, b, law->skin(), pair.regions);
    if (!pair.regions.empty()) found.push_back(std::move(pair));
  };
  for (std::size_t a = 0; a < bodies_.size(); ++a) {
    if (!bodies_[a].shape) continue;
    for (std::size_t b = a + 1; b < bodies_.size(); ++b) {
      if (!bodies_[b].shape) continue;
      consider({static_cast<int>(a), static_cast<int>(b), -1}, objects[a], objects[b],
               interactions_.find(bodies_[a].group, bodies_[b].group));
    }
    for (std::size_t s = 0; s < boundaries_.size(); ++s)
      consider({static_cast<int>(a), -1, static_cast<int>(s)}, objects[a],
               boundary_object(ctx, static_cast<int>(s), inflate),
               interactions_.find(bodies_[a].group, boundaries_[s].group));
  }
  return found;
}

std::unique_ptr<ContactPairElement> ContactSet::make_element(const PairId& id) const {
  const ContactBody& body_a = bodies_[static_cast<std::size_t>(id.body_a)];
  const PairSide a{id.body_a, nullptr, body_a.shape.get(), body_a.mass};
  if (id.boundary >= 0) {
    const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(id.boundary)];
    return std::make_unique<ContactPairElement>(a, PairSide{-1, &surface, surface.shape.get(), 0.0},
                                                *interactions_.find(body_a.group, surface.group));
  }
  const ContactBody& body_b = bodies_[static_cast<std::size_t>(id.body_b)];
  return std::make_unique<ContactPairElement>(a, PairSide{id.body_b, nullptr, body_b.shape.get(), body_b.mass},
                                              *interactions_.find(body_a.group, body_b.group));
}

PointwiseStepData ContactSet::step_data(const ContactPairElement& element, const StepContext& at_i,
                                        const SubRegionPair& regions) const {
  PointwiseStepData data;
  data.region_a = regions.first;
  data.region_b = regions.second;
  const ContactSide a = element.contact_side_a(at_i);
  const ContactSide b = element.contact_side_b(at_i);
  const Mat3 rotation_a = a.trial.current_rotation();
  const Mat3 rotation_b = b.trial.current_rotation();
  const Vec3 pole_a = a.trial.pole_position + a.trial.u_delta;
  const Vec3 pole_b = b.trial.pole_position + b.trial.u_delta;
  const RegionVertices va = region_vertices(*a.shape, regions.first);
  const RegionVertices vb = region_vertices(*b.shape, regions.second);
  std::array<Vec3, 3> xa{}, xb{};
  Vec3 centre_a = Vec3::Zero(), centre_b = Vec3::Zero();
  for (int k = 0; k < va.count; ++k) {
    xa[static_cast<std::size_t>(k)] = pole_a + rotation_a * va.reference[static_cast<std::size_t>(k)];
    centre_a += xa[static_cast<std::size_t>(k)] / va.count;
  }
  for (int k = 0; k < vb.count; ++k) {
    xb[static_cast<std::size_t>(k)] = pole_b + rotation_b * vb.reference[static_cast<std::size_t>(k)];
    centre_b += xb[static_cast<std::size_t>(k)] / vb.count;
  }
  const auto solved = solve_local_contact_at({a.shape, a.trial}, regions.first, {b.shape, b.trial},
                                             regions.second);
  ContactPoints<double> points{centre_a, centre_b};
  if (solved && solved->status != LcpStatus::NoSolution) {
    points = degenerated_contact_points<double>(regions.first.kind, xa, regions.second.kind, xb);
    data.normal_i = solved->normal;
  }
  data.material_point_a = rotation_a.transpose() * (points.on_a - pole_a);
  data.material_point_b = rotation_b.transpose() * (points.on_b - pole_b);
  const PairSide& sa = element.side_a();
  const PairSide& sb = element.side_b();
  const Key key{sa.body, sb.body, sb.boundary ? static_cast<int>(sb.boundary - boundaries_.data()) : -1,
                regions.first, regions.second};
  if (auto found = history_.find(key); found != history_.end()) {
    data.active_i = true;
    data.tangential_gap_i = found->second.tangential_gap;
    data.status_i = found->second.status;
    data.normal_i = found->second.normal;
  }
  return data;
}

void ContactSet::refresh_views() {
  element_views_.clear();
  for (const auto& [id, element] : elements_) element_views_.push_back(element.get());
}

bool ContactSet::begin_step(const StepContext& ctx) {
  zero_increments_.setZero(ctx.increments->size());
  const StepContext at_i = configuration_i(ctx);
  std::map<PairId, std::unique_ptr<ContactPairElement>> next;
  bool changed = false;
  for (const PairSearch& pair : find_pairs(at_i, true)) {
    auto& element = next[pair.id];
    if (auto kept = elements_.find(pair.id); kept != elements_.end()) {
      element = std::move(kept->second);
    } else {
      element = make_element(pair.id);
      changed = true;
    }
    auto& candidates = element->candidates();
    candidates.clear();
    for (const SubRegionPair& regions : pair.regions)
      candidates.push_back(step_data(*element, at_i, regions));
  }
  for (const auto& [id, element] : elements_) changed = changed || element != nullptr;  // pairs that left
  elements_ = std::move(next);
  refresh_views();
  elements_changed_ = changed;
  return changed;
}

bool ContactSet::admissible(const StepContext& current, const StepContext& trial) const {
  constexpr double kGapReduction = 0.1;
  for (const auto& [id, element] : elements_)
    if (element->crosses(current, trial, kGapReduction)) return false;
  return true;
}

StepVerdict ContactSet::check_converged(const StepContext& ctx) {
  elements_changed_ = false;
  const StepContext at_i = configuration_i(ctx);
  for (const auto& [id, element] : elements_)
    if (element->crosses(at_i, ctx, 0.0)) return StepVerdict::Penetration;

  bool missed = false;
  for (const PairSearch& pair : find_pairs(ctx, false)) {
    auto existing = elements_.find(pair.id);
    std::unique_ptr<ContactPairElement> created;
    ContactPairElement* element = existing != elements_.end() ? existing->second.get()
                                                              : (created = make_element(pair.id)).get();
    const ContactSide a = element->contact_side_a(ctx);
    const ContactSide b = element->contact_side_b(ctx);
    std::vector<PointwiseStepData> newcomers;
    for (const SubRegionPair& regions : pair.regions) {
      const auto& known = element->candidates();
      if (std::any_of(known.begin(), known.end(), [&](const PointwiseStepData& d) {
            return d.region_a == regions.first && d.region_b == regions.second;
          }))
        continue;
      const auto contact = solve_local_contact_at({a.shape, a.trial}, regions.first,
                                                  {b.shape, b.trial}, regions.second);
      if (!contact || !contact->valid() || !(contact->normal_gap < pair.interaction->skin())) continue;
      if (!contact->outside || !(contact->normal_gap > 0)) return StepVerdict::Penetration;
      newcomers.push_back(step_data(*element, at_i, regions));
    }
    if (newcomers.empty()) continue;
    missed = true;
    auto& candidates = element->candidates();
    candidates.insert(candidates.end(), newcomers.begin(), newcomers.end());
    std::sort(candidates.begin(), candidates.end(), [](const PointwiseStepData& x, const PointwiseStepData& y) {
      return std::tie(x.region_a, x.region_b) < std::tie(y.region_a, y.region_b);
    });
    if (created) {
      elements_[pair.id] = std::move(created);
      elements_changed_ = true;
    }
  }
  if (!missed) return StepVerdict::Accept;
  refresh_views();
  ++night_owls_;
  return StepVerdict::NightOwl;
}

std::vector<Wrench<double>> ContactSet::contact_wrenches(std::span<const NodeState> nodes, double time) {
  StepContext ctx;
  ctx.type = AnalysisType::Static;
  ctx.time = time;
  ctx.nodes = nodes;
  const Eigen::VectorXd increments = Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  ctx.increments = &increments;
  begin_step(ctx);
  std::vector<Wrench<double>> wrenches(nodes.size());
  std::vector<ActiveContact> active;
  for (const auto& [id, element] : elements_) {
    element->collect_active(ctx, active);
    for (const ActiveContact& c : active) {
      const PointwiseOutcome outcome = element->outcome(ctx, c.candidate);
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
  return wrenches;
}

void ContactSet::commit(const StepContext& ctx) {
  std::map<Key, History> next;
  snapshot_.contacts.clear();
  snapshot_.body_body = snapshot_.body_boundary = 0;
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.stored_energy = 0;
  std::vector<ActiveContact> active;
  for (const auto& [id, element] : elements_) {
    element->collect_active(ctx, active);
    const FrictionParams& friction = element->interaction().friction;
    for (const ActiveContact& c : active) {
      const PointwiseOutcome outcome = element->outcome(ctx, c.candidate);
      const PointwiseStepData& data = element->candidates()[static_cast<std::size_t>(c.candidate)];
      next[Key{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b}] = History{
          recoverable_tangential_gap(friction, outcome.status, outcome.tangential_gap, outcome.pressure),
          outcome.status, outcome.normal};
      snapshot_.contacts.push_back({id.body_a, id.body_b, id.boundary, c.contact.kind, outcome});
      snapshot_.stored_energy += outcome.stored_energy;
      if (id.boundary >= 0) {
        ++snapshot_.body_boundary;
        snapshot_.boundary_reactions[static_cast<std::size_t>(id.boundary)] +=
            outcome.normal_force + outcome.friction_force;
      } else {
        ++snapshot_.body_body;
      }
    }
  }
  history_ = std::move(next);
}

}  // namespace polydem

#include "contact/contact_set.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <Eigen/Geometry>

#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_intersection.hpp"
#include "contact/pair/closest_points.hpp"

namespace polydem {

// ---- ContactSet ----

struct ContactSet::PairSearch {
  PairId id;
  double skin = 0;
  std::vector<SubRegionPair> regions;
};

ContactSet::ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
                       InteractionTable interactions, SearchSettings search)
    : bodies_(std::move(bodies)),
      boundaries_(std::move(boundaries)),
      interactions_(std::move(interactions)),
      search_(search) {
  for (const ContactBody& body : bodies_)
    if (body.shape && !spheres_.contains(body.shape.get())) {
      spheres_.emplace(body.shape.get(), sub_region_spheres(*body.shape));
      sizes_.emplace(body.shape.get(), std::cbrt(mass_properties(body.shape->mesh).volume));
    }
  for (const BoundarySurface& boundary : boundaries_)
    if (!spheres_.contains(boundary.shape.get()))
      spheres_.emplace(boundary.shape.get(), sub_region_spheres(*boundary.shape));
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.boundary_moments.assign(boundaries_.size(), Vec3::Zero());
}

ContactSet::~ContactSet() = default;

double ContactSet::pair_size(int body_a, int body_b) const {
  const double size_a = sizes_.at(bodies_[static_cast<std::size_t>(body_a)].shape.get());
  if (body_b < 0) return size_a;
  return std::min(size_a, sizes_.at(bodies_[static_cast<std::size_t>(body_b)].shape.get()));
}

double ContactSet::pair_skin(int body_a, int body_b, int group_b) const {
  return interactions_.skin(bodies_[static_cast<std::size_t>(body_a)].group, group_b, pair_size(body_a, body_b));
}

std::shared_ptr<const Interaction> ContactSet::pair_law(int body_a, int body_b, int group_b) const {
  return interactions_.law(bodies_[static_cast<std::size_t>(body_a)].group, group_b, pair_size(body_a, body_b));
}

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
  const auto consider = [&](PairId id, const SearchObject& a, const SearchObject& b, int group_b) {
    if (!interactions_.interacts(bodies_[static_cast<std::size_t>(id.body_a)].group, group_b)) return;
    PairSearch pair{id, pair_skin(id.body_a, id.body_b, group_b), {}};
    if (!bounding_spheres_overlap(a, b, pair.skin)) return;
    sub_region_candidates(a, b, pair.skin, pair.regions);
    if (!pair.regions.empty()) found.push_back(std::move(pair));
  };
  for (std::size_t a = 0; a < bodies_.size(); ++a) {
    if (!bodies_[a].shape) continue;
    for (std::size_t b = a + 1; b < bodies_.size(); ++b) {
      if (!bodies_[b].shape) continue;
      consider({static_cast<int>(a), static_cast<int>(b), -1}, objects[a], objects[b], bodies_[b].group);
    }
    for (std::size_t s = 0; s < boundaries_.size(); ++s)
      if (boundaries_[s].active)
        consider({static_cast<int>(a), -1, static_cast<int>(s)}, objects[a],
                 boundary_object(ctx, static_cast<int>(s), inflate), boundaries_[s].group);
  }
  return found;
}

std::unique_ptr<ContactPairElement> ContactSet::make_element(const PairId& id) const {
  const ContactBody& body_a = bodies_[static_cast<std::size_t>(id.body_a)];
  const PairSide a{id.body_a, nullptr, body_a.shape.get(), body_a.mass};
  if (id.boundary >= 0) {
    const BoundarySurface& surface = boundaries_[static_cast<std::size_t>(id.boundary)];
    return std::make_unique<ContactPairElement>(a, PairSide{-1, &surface, surface.shape.get(), 0.0},
                                                pair_law(id.body_a, -1, surface.group));
  }
  const ContactBody& body_b = bodies_[static_cast<std::size_t>(id.body_b)];
  return std::make_unique<ContactPairElement>(a, PairSide{id.body_b, nullptr, body_b.shape.get(), body_b.mass},
                                              pair_law(id.body_a, id.body_b, body_b.group));
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
  data.material_gap_i = points.on_a - points.on_b;
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
    element->update_engaged(at_i, 0.0);
  }
  for (const auto& [id, element] : elements_) changed = changed || element != nullptr;  // pairs that left
  elements_ = std::move(next);
  refresh_views();
  elements_changed_ = changed;
  return changed;
}

bool ContactSet::update_engaged(const StepContext& ctx, double tolerance) {
  bool changed = false;
  for (const auto& [id, element] : elements_) changed = element->update_engaged(ctx, tolerance) || changed;
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
      if (!contact || !contact->valid() || !(contact->normal_gap < pair.skin)) continue;
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

StepContext ContactSet::at_rest(std::span<const NodeState> nodes, double time, const Eigen::VectorXd& zero) const {
  StepContext ctx;
  ctx.type = AnalysisType::Static;
  ctx.time = time;
  ctx.nodes = nodes;
  ctx.increments = &zero;
  return ctx;
}

std::string ContactSet::side_name(int body, int boundary) const {
  if (boundary >= 0) return "boundary '" + boundaries_[static_cast<std::size_t>(boundary)].name + "'";
  return "body '" + bodies_[static_cast<std::size_t>(body)].name + "'";
}

namespace {

std::vector<Vec3> world_vertices(const SearchObject& object) {
  std::vector<Vec3> vertices;
  vertices.reserve(object.shape->mesh.vertices.size());
  for (const Vec3& x : object.shape->mesh.vertices) vertices.push_back(object.position + object.rotation * x);
  return vertices;
}

/// Whether an edge of `edges_of` crosses a face of `faces_of` (bounding spheres first).
bool edge_crosses_face(const Shape& edges_of, const std::vector<Vec3>& xe, const Shape& faces_of,
                       const std::vector<Vec3>& xf) {
  for (const ShapeEdge& edge : edges_of.edges) {
    const Vec3& p = xe[static_cast<std::size_t>(edge.vertices[0])];
    const Vec3& q = xe[static_cast<std::size_t>(edge.vertices[1])];
    const Vec3 mid = 0.5 * (p + q);
    const double half = 0.5 * (q - p).norm();
    for (const ShapeFace& face : faces_of.faces) {
      const Vec3& a = xf[static_cast<std::size_t>(face.vertices[0])];
      const Vec3& b = xf[static_cast<std::size_t>(face.vertices[1])];
      const Vec3& c = xf[static_cast<std::size_t>(face.vertices[2])];
      const Vec3 centre = (a + b + c) / 3.0;
      const double radius = std::max({(a - centre).norm(), (b - centre).norm(), (c - centre).norm()});
      if ((mid - centre).norm() > half + radius) continue;
      if (segment_meets_triangle(p, q, a, b, c)) return true;
    }
  }
  return false;
}

}  // namespace

std::string ContactSet::intersection(const SearchObject& a, const std::string& name_a, const SearchObject& b,
                                     const std::string& name_b) const {
  const std::vector<Vec3> xa = world_vertices(a);
  const std::vector<Vec3> xb = world_vertices(b);
  if (edge_crosses_face(*a.shape, xa, *b.shape, xb) || edge_crosses_face(*b.shape, xb, *a.shape, xa))
    return name_a + " and " + name_b + " intersect (an edge of one crosses a face of the other)";
  const auto inside = [](const SearchObject& solid, const std::vector<Vec3>& x_solid, const Vec3& point) {
    return solid.shape->kind == SurfaceKind::ClosedSolid &&
           winding_number(point, x_solid, solid.shape->mesh.triangles) > 0.5;
  };
  if (inside(b, xb, xa.front())) return name_a + " lies inside " + name_b;
  if (inside(a, xa, xb.front())) return name_b + " lies inside " + name_a;
  return {};
}

std::string ContactSet::preflight(std::span<const NodeState> nodes, double time) {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, zero);
  const auto check_pair = [&](PairId id, const SearchObject& a, const SearchObject& b, int group_b) -> std::string {
    if (!interactions_.interacts(bodies_[static_cast<std::size_t>(id.body_a)].group, group_b)) return {};
    const double skin = pair_skin(id.body_a, id.body_b, group_b);
    if (!bounding_spheres_overlap(a, b, skin)) return {};
    const std::string name_a = side_name(id.body_a, -1), name_b = side_name(id.body_b, id.boundary);
    if (std::string problem = intersection(a, name_a, b, name_b); !problem.empty()) return problem;
    const auto element = make_element(id);
    const double barrier = element->interaction().normal_law.barrier_gap();
    std::vector<SubRegionPair> regions;
    sub_region_candidates(a, b, skin, regions);
    for (const SubRegionPair& r : regions) {
      const ContactSide sa = element->contact_side_a(ctx), sb = element->contact_side_b(ctx);
      const auto c = solve_local_contact_at({sa.shape, sa.trial}, r.first, {sb.shape, sb.trial}, r.second);
      if (c && c->valid() && c->normal_gap < barrier)
        return name_a + " and " + name_b + " are " + std::to_string(c->normal_gap) +
               " m apart, inside the barrier zone f·ḡ_n = " + std::to_string(barrier) +
               " m of their contact law; start them at least that far apart";
    }
    return {};
  };
  std::vector<SearchObject> objects(bodies_.size());
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    if (bodies_[b].shape) objects[b] = body_object(ctx, static_cast<int>(b), false);
  for (std::size_t a = 0; a < bodies_.size(); ++a) {
    if (!bodies_[a].shape) continue;
    for (std::size_t b = a + 1; b < bodies_.size(); ++b)
      if (bodies_[b].shape)
        if (std::string p = check_pair({static_cast<int>(a), static_cast<int>(b), -1}, objects[a], objects[b],
                                       bodies_[b].group);
            !p.empty())
          return p;
    for (std::size_t s = 0; s < boundaries_.size(); ++s)
      if (!boundaries_[s].active) continue;
      else if (std::string p = check_pair({static_cast<int>(a), -1, static_cast<int>(s)}, objects[a],
                                     boundary_object(ctx, static_cast<int>(s), false), boundaries_[s].group);
          !p.empty())
        return p;
  }
  return {};
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

void ContactSet::write_state(StateWriter& out) const {
  out.put(static_cast<std::int64_t>(history_.size()));
  for (const auto& [key, h] : history_) {
    for (const int v : {key.body_a, key.body_b, key.boundary}) out.put(static_cast<std::int64_t>(v));
    write_region(out, key.region_a);
    write_region(out, key.region_b);
    out.put(h.tangential_gap);
    out.put(static_cast<std::int64_t>(h.status));
    out.put(h.normal);
    out.put(h.friction);
    out.put(h.damping_power);
    out.put(h.spring_energy);
  }
  out.put(snapshot_.damping_dissipation);
  out.put(snapshot_.friction_dissipation);
  out.put(snapshot_.boundary_work);
  out.put(snapshot_.stored_energy);
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    out.put(s < snapshot_.boundary_reactions.size() ? snapshot_.boundary_reactions[s] : Vec3(Vec3::Zero()));
    out.put(s < snapshot_.boundary_moments.size() ? snapshot_.boundary_moments[s] : Vec3(Vec3::Zero()));
  }
  out.put(static_cast<std::int64_t>(night_owls_));
}

void ContactSet::read_state(StateReader& in) {
  history_.clear();
  const std::size_t count = in.count(std::size_t{1} << 40);
  for (std::size_t k = 0; k < count; ++k) {
    Key key{static_cast<int>(in.integer()), static_cast<int>(in.integer()), static_cast<int>(in.integer()), {}, {}};
    key.region_a = read_region(in);
    key.region_b = read_region(in);
    History h;
    h.tangential_gap = in.vec3();
    h.status = static_cast<StickSlip>(in.count(2));
    h.normal = in.vec3();
    h.friction = in.vec3();
    h.damping_power = in.real();
    h.spring_energy = in.real();
    history_.emplace(key, h);
  }
  snapshot_.damping_dissipation = in.real();
  snapshot_.friction_dissipation = in.real();
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
}

void ContactSet::set_friction_enabled(int group_a, int group_b, bool enabled) {
  interactions_.set_friction_enabled(group_a, group_b, enabled);
  elements_.clear();  // the next begin_step builds them with the new laws
  refresh_views();
}

std::vector<Wrench<double>> ContactSet::contact_wrenches(std::span<const NodeState> nodes, double time) {
  const Eigen::VectorXd increments = Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, increments);
  begin_step(ctx);
  std::vector<Wrench<double>> wrenches(nodes.size());
  std::vector<ActiveContact> active;
  snapshot_.contacts.clear();
  snapshot_.stored_energy = 0;
  for (const auto& [id, element] : elements_) {
    element->collect_active(ctx, active);
    for (const ActiveContact& c : active) {
      const PointwiseOutcome outcome = element->outcome(ctx, c.candidate);
      snapshot_.contacts.push_back({id.body_a, id.body_b, id.boundary, c.contact.kind, outcome});
      snapshot_.stored_energy += outcome.normal_energy;
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

// The energy ledger: dissipation as trapezoidal sums over the step of the
// damping power and of the friction work on the sliding increment g_t^Δ, less
// the change of the elastic tangential energy; a contact that ends releases its
// tangential spring energy, which also counts as dissipated.
void ContactSet::commit(const StepContext& ctx) {
  std::map<Key, History> next;
  const std::vector<Vec3> previous_reactions = snapshot_.boundary_reactions;
  snapshot_.contacts.clear();
  snapshot_.body_body = snapshot_.body_boundary = 0;
  snapshot_.boundary_reactions.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.boundary_moments.assign(boundaries_.size(), Vec3::Zero());
  snapshot_.stored_energy = 0;
  std::vector<ActiveContact> active;
  for (const auto& [id, element] : elements_) {
    // The physical state: every contact inside the skin, with p clipped at zero
    // (eq. 53) — a separating contact whose damper cancels its spring is still
    // in, and its released elastic energy is what the damper dissipates.
    element->collect_active(ctx, active);
    const FrictionParams& friction = element->interaction().friction;
    for (const ActiveContact& c : active) {
      const PointwiseOutcome outcome = element->outcome(ctx, c.candidate);
      const PointwiseStepData& data = element->candidates()[static_cast<std::size_t>(c.candidate)];
      const Key key{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b};
      History updated{recoverable_tangential_gap(friction, outcome.status, outcome.tangential_gap, outcome.pressure),
                      outcome.status, outcome.normal, -outcome.friction_force,
                      ctx.dynamic() ? outcome.damping_power : 0.0, 0.0};
      updated.spring_energy = 0.5 * friction.stiffness * updated.tangential_gap.squaredNorm();
      History previous;
      if (auto found = history_.find(key); found != history_.end()) {
        previous = found->second;
        history_.erase(found);
      }
      snapshot_.damping_dissipation += 0.5 * (previous.damping_power + updated.damping_power) * ctx.dt;
      snapshot_.friction_dissipation += 0.5 * (previous.friction + updated.friction).dot(outcome.sliding) -
                                        (updated.spring_energy - previous.spring_energy);
      snapshot_.stored_energy += outcome.normal_energy + updated.spring_energy;
      snapshot_.contacts.push_back({id.body_a, id.body_b, id.boundary, c.contact.kind, outcome});
      if (id.boundary >= 0) {
        ++snapshot_.body_boundary;
        const Vec3 force = outcome.normal_force + outcome.friction_force;
        snapshot_.boundary_reactions[static_cast<std::size_t>(id.boundary)] += force;
        snapshot_.boundary_moments[static_cast<std::size_t>(id.boundary)] += outcome.point.cross(force);
      } else {
        ++snapshot_.body_body;
      }
      next[key] = updated;
    }
  }
  for (const auto& [key, ended] : history_)  // contacts that separated in this step
    snapshot_.friction_dissipation += ended.spring_energy;
  add_boundary_work(ctx, previous_reactions);
  history_ = std::move(next);
}

void ContactSet::add_boundary_work(const StepContext& ctx, const std::vector<Vec3>& previous_reactions) {
  for (std::size_t s = 0; s < boundaries_.size(); ++s) {
    const Vec3 displacement = boundaries_[s].position_at(ctx.time) - boundaries_[s].position_at(ctx.time - ctx.dt);
    const Vec3 before = s < previous_reactions.size() ? previous_reactions[s] : Vec3::Zero();
    snapshot_.boundary_work += 0.5 * (before + snapshot_.boundary_reactions[s]).dot(displacement);
  }
}

}  // namespace polydem

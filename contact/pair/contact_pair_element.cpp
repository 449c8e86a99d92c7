#include "contact/pair/contact_pair_element.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "contact/geometry/facets.hpp"
#include "contact/local/hierarchy.hpp"
#include "contact/local/penetration.hpp"
#include "contact/pair/closest_points.hpp"
#include "contact/pair/near_crossing.hpp"
#include "contact/search/sub_region_proximity.hpp"

namespace polydem {
namespace {

/// Relative widening of the clearance tests against the rounding of distances.
constexpr double kClearanceTolerance = 1e-9;

bool same_regions(const Candidate& candidate, const LocalContact& contact) {
  return candidate.region_a == contact.sub_region_a && candidate.region_b == contact.sub_region_b;
}

/// One candidate's two sides at the ends of a path in increments (same pose i).
struct CandidatePath {
  const Candidate& candidate;
  const ContactSide& a_from;
  const ContactSide& b_from;
  const ContactSide& a_to;
  const ContactSide& b_to;

  static RigidTrialState between(const RigidTrialState& from, const RigidTrialState& to, double s) {
    RigidTrialState state = to;
    state.u_delta = from.u_delta + s * (to.u_delta - from.u_delta);
    state.alpha_delta = from.alpha_delta + s * (to.alpha_delta - from.alpha_delta);
    return state;
  }
  std::optional<LocalContact> at(double s) const {
    return solve_local_contact_at(
        {a_to.shape, between(a_from.trial, a_to.trial, s)}, candidate.region_a,
        {b_to.shape, between(b_from.trial, b_to.trial, s)}, candidate.region_b);
  }
};

// A gap vector that turned over between s0 and s1 (normals n0·n1 ≤ 0): the
// pair went through g = 0 on the way if, halving the interval, the reversal
// stays within a part and never leaves the parametric range. Closest points
// that jump (the pair leaves its range, as skew edges do when they turn
// parallel) or turn smoothly (each half turns less than 90°) cross nothing.
bool crossed_between(const CandidatePath& path, double s0, const Vec3& n0, double s1,
                     const Vec3& n1, int depth) {
  if (depth == 0) return true;
  const double middle = 0.5 * (s0 + s1);
  const auto contact = path.at(middle);
  if (!contact || !contact->valid()) return false;
  if (!contact->outside || !(contact->normal_gap > 0)) return true;
  if (n0.dot(contact->normal) <= 0)
    return crossed_between(path, s0, n0, middle, contact->normal, depth - 1);
  if (contact->normal.dot(n1) <= 0)
    return crossed_between(path, middle, contact->normal, s1, n1, depth - 1);
  return false;
}

}  // namespace

ContactPairElement::ContactPairElement(PairSide a, PairSide b,
                                       std::shared_ptr<const Interaction> interaction)
    : a_(a), b_(b), interaction_(std::move(interaction)) {
  for (int k = 0; k < kDofsPerNode; ++k)
    dofs_[static_cast<std::size_t>(k)] = kDofsPerNode * a.body + k;
  dof_count_ = kDofsPerNode;
  if (b.boundary == nullptr) {
    for (int k = 0; k < kDofsPerNode; ++k)
      dofs_[static_cast<std::size_t>(kDofsPerNode + k)] = kDofsPerNode * b.body + k;
    dof_count_ = 2 * kDofsPerNode;
  }
}

StepContext ContactPairElement::PosesAtI::context() const {
  // Newmark's coefficients, gravity and the load factor are the step's: poses read none.
  return {.type = type,
          .time = time,
          .dt = dt,
          .load_factor = 1,
          .newmark = {},
          .gravity = Vec3::Zero(),
          .nodes = nodes,
          .increments = increments,
          .at_step_start = true};
}

ContactSide ContactPairElement::make_side(const PairSide& side, const StepContext& ctx) const {
  ContactSide result;
  result.shape = side.shape;
  if (side.inertia != nullptr) {
    result.mass = side.inertia->mass;
    result.inverse_inertia_root = side.inertia->inverse_inertia_root;
    result.centre_of_mass = side.inertia->centre_of_mass;
  }
  if (side.boundary != nullptr) {
    const double t_i = ctx.time - ctx.dt;
    const Vec3 start = side.boundary->position_at(t_i);
    result.trial.pole_position = start;
    result.trial.rotation = side.boundary->rotation;
    const Vec3 motion = side.boundary->position_at(ctx.time) - start;
    // At i the boundary stands where the step starts, as the bodies do; it keeps its velocity
    // over the step (the approach speed of a contact event beginning at i).
    result.trial.u_delta = ctx.at_step_start ? Vec3::Zero() : motion;
    if (ctx.dynamic() && ctx.dt > 0) result.boundary_velocity = motion / ctx.dt;
    return result;
  }
  const NodeState& node = ctx.nodes[static_cast<std::size_t>(side.body)];
  result.node = &node;
  result.trial.pole_position = node.position;
  result.trial.rotation = node.rotation.toRotationMatrix();
  const auto increment = ctx.node_increment(side.body);
  result.trial.u_delta = increment.head<3>();
  result.trial.alpha_delta = increment.tail<3>();
  return result;
}

RigidTrialState ContactPairElement::pose_i(const PairSide& side) const {
  if (at_i_.increments == nullptr)
    throw std::logic_error("a contact pair's pose at i asked for before start_candidates");
  return make_side(side, at_i_.context()).trial;
}

ContactSide ContactPairElement::contact_side_a(const StepContext& ctx) const {
  return make_side(a_, ctx);
}
ContactSide ContactPairElement::contact_side_b(const StepContext& ctx) const {
  return make_side(b_, ctx);
}

void ContactPairElement::start_candidates(const StepContext& at_i, const CandidateSource* source) {
  candidates_.clear();
  data_.clear();
  source_ = source;
  at_i_ = {at_i.type, at_i.time, at_i.dt, at_i.nodes, at_i.increments};
}

namespace {

WorldPrimitive primitive_at(const Shape& shape, const RigidTrialState& pose, SubRegion region) {
  const RegionVertices vertices = region_vertices(shape, region);
  WorldPrimitive primitive;
  primitive.count = vertices.count;
  for (std::size_t k = 0; k < static_cast<std::size_t>(vertices.count); ++k)
    primitive.vertices[k] = pose.point(vertices.reference[k]);
  primitive.bound();
  return primitive;
}

/// Facets with more triangles than this get no clearance (0: unknown), so
/// that a finely split plane costs no loop over its triangles per candidate.
constexpr std::size_t kFacetClearanceLimit = 32;

/// The primitives of a sub-region at `pose`: a facet's triangles, or the region
/// itself; empty when a facet has too many triangles to be worth the loop.
void primitives_of(const Shape& shape, const RigidTrialState& pose, SubRegion region,
                   std::vector<WorldPrimitive>& out) {
  out.clear();
  if (region.kind != SubRegionKind::Face) {
    out.push_back(primitive_at(shape, pose, region));
    return;
  }
  const std::vector<int>& faces = facet_members(shape, region.index);
  if (faces.size() > kFacetClearanceLimit) return;
  for (const int face : faces)
    out.push_back(primitive_at(shape, pose, {SubRegionKind::Face, face}));
}

/// The distance at pose i of two sub-regions (a facet's is its nearest
/// triangle's); 0 when unknown.
double clearance_between(const Shape& shape_a, const RigidTrialState& pose_a, SubRegion region_a,
                         const Shape& shape_b, const RigidTrialState& pose_b, SubRegion region_b) {
  thread_local std::vector<WorldPrimitive> on_a, on_b;
  primitives_of(shape_a, pose_a, region_a, on_a);
  primitives_of(shape_b, pose_b, region_b, on_b);
  if (on_a.empty() || on_b.empty()) return 0.0;
  double squared = std::numeric_limits<double>::infinity();
  for (const WorldPrimitive& x : on_a)
    for (const WorldPrimitive& y : on_b)
      squared = std::min(squared, primitives_squared_distance(x, y));
  return std::sqrt(squared);
}

}  // namespace

void ContactPairElement::add_candidate(const SubRegion& region_a, const SubRegion& region_b) {
  const std::pair<SubRegion, SubRegion> regions{region_a, region_b};
  add_candidates({&regions, 1});
}

void ContactPairElement::add_candidates(std::span<const std::pair<SubRegion, SubRegion>> regions) {
  const RigidTrialState at_a = pose_i(a_), at_b = pose_i(b_);
  for (const auto& [region_a, region_b] : regions)
    candidates_.push_back(
        {region_a, region_b,
         clearance_between(*a_.shape, at_a, region_a, *b_.shape, at_b, region_b)});
}

void ContactPairElement::insert_candidates(std::span<const PointwiseStepData> made) {
  for (const PointwiseStepData& data : made) {
    add_candidate(data.region_a, data.region_b);
    candidates_.back().data = static_cast<int>(data_.size());
    data_.push_back(data);
  }
  std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& x, const Candidate& y) {
    return std::tie(x.region_a, x.region_b) < std::tie(y.region_a, y.region_b);
  });
}

const PointwiseStepData& ContactPairElement::step_data(int k) const {
  make_data(k);
  return made(k);
}

void ContactPairElement::make_data(int k) const {
  const Candidate& candidate = candidates_[static_cast<std::size_t>(k)];
  if (candidate.data < 0) {
    if (!source_)
      throw std::logic_error("contact candidate data asked for before start_candidates");
    data_.push_back(
        source_->step_data(*this, at_i_.context(), candidate.region_a, candidate.region_b));
    candidate.data = static_cast<int>(data_.size()) - 1;
  }
}

void ContactPairElement::sharing_with(int also,
                                      std::vector<const PointwiseStepData*>& sharing) const {
  const auto shares = [&](std::size_t j) {
    return candidates_[j].engaged || static_cast<int>(j) == also;
  };
  for (std::size_t j = 0; j < candidates_.size(); ++j)
    if (shares(j)) make_data(static_cast<int>(j));
  sharing.clear();
  for (std::size_t j = 0; j < candidates_.size(); ++j)
    if (shares(j)) sharing.push_back(&made(static_cast<int>(j)));
}

double ContactPairElement::travel_since_i(const ContactSide& a, const ContactSide& b) const {
  return largest_relative_travel(pose_i(a_), a.trial, a.shape->bounding_radius, pose_i(b_), b.trial,
                                 b.shape->bounding_radius);
}

bool ContactPairElement::near_since_i(const Sides& at, double search_reach,
                                      std::vector<NearRegions>& near) const {
  const ContactSide& a = at.a;
  const ContactSide& b = at.b;
  const double rounding =
      kClearanceTolerance * (a.shape->bounding_radius + b.shape->bounding_radius);
  const double reach = travel_since_i(a, b) + rounding;
  // What the search left out was search_reach apart at i, a boundary where the step starts
  // (its motion since is in the travel).
  near.clear();
  if (reach >= search_reach) return false;
  for (const Candidate& candidate : candidates_)
    if (candidate.clearance_i <= reach) near.push_back({candidate.region_a, candidate.region_b});
  return true;
}

bool ContactPairElement::surfaces_apart(const StepContext& ctx) const {
  thread_local std::vector<NearRegions> near;
  return near_since_i(sides_at(ctx), interaction_->skin(), near) && near.empty();
}

std::optional<bool> ContactPairElement::surfaces_cross_near(const StepContext& ctx,
                                                            double search_reach) const {
  thread_local std::vector<NearRegions> near;
  const Sides at = sides_at(ctx);
  if (!near_since_i(at, search_reach, near)) return std::nullopt;
  if (near.empty()) return false;
  return stars_cross(PosedBody::of({at.a.shape, at.a.trial}),
                     PosedBody::of({at.b.shape, at.b.trial}), near);
}

void ContactPairElement::collect_active(const StepContext& ctx,
                                        std::vector<ActiveContact>& active) const {
  collect_active(sides_at(ctx), active);
}

// The paper's active set within the skin, and the contacts beyond it up to the reach
// kept by the hierarchy among them all: a contact out of the skin never switches off
// one inside it (rules 1-5 read the list as given), so that the frozen set holds
// exactly what the paper's law sees at i.
void ContactPairElement::collect_near(const StepContext& at_i, double reach,
                                      std::vector<ActiveContact>& near) const {
  const Sides at = sides_at(at_i);
  const double skin = interaction_->skin();
  gather_within(at, skin + reach, near);
  thread_local std::vector<ActiveContact> inside;
  inside.clear();
  for (const ActiveContact& c : near)
    if (c.contact.normal_gap < skin) inside.push_back(c);
  if (inside.size() == near.size()) {
    keep_by_hierarchy(at, near);
    return;
  }
  keep_by_hierarchy(at, inside);
  keep_by_hierarchy(at, near);
  std::erase_if(near, [&](const ActiveContact& c) { return c.contact.normal_gap < skin; });
  near.insert(near.end(), inside.begin(), inside.end());
  std::sort(near.begin(), near.end(), [](const ActiveContact& x, const ActiveContact& y) {
    return x.candidate < y.candidate;
  });
}

void ContactPairElement::collect_active(const Sides& at, std::vector<ActiveContact>& active) const {
  gather_within(at, interaction_->skin(), active);
  keep_by_hierarchy(at, active);
}

void ContactPairElement::gather_within(const Sides& at, double range,
                                       std::vector<ActiveContact>& active) const {
  active.clear();
  const ContactSide& a = at.a;
  const ContactSide& b = at.b;
  const PosedBody posed_a = PosedBody::of({a.shape, a.trial});
  const PosedBody posed_b = PosedBody::of({b.shape, b.trial});
  // A valid g_n is the primitives' distance, at least clearance_i − travel.
  const double out_of_reach = range * (1 + kClearanceTolerance) + travel_since_i(a, b);
  for (std::size_t k = 0; k < candidates_.size(); ++k) {
    const Candidate& candidate = candidates_[k];
    if (candidate.clearance_i > out_of_reach) continue;
    std::optional<LocalContact> contact =
        solve_local_contact_at(posed_a, candidate.region_a, posed_b, candidate.region_b);
    if (!contact || !contact->valid() || !contact->outside) continue;
    if (!(contact->normal_gap > 0 && contact->normal_gap < range)) continue;
    active.push_back({static_cast<int>(k), *contact});
  }
}

void ContactPairElement::keep_by_hierarchy(const Sides& at,
                                           std::vector<ActiveContact>& active) const {
  if (active.size() < 2) return;
  // The hierarchy rules (§3.6) keep a subsequence; walk both lists to keep the candidate ids.
  thread_local std::vector<LocalContact> contacts;
  contacts.clear();
  for (const ActiveContact& c : active) contacts.push_back(c.contact);
  thread_local std::vector<LocalContact> kept;
  apply_contact_hierarchy(contacts, *at.a.shape, *at.b.shape, kept);
  if (kept.size() == active.size()) return;
  std::size_t next = 0;
  for (const ActiveContact& c : active) {
    if (next < kept.size() &&
        same_regions(candidates_[static_cast<std::size_t>(c.candidate)], kept[next]))
      active[next++] = c;
  }
  active.resize(next);
}

void ContactPairElement::collect_engaged(const StepContext& ctx,
                                         std::vector<ActiveContact>& engaged) const {
  collect_engaged(sides_at(ctx), engaged);
}

void ContactPairElement::collect_engaged(const Sides& at,
                                         std::vector<ActiveContact>& engaged) const {
  engaged.clear();
  const PosedBody posed_a = PosedBody::of({at.a.shape, at.a.trial});
  const PosedBody posed_b = PosedBody::of({at.b.shape, at.b.trial});
  for (std::size_t k = 0; k < candidates_.size(); ++k) {
    const Candidate& candidate = candidates_[k];
    if (!candidate.engaged) continue;
    const auto contact =
        solve_local_contact_at(posed_a, candidate.region_a, posed_b, candidate.region_b);
    if (contact && contact->status != LcpStatus::NoSolution && contact->normal_gap > 0)
      engaged.push_back({static_cast<int>(k), *contact});
  }
}

const std::vector<const PointwiseStepData*>& ContactPairElement::engaged_step_data(
    const Sides& at) const {
  thread_local std::vector<ActiveContact> engaged;
  thread_local std::vector<const PointwiseStepData*> steps;
  collect_engaged(at, engaged);
  steps.clear();
  for (const ActiveContact& c : engaged) make_data(c.candidate);
  for (const ActiveContact& c : engaged) steps.push_back(&made(c.candidate));
  return steps;
}

void ContactPairElement::evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                                  Eigen::Ref<Eigen::MatrixXd> tangent) const {
  residual.setZero();
  tangent.setZero();
  const Sides at = sides_at(ctx);
  const auto& steps = engaged_step_data(at);
  if (steps.empty()) return;
  add_pointwise_contacts({interaction_.get(), &at.a, &at.b, nullptr, &ctx, true}, steps, residual,
                         tangent);
}

void ContactPairElement::evaluate_residual(const StepContext& ctx,
                                           Eigen::Ref<Eigen::VectorXd> residual) const {
  residual.setZero();
  const Sides at = sides_at(ctx);
  const auto& steps = engaged_step_data(at);
  if (steps.empty()) return;
  add_pointwise_contacts_residual({interaction_.get(), &at.a, &at.b, nullptr, &ctx, true}, steps,
                                  residual);
}

void ContactPairElement::outcomes(const StepContext& ctx, std::span<const ActiveContact> active,
                                  std::vector<PointwiseOutcome>& outcomes) const {
  const ContactSide a = contact_side_a(ctx);
  const ContactSide b = contact_side_b(ctx);
  thread_local std::vector<const PointwiseStepData*> steps;
  steps.clear();
  // Every datum sharing_with may want is made before the first pointer is taken.
  for (const ActiveContact& c : active) make_data(c.candidate);
  for (std::size_t j = 0; j < candidates_.size(); ++j)
    if (candidates_[j].engaged) make_data(static_cast<int>(j));
  for (const ActiveContact& c : active) steps.push_back(&made(c.candidate));
  outcomes.resize(active.size());
  const PointwiseInput pair{interaction_.get(), &a, &b, nullptr, &ctx, false};
  // With a shared pair mass a contact's damping depends on K over the contacts
  // sharing the mass. The residual of the active-set solve takes K over the
  // engaged contacts (evaluate), so a contact is booked as the residual applied
  // its force: K over the engaged contacts and itself (as engaged_pressure
  // decides). K over every active contact, when one of them is not engaged (a
  // contact inside the skin held at p = 0), gave the engaged ones another
  // dashpot than the residual's, and the energy ledger drifted by that power.
  const bool all_engaged = std::all_of(active.begin(), active.end(), [&](const ActiveContact& c) {
    return candidates_[static_cast<std::size_t>(c.candidate)].engaged;
  });
  const auto engaged_count = std::count_if(candidates_.begin(), candidates_.end(),
                                           [](const Candidate& c) { return c.engaged; });
  if (!interaction_->shares_pair_mass() || !ctx.dynamic() ||
      (all_engaged && engaged_count == static_cast<std::ptrdiff_t>(active.size()))) {
    pointwise_outcomes(pair, steps, outcomes);
    return;
  }
  thread_local std::vector<const PointwiseStepData*> sharing;
  for (std::size_t k = 0; k < active.size(); ++k) {
    sharing_with(active[k].candidate, sharing);
    PointwiseInput in = pair;
    in.step = steps[k];
    outcomes[k] = pointwise_outcome_among(in, sharing);
  }
}

// With a shared pair mass the damping of a contact depends on the pair's K:
// the decision sees it as the residual will, over the engaged contacts and this one.
double ContactPairElement::engaged_pressure(const StepContext& ctx, const Sides& at,
                                            int candidate) const {
  thread_local std::vector<const PointwiseStepData*> sharing;
  sharing_with(candidate, sharing);
  return pointwise_outcome_among({interaction_.get(), &at.a, &at.b, &made(candidate), &ctx, true},
                                 sharing)
      .pressure;
}

// An engaged contact that left the skin stays engaged while the continued law
// still holds it with at most `tolerance` of tension (n1 = 1) — otherwise a
// contact resting at the skin would flip at every check.
bool ContactPairElement::stays_engaged(const StepContext& ctx, const Sides& at, int candidate,
                                       const std::vector<ActiveContact>& in,
                                       double tolerance) const {
  const auto is_in = std::any_of(in.begin(), in.end(),
                                 [&](const ActiveContact& c) { return c.candidate == candidate; });
  const Candidate& data = candidates_[static_cast<std::size_t>(candidate)];
  if (!is_in) {
    if (!interaction_->law().tensile_beyond_skin()) return false;
    const auto contact = solve_local_contact_at({at.a.shape, at.a.trial}, data.region_a,
                                                {at.b.shape, at.b.trial}, data.region_b);
    if (!contact || !contact->valid() || !contact->outside || !(contact->normal_gap > 0))
      return false;
    if (contact->normal_gap < interaction_->skin())
      return false;  // in the skin but out: hierarchy or side
  }
  // A law that pulls inside the skin (tensile_inside_skin) holds a contact until it leaves it.
  if (is_in && interaction_->law().tensile_inside_skin()) return true;
  return engaged_pressure(ctx, at, candidate) >= -tolerance;
}

bool ContactPairElement::update_engaged(const StepContext& ctx, double tolerance) {
  const Sides at = sides_at(ctx);
  thread_local std::vector<ActiveContact> in;
  collect_active(at, in);
  thread_local std::vector<char> next;
  next.assign(candidates_.size(), 0);
  for (std::size_t k = 0; k < candidates_.size(); ++k)
    if (candidates_[k].engaged)
      next[k] = stays_engaged(ctx, at, static_cast<int>(k), in, tolerance);
  for (const ActiveContact& c : in) {
    const auto k = static_cast<std::size_t>(c.candidate);
    if (!candidates_[k].engaged) next[k] = engaged_pressure(ctx, at, c.candidate) > tolerance;
  }
  bool changed = false;
  for (std::size_t k = 0; k < candidates_.size(); ++k) {
    changed = changed || static_cast<bool>(next[k]) != candidates_[k].engaged;
    candidates_[k].engaged = next[k];
  }
  return changed;
}

bool ContactPairElement::crosses(const StepContext& from, const StepContext& to,
                                 double gap_reduction, std::vector<int>* crossing) const {
  const ContactSide a_from = contact_side_a(from), b_from = contact_side_b(from);
  const ContactSide a_to = contact_side_a(to), b_to = contact_side_b(to);
  const PosedBody posed_a_from = PosedBody::of({a_from.shape, a_from.trial});
  const PosedBody posed_b_from = PosedBody::of({b_from.shape, b_from.trial});
  const PosedBody posed_a_to = PosedBody::of({a_to.shape, a_to.trial});
  const PosedBody posed_b_to = PosedBody::of({b_to.shape, b_to.trial});
  const double skin = interaction_->skin();
  // A pair further apart at `to` than its points travel along the path never
  // met on it: no reversal through g = 0, and (outside the skin) nothing to
  // penetrate or to close by gap_reduction. Its state at `from` is not needed.
  const double travel =
      largest_relative_travel(a_from.trial, a_to.trial, a_to.shape->bounding_radius, b_from.trial,
                              b_to.trial, b_to.shape->bounding_radius);
  const double apart = std::max({skin, gap_reduction * skin, travel});
  const double out_of_reach = apart * (1 + kClearanceTolerance) + travel_since_i(a_to, b_to);
  const auto crosses_now = [&](const Candidate& candidate) {
    if (candidate.clearance_i > out_of_reach) return false;  // farther apart at `to` than `apart`
    const auto after =
        solve_local_contact_at(posed_a_to, candidate.region_a, posed_b_to, candidate.region_b);
    if (!after || !after->valid()) return false;
    if (after->outside && after->normal_gap > apart) return false;
    // The winding number behind `penetrates` is formed at most once per pair.
    std::optional<bool> penetrating;
    const auto penetrates_now = [&] {
      if (!penetrating) penetrating = penetrates(posed_a_to, posed_b_to, *after);
      return *penetrating;
    };
    if (after->normal_gap < skin && penetrates_now()) return true;
    const auto before =
        solve_local_contact_at(posed_a_from, candidate.region_a, posed_b_from, candidate.region_b);
    if (!before || before->status == LcpStatus::NoSolution) return false;
    // Through the other body's surface in one step, however deep the point now
    // lies: a body struck during the step can travel more than the skin.
    if (!after->outside && before->outside && penetrates_now()) return true;
    if (!before->valid() || !before->outside) return false;
    // A valid pair that crosses reverses its gap vector (the paper's n^i·n^{i+1} < 0);
    // a reversal counts only if the pair went through g = 0 on the way.
    constexpr int kReversalHalvings = 10;
    if (before->normal.dot(after->normal) <= 0 &&
        crossed_between({candidate, a_from, b_from, a_to, b_to}, 0.0, before->normal, 1.0,
                        after->normal, kReversalHalvings))
      return true;
    return gap_reduction > 0 && before->normal_gap < skin &&
           after->normal_gap < gap_reduction * before->normal_gap;
  };
  bool any = false;
  for (std::size_t k = 0; k < candidates_.size(); ++k) {
    if (!crosses_now(candidates_[k])) continue;
    if (!crossing) return true;
    crossing->push_back(static_cast<int>(k));
    any = true;
  }
  return any;
}

}  // namespace polydem

#include "contact/contact_set.hpp"

#include "contact/set/contact_checkpoint.hpp"
#include "contact/set/impact_forecast.hpp"
#include "contact/set/initial_wrenches.hpp"
#include "contact/set/step_configurations.hpp"

namespace polydem {

ContactSet::ContactSet(std::vector<ContactBody> bodies, std::vector<BoundarySurface> boundaries,
                       InteractionTable interactions, SearchSettings search)
    : scene_(std::move(bodies), std::move(boundaries), std::move(interactions), search),
      search_(scene_),
      pairs_(scene_),
      ledger_(scene_, pairs_),
      candidate_data_(scene_, ledger_.histories()),
      crossing_checks_(scene_, search_, pairs_),
      night_owl_check_(search_, pairs_, candidate_data_),
      preflight_(scene_, search_),
      domain_watch_(scene_) {
  scene_.set_verlet_margin(search_.verlet_margin());
}

ContactSet::~ContactSet() = default;

// A std::map node holds the tree's links and colour (32 bytes in libstdc++) before its value.
constexpr std::size_t kMapNodeLinks = 32;

ContactMemory ContactSet::memory() const {
  ContactMemory memory;
  memory.histories = histories().size() * (kMapNodeLinks + sizeof(ContactHistories::value_type));
  for (const ContactPairElement* pair : pairs_.pair_views()) {
    memory.pair_elements += pair->own_bytes();
    memory.candidate_data += pair->data_bytes();
  }
  memory.search_lists = search_statistics().memory_bytes;
  return memory;
}

// The elements follow the search's pairs (both sorted): kept ones keep their
// law and DOFs, so the sparsity pattern changes only when a pair comes or goes.
// Filling the candidates solves an LCP per candidate: on threads, each element
// on its own.
bool ContactSet::begin_step(const StepContext& ctx) {
  zero_increments_.setZero(ctx.increments->size());
  const StepContext at_i = configuration_i(ctx, zero_increments_);
  const CandidateSet& found = search_.find_candidates(at_i, true);
  const bool changed = pairs_.follow(found);
  pairs_.fill_candidates(at_i, found, &candidate_data_);
  pairs_.refresh_views();
  elements_changed_ = changed;
  searched_time_ = ctx.time;
  searched_dt_ = ctx.dt;
  return changed;
}

bool ContactSet::keep_search(const StepContext& ctx) {
  if (!(ctx.dt < searched_dt_)) return false;
  StepContext searched = ctx;
  searched.time = searched_time_;
  searched.dt = searched_dt_;
  for (std::size_t s = 0; s < boundaries().size(); ++s)
    if (scene_.boundary_travel(searched, static_cast<int>(s)) > 0) return false;
  pairs_.retime_candidates(configuration_i(ctx, zero_increments_));
  elements_changed_ = false;
  return true;
}

bool ContactSet::admissible(const StepContext& current, const StepContext& trial) const {
  constexpr double kGapReduction = 0.1;
  return !crossing_checks_.any_crosses(current, trial, kGapReduction);
}

double ContactSet::impact_limited_step(const StepContext& ctx, double budget) const {
  const StepContext at_i = configuration_i(ctx, zero_increments_);
  ImpactForecast forecast;
  std::size_t candidates = 0;  // each gives one contact at most
  for (const ContactPairElement* element : pairs_.pair_views())
    candidates += element->candidates().size();
  forecast.reserve(candidates);
  for (const ContactPairElement* element : pairs_.pair_views()) {
    const int boundary = element->side_b().boundary
                             ? static_cast<int>(element->side_b().boundary - boundaries().data())
                             : -1;
    const double travel_b = boundary >= 0 ? scene_.boundary_travel(ctx, boundary)
                                          : scene_.travel(ctx, element->side_b().body);
    forecast.add_pair(*element, at_i, scene_.travel(ctx, element->side_a().body) + travel_b);
  }
  return forecast.largest_step(ctx.dt, budget, search_.partition());
}

StepVerdict ContactSet::check_converged(const StepContext& ctx) {
  elements_changed_ = false;
  const StepContext at_i = configuration_i(ctx, zero_increments_);
  if (crossing_checks_.any_crosses(at_i, ctx, 0.0) || crossing_checks_.any_surfaces_cross(ctx))
    return StepVerdict::Penetration;
  const StepVerdict verdict = night_owl_check_.check(ctx, at_i);
  elements_changed_ = night_owl_check_.added_elements();
  return verdict;
}

void ContactSet::commit(const StepContext& ctx, bool with_records,
                        const GivenFrictionStates* given) {
  domain_watch_.note_exits(ctx);
  ledger_.commit(ctx, with_records, given);
}

ContactEnergyStep ContactSet::energy_step(const StepContext& ctx) const {
  return ledger_.energy_step(ctx, search_.partition());
}

std::string ContactSet::preflight(std::span<const NodeState> nodes, double time,
                                  bool initial_placement) {
  const Eigen::VectorXd zero =
      Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, zero);
  const SearchScene placed = search_.place(ctx, false);
  domain_watch_.note_exits(ctx);
  return preflight_.first_problem(placed, initial_placement);
}

std::vector<Wrench<double>> ContactSet::contact_wrenches(std::span<const NodeState> nodes,
                                                         double time) {
  const Eigen::VectorXd increments =
      Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  const StepContext ctx = at_rest(nodes, time, increments);
  begin_step(ctx);
  std::vector<Wrench<double>> wrenches =
      initial_wrenches(pairs_, ctx, nodes, ledger_.snapshot(), ledger_.histories());
  if (search_.partition()) sum_over_processes(*search_.partition(), wrenches);
  return wrenches;
}

void ContactSet::set_boundary_active(int boundary, bool active) {
  scene_.set_boundary_active(boundary, active);
  // The Verlet lists still hold the pairs of a removed boundary, or lack an added one's.
  search_.invalidate();
}

void ContactSet::set_friction_enabled(int group_a, int group_b, bool enabled) {
  scene_.set_friction_enabled(group_a, group_b, enabled);
  pairs_.clear();  // the next begin_step builds them with the new laws
}

void ContactSet::write_state(StateWriter& out) const {
  write_contact_state(out, ledger_.histories(), ledger_.snapshot(), scene_.boundaries().size(),
                      night_owl_check_.count());
}

std::size_t ContactSet::state_bytes() const {
  return contact_state_bytes(ledger_.histories().size(), scene_.boundaries().size());
}

void ContactSet::read_state(StateReader& in) {
  clear_state();
  add_state(in, true);
}

void ContactSet::clear_state() {
  clear_contact_state(ledger_.histories(), ledger_.snapshot(), scene_.boundaries().size());
  night_owl_check_.set_count(0);
}

void ContactSet::add_state(StateReader& in, bool with_ledger) {
  night_owl_check_.set_count(night_owl_check_.count() +
                             add_contact_state(in, ledger_.histories(), ledger_.snapshot(),
                                               scene_.boundaries().size(), with_ledger));
}

void ContactSet::export_histories(const std::function<bool(int body)>& leaves, StateWriter& out) {
  polydem::export_histories(ledger_.histories(), leaves, out);
}

namespace {

std::string region_problem(const SubRegion& region, const Shape& shape, const std::string& side) {
  const std::size_t count = region.kind == SubRegionKind::Vertex ? shape.vertices.size()
                            : region.kind == SubRegionKind::Edge ? shape.edges.size()
                                                                 : shape.faces.size();
  if (region.index >= 0 && static_cast<std::size_t>(region.index) < count) return {};
  return "the " + side + " has no " +
         (region.kind == SubRegionKind::Vertex ? "vertex "
          : region.kind == SubRegionKind::Edge ? "edge "
                                               : "face ") +
         std::to_string(region.index);
}

}  // namespace

std::string ContactSet::history_key_problem(const ContactKey& key) const {
  const auto& bodies = scene_.bodies();
  const auto& boundaries = scene_.boundaries();
  const auto body_count = static_cast<int>(bodies.size());
  if (key.body_a < 0 || key.body_a >= body_count ||
      !bodies[static_cast<std::size_t>(key.body_a)].shape)
    return "no body " + std::to_string(key.body_a) + " with a shape";
  const bool boundary = key.body_b < 0;
  if (boundary ? key.boundary < 0 || key.boundary >= static_cast<int>(boundaries.size())
               : key.body_b >= body_count || !bodies[static_cast<std::size_t>(key.body_b)].shape)
    return boundary ? "no boundary " + std::to_string(key.boundary)
                    : "no body " + std::to_string(key.body_b) + " with a shape";
  const Shape& shape_a = *bodies[static_cast<std::size_t>(key.body_a)].shape;
  const Shape& shape_b = boundary ? *boundaries[static_cast<std::size_t>(key.boundary)].shape
                                  : *bodies[static_cast<std::size_t>(key.body_b)].shape;
  std::string problem = region_problem(key.region_a, shape_a, "first side");
  return problem.empty() ? region_problem(key.region_b, shape_b, "second side") : problem;
}

void ContactSet::import_histories(StateReader& in) {
  polydem::import_histories(ledger_.histories(), in);
}

}  // namespace polydem

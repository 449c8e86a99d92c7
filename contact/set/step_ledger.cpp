#include "contact/set/step_ledger.hpp"

#include <algorithm>

namespace polydem {

namespace {

// A contact that becomes active already inside the skin (the hierarchy let it
// go, it became valid next to a contact of a neighbouring sub-region, or two
// degenerations found the same point) brings its normal energy without its
// force having done the work; one that drops out still inside the skin takes
// its energy along. Both are booked where the switch happens: at configuration
// i for a newcomer and at i+1 for a leaver, from the gap of its sub-region
// pair's LCP solution there, valid or not. A contact crossing the skin books
// nothing (its gap there is outside), and the energy of a contact handed over
// to a neighbouring sub-region pair at the same gap cancels out.
double skin_energy(const ContactPairElement& element, double gap) {
  const NormalLaw& law = element.interaction().law();
  return gap > 0 && gap < law.skin() ? law.energy(gap) : 0.0;
}

/// The history a contact leaves at the converged state (eqs. 57–58), its ledger aside.
ContactHistory history_at(const StepContext& ctx, const FrictionParams& friction,
                          const PointwiseOutcome& outcome, const PointwiseStepData& data) {
  ContactHistory updated;
  updated.tangential_gap = recoverable_tangential_gap(
      friction, outcome.status, outcome.tangential_gap, outcome.pressure, outcome.slip_coefficient);
  updated.status = outcome.status;
  updated.normal = outcome.normal;
  updated.damping_force = ctx.dynamic() ? outcome.damping_force : 0.0;
  updated.normal_velocity = outcome.normal_velocity;
  updated.friction = -outcome.friction_force;
  updated.slip_velocity = outcome.slip_velocity;
  updated.spring_energy = 0.5 * friction.stiffness * updated.tangential_gap.squaredNorm();
  updated.event_dashpot = data.event_dashpot;
  return updated;
}

/// The given state's gap turned into the tangent plane of the state's normal, its
/// length kept (eq. 44's rotation to first order), and its status.
void apply_given(const GivenFrictionState& given, const FrictionParams& friction,
                 ContactHistory& updated) {
  const Vec3& n = updated.normal;
  Vec3 gap = given.tangential_gap - n.dot(given.tangential_gap) * n;
  if (const double length = gap.norm(); length > 0) gap *= given.tangential_gap.norm() / length;
  updated.tangential_gap = gap;
  updated.status = given.status;
  updated.spring_energy = 0.5 * friction.stiffness * gap.squaredNorm();
}

}  // namespace

void StepLedger::take_given(const ContactPairElement& element, const PointwiseStepData& data,
                            ContactHistory& updated) const {
  if (const GivenFrictionState* given = find_given(*given_, &element, data.region_a, data.region_b))
    apply_given(*given, element.interaction().friction, updated);
}

StepLedger::StepLedger(const ContactScene& scene, const PairStore& pairs)
    : scene_(scene), pairs_(pairs) {
  snapshot_.boundary_reactions.assign(scene.boundaries().size(), Vec3::Zero());
  snapshot_.boundary_moments.assign(scene.boundaries().size(), Vec3::Zero());
}

// The active contacts of a block of elements and their outcomes, on threads, each
// element into its own buffer, so that settle sums them in element order.
void StepLedger::evaluate_active(const StepContext& ctx, std::size_t first,
                                 std::vector<ElementOutcomes>& outcomes) const {
  const std::vector<PairStore::Slot>& elements = pairs_.slots();
  const int count = static_cast<int>(outcomes.size());
  outcome_threads_.follow_threads(scene_.threads());
  outcome_threads_.run(count, [&](int team) {
#pragma omp parallel for schedule(dynamic, 16) num_threads(team)
    for (int k = 0; k < count; ++k) {
      const ContactPairElement& element = *elements[first + static_cast<std::size_t>(k)].second;
      thread_local std::vector<ActiveContact> active;
      thread_local std::vector<PointwiseOutcome> computed;
      element.collect_active(ctx, active);
      element.outcomes(ctx, active, computed);
      ElementOutcomes& into = outcomes[static_cast<std::size_t>(k)];
      into.clear();
      for (std::size_t c = 0; c < active.size(); ++c) into.emplace_back(active[c], computed[c]);
    }
    return count;
  });
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
StepLedger::Settlement StepLedger::settle(const StepContext& ctx, bool with_records,
                                          ContactHistories* histories_at_state) const {
  // The elements go in blocks, so that the outcomes waiting to be booked take the
  // memory of one block's contacts, not of the whole pack's.
  constexpr std::size_t kBlock = 256;
  Settlement result;
  ContactSnapshot& next = result.snapshot;
  next.damping_dissipation = snapshot_.damping_dissipation;
  next.friction_dissipation = snapshot_.friction_dissipation;
  next.switching_energy = snapshot_.switching_energy;
  next.boundary_reactions.assign(scene_.boundaries().size(), Vec3::Zero());
  next.boundary_moments.assign(scene_.boundaries().size(), Vec3::Zero());
  // About as many contacts as at i: one allocation, not a doubling's spare half.
  const std::size_t expected = histories_.size() + histories_.size() / 8 + 16;
  result.active.reserve(expected);
  if (with_records) next.contacts.reserve(expected);
  const std::vector<PairStore::Slot>& elements = pairs_.slots();
  std::vector<ElementOutcomes> evaluated;
  HistoryUpdates updates;
  for (std::size_t first = 0; first < elements.size(); first += kBlock) {
    evaluated.resize(std::min(kBlock, elements.size() - first));
    evaluate_active(ctx, first, evaluated);
    for (std::size_t k = 0; k < evaluated.size(); ++k) {
      const auto& [id, element] = elements[first + k];
      if (!evaluated[k].empty()) note_explicit_step(*element, ctx, evaluated[k], next);
      updates.clear();
      for (const auto& [active, outcome] : evaluated[k])
        settle_contact(ctx, id, *element, active, outcome, with_records, result, updates);
      if (histories_at_state)
        for (auto& [key, history] : updates) {
          const auto [at, inserted] = histories_at_state->insert_or_assign(key, std::move(history));
          if (inserted) result.active.push_back(&at->second);  // a newcomer's, now in the map
        }
    }
  }
  std::sort(result.active.begin(), result.active.end());
  settle_ended(ctx, result);
  next.boundary_work = snapshot_.boundary_work + boundary_work(ctx, next.boundary_reactions);
  return result;
}

// Contacts that separated or dropped out, in key order. At a commit the map already
// holds the new histories of the active contacts; the others are still those at i.
void StepLedger::settle_ended(const StepContext& ctx, Settlement& result) const {
  ContactSnapshot& next = result.snapshot;
  for (const auto& [key, ended] : histories_) {
    if (std::binary_search(result.active.begin(), result.active.end(), &ended)) continue;
    // A contact handed over keeps its spring energy: its new pair books it.
    if (std::find(result.handed_over.begin(), result.handed_over.end(), key) ==
        result.handed_over.end())
      next.friction_dissipation += ended.spring_energy;
    next.switching_energy -= energy_left_behind(ctx, key);
  }
}

void StepLedger::settle_contact(const StepContext& ctx, const BodyPair& id,
                                const ContactPairElement& element, const ActiveContact& active,
                                const PointwiseOutcome& outcome, bool with_records,
                                Settlement& result, HistoryUpdates& updates) const {
  ContactSnapshot& next = result.snapshot;
  const PointwiseStepData& data = element.step_data(active.candidate);
  const ContactKey key{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b};
  ContactHistory updated = history_at(ctx, element.interaction().friction, outcome, data);
  if (given_) take_given(element, data, updated);
  ContactHistory previous;  // a newcomer: no force at i, where it approached at its onset speed
  previous.normal_velocity = -data.onset_speed;
  previous.slip_velocity = updated.slip_velocity;
  if (const auto found = histories_.find(key); found != histories_.end()) {
    previous = found->second;
    result.active.push_back(&found->second);
  } else {
    next.switching_energy += skin_energy(element, data.gap_i);
    // A contact handed over from its neighbouring pair (candidate_data.cpp)
    // goes on from that pair's state: its force and its spring energy at i.
    if (data.inherited) {
      const ContactKey donor{key.body_a, key.body_b, key.boundary, data.donor_region_a,
                             data.donor_region_b};
      if (const auto found = histories_.find(donor); found != histories_.end()) {
        previous = found->second;
        result.handed_over.push_back(donor);
      }
    }
  }
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
  next.negative_damping += std::max(-damped, 0.0);
  const double skin = element.interaction().skin();
  next.largest_closure =
      std::max(next.largest_closure, (std::min(data.gap_i, skin) - outcome.gap) / skin);
  next.friction_dissipation += rubbed;
  next.stored_energy += updated.ledger.stored_energy;
  if (with_records)
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
  updates.emplace_back(key, updated);
}

ClosestContact StepLedger::closest_contact(const ContactPairElement& element,
                                           const PointwiseOutcome& outcome, double mass) const {
  const NormalLaw& law = element.interaction().law();
  const double closing = std::max(-outcome.normal_velocity, 0.0);
  const BoundarySurface* boundary = element.side_b().boundary;
  return {outcome.gap,
          law.barrier_gap(),
          law.energy(law.barrier_gap()),
          0.5 * mass * closing * closing,
          element.side_a().body,
          element.side_b().body,
          boundary ? static_cast<int>(boundary - scene_.boundaries().data()) : -1};
}

// The paper measures its large steps against the critical step of an explicit
// scheme at the closest gap its contacts reached (§3.6, Fig. 11); the
// snapshot keeps that step for each accepted state.
void StepLedger::note_explicit_step(const ContactPairElement& element, const StepContext& ctx,
                                    const ElementOutcomes& outcomes, ContactSnapshot& next) const {
  const double mass = effective_mass(element.contact_side_a(ctx), element.contact_side_b(ctx));
  for (const auto& [active, outcome] : outcomes) {
    if (outcome.gap < next.closest_gap) next.closest = closest_contact(element, outcome, mass);
    next.closest_gap = std::min(next.closest_gap, outcome.gap);
    next.explicit_critical_step = std::min(next.explicit_critical_step,
                                           element.interaction().critical_step(outcome.gap, mass));
  }
}

// A pair the search dropped was beyond its skin; one whose boundary an action
// removed was released at the step's start (initial_wrenches).
double StepLedger::energy_left_behind(const StepContext& ctx, const ContactKey& key) const {
  const ContactPairElement* element = pairs_.find(BodyPair{key.body_a, key.body_b, key.boundary});
  if (element == nullptr) return 0.0;
  const ContactSide a = element->contact_side_a(ctx), b = element->contact_side_b(ctx);
  const auto contact =
      solve_local_contact_at({a.shape, a.trial}, key.region_a, {b.shape, b.trial}, key.region_b);
  if (!contact || contact->status == LcpStatus::NoSolution) return 0.0;
  return skin_energy(*element, contact->normal_gap);
}

double StepLedger::boundary_work(const StepContext& ctx, const std::vector<Vec3>& reactions) const {
  const std::vector<BoundarySurface>& boundaries = scene_.boundaries();
  double work = 0;
  for (std::size_t s = 0; s < boundaries.size(); ++s) {
    const Vec3 displacement =
        boundaries[s].position_at(ctx.time) - boundaries[s].position_at(ctx.time - ctx.dt);
    const Vec3 before =
        s < snapshot_.boundary_reactions.size() ? snapshot_.boundary_reactions[s] : Vec3::Zero();
    work += 0.5 * (before + reactions[s]).dot(displacement);
  }
  return work;
}

void StepLedger::commit(const StepContext& ctx, bool with_records,
                        const GivenFrictionStates* given) {
  given_ = given;
  // Settling reads the totals and histories, not the records: they go first (`= {}`
  // would keep their capacity).
  snapshot_.contacts = std::vector<ContactRecord>();
  Settlement settled = settle(ctx, with_records, &histories_);
  std::erase_if(histories_, [&](const auto& entry) {
    return !std::binary_search(settled.active.begin(), settled.active.end(), &entry.second);
  });
  snapshot_ = std::move(settled.snapshot);
  given_ = nullptr;
}

ContactEnergyStep StepLedger::energy_step(const StepContext& ctx,
                                          const ContactPartition* partition) const {
  const ContactSnapshot next = settle(ctx, false, nullptr).snapshot;
  std::vector<double> values = {next.stored_energy - snapshot_.stored_energy,
                                next.damping_dissipation - snapshot_.damping_dissipation +
                                    next.friction_dissipation - snapshot_.friction_dissipation,
                                next.boundary_work - snapshot_.boundary_work,
                                next.switching_energy - snapshot_.switching_energy,
                                next.negative_damping};
  // Each process settles the pairs it heads: the step's whole change is the sum.
  if (partition) partition->sum_over_processes(values);
  return {values[0], values[1], values[2], values[3], values[4], next.largest_closure};
}

}  // namespace polydem

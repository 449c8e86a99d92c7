#include "contact/set/initial_wrenches.hpp"

namespace polydem {

namespace {

/// A contact of the configuration the run starts from: its energy is in the
/// initial energy, so its event begins here (in settle it is no newcomer
/// switching on inside the skin, whose energy would be booked twice).
ContactHistory starting_history(const PointwiseOutcome& outcome, const PointwiseStepData& data) {
  ContactHistory start;
  start.normal = outcome.normal;
  start.gap = outcome.gap;
  start.normal_velocity = outcome.normal_velocity;
  start.slip_velocity = outcome.slip_velocity;
  start.event_dashpot = data.event_dashpot;
  start.ledger = {outcome.normal_energy, 0.0, 0.0, data.onset_speed};
  return start;
}

/// Contacts whose pair has no element any more went with a boundary that an
/// action removed: the normal energy they stored leaves the ledger as switching
/// energy and their tangential springs are released (dissipated), here, where
/// the snapshot's stored energy stops counting them.
void release_orphaned(const PairStore& pairs, ContactSnapshot& snapshot,
                      ContactHistories& histories) {
  std::erase_if(histories, [&](const auto& entry) {
    const auto& [key, history] = entry;
    if (pairs.find(BodyPair{key.body_a, key.body_b, key.boundary}) != nullptr) return false;
    snapshot.switching_energy -= history.ledger.stored_energy - history.spring_energy;
    snapshot.friction_dissipation += history.spring_energy;
    return true;
  });
}

}  // namespace

std::vector<Wrench<double>> initial_wrenches(const PairStore& pairs, const StepContext& ctx,
                                             std::span<const NodeState> nodes,
                                             ContactSnapshot& snapshot,
                                             ContactHistories& histories) {
  std::vector<Wrench<double>> wrenches(nodes.size());
  std::vector<ActiveContact> active;
  snapshot.contacts.clear();
  snapshot.stored_energy = 0;
  std::vector<PointwiseOutcome> outcomes;
  for (const auto& [id, element] : pairs.slots()) {
    element->collect_active(ctx, active);
    element->outcomes(ctx, active, outcomes);
    for (std::size_t k = 0; k < active.size(); ++k) {
      const ActiveContact& c = active[k];
      const PointwiseOutcome& outcome = outcomes[k];
      // A contact that goes on from the last accepted state keeps its history,
      // and the energy its tangential spring stores stays in the ledger.
      const PointwiseStepData& data = element->step_data(c.candidate);
      const auto [history, started] = histories.try_emplace(
          ContactKey{id.body_a, id.body_b, id.boundary, data.region_a, data.region_b},
          starting_history(outcome, data));
      const double stored = outcome.normal_energy + (started ? 0.0 : history->second.spring_energy);
      snapshot.contacts.push_back(
          {id.body_a, id.body_b, id.boundary, c.contact.kind, outcome, {stored, 0.0, 0.0, 0.0}});
      snapshot.stored_energy += stored;
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
  release_orphaned(pairs, snapshot, histories);
  return wrenches;
}

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

}  // namespace polydem

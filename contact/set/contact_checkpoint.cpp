#include "contact/set/contact_checkpoint.hpp"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace polydem {

namespace {

void write_region(StateWriter& out, SubRegion region) {
  out.put(static_cast<std::int64_t>(region.kind));
  out.put(static_cast<std::int64_t>(region.index));
}

SubRegion read_region(StateReader& in) {
  const auto kind = static_cast<SubRegionKind>(in.count(3));
  return {kind, static_cast<int>(in.integer())};
}

void write_history(StateWriter& out, const ContactKey& key, const ContactHistory& h) {
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

std::pair<ContactKey, ContactHistory> read_history(StateReader& in) {
  ContactKey key{static_cast<int>(in.integer()),
                 static_cast<int>(in.integer()),
                 static_cast<int>(in.integer()),
                 {},
                 {}};
  key.region_a = read_region(in);
  key.region_b = read_region(in);
  ContactHistory h;
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

// The snapshot's ledger in the order write_contact_state writes it.
std::array<double*, 5> ledger_totals(ContactSnapshot& snapshot) {
  return {&snapshot.damping_dissipation, &snapshot.friction_dissipation, &snapshot.switching_energy,
          &snapshot.boundary_work, &snapshot.stored_energy};
}

}  // namespace

void export_histories(ContactHistories& histories, const std::function<bool(int body)>& leaves,
                      StateWriter& out) {
  std::vector<ContactHistories::iterator> leaving;
  for (auto it = histories.begin(); it != histories.end(); ++it)
    if (leaves(it->first.body_a)) leaving.push_back(it);
  out.put(static_cast<std::int64_t>(leaving.size()));
  for (const auto& it : leaving) {
    write_history(out, it->first, it->second);
    histories.erase(it);
  }
}

void import_histories(ContactHistories& histories, StateReader& in) {
  const std::size_t count = in.count(std::size_t{1} << 40);
  for (std::size_t k = 0; k < count; ++k) histories.insert(read_history(in));
}

std::size_t contact_state_bytes(std::size_t histories, std::size_t boundaries) {
  static const std::size_t kRecordBytes = [] {
    StateWriter one;
    write_history(one, ContactKey{}, ContactHistory{});
    return one.bytes().size();
  }();
  constexpr std::size_t kValue = sizeof(std::int64_t);
  return histories * kRecordBytes + kValue * (7 + 6 * boundaries);
}

void write_contact_state(StateWriter& out, const ContactHistories& histories,
                         const ContactSnapshot& snapshot, std::size_t boundaries, long night_owls) {
  // Sized once: grown by doubling, a pack's state (tens of MB) took up to twice its size.
  out.reserve(out.bytes().size() + contact_state_bytes(histories.size(), boundaries));
  out.put(static_cast<std::int64_t>(histories.size()));
  for (const auto& [key, h] : histories) write_history(out, key, h);
  out.put(snapshot.damping_dissipation);
  out.put(snapshot.friction_dissipation);
  out.put(snapshot.switching_energy);
  out.put(snapshot.boundary_work);
  out.put(snapshot.stored_energy);
  for (std::size_t s = 0; s < boundaries; ++s) {
    out.put(s < snapshot.boundary_reactions.size() ? snapshot.boundary_reactions[s]
                                                   : Vec3(Vec3::Zero()));
    out.put(s < snapshot.boundary_moments.size() ? snapshot.boundary_moments[s]
                                                 : Vec3(Vec3::Zero()));
  }
  out.put(static_cast<std::int64_t>(night_owls));
}

long add_contact_state(StateReader& in, ContactHistories& histories, ContactSnapshot& snapshot,
                       std::size_t boundaries, bool with_ledger) {
  import_histories(histories, in);
  for (double* total : ledger_totals(snapshot)) {
    const double value = in.real();  // read in order whether kept or not
    if (with_ledger) *total += value;
  }
  snapshot.boundary_reactions.resize(boundaries, Vec3::Zero());
  snapshot.boundary_moments.resize(boundaries, Vec3::Zero());
  for (std::size_t s = 0; s < boundaries; ++s) {
    const Vec3 reaction = in.vec3();
    const Vec3 moment = in.vec3();
    if (!with_ledger) continue;
    snapshot.boundary_reactions[s] += reaction;
    snapshot.boundary_moments[s] += moment;
  }
  const long night_owls = in.integer();
  return with_ledger ? night_owls : 0;
}

void clear_contact_state(ContactHistories& histories, ContactSnapshot& snapshot,
                         std::size_t boundaries) {
  histories.clear();
  for (double* total : ledger_totals(snapshot)) *total = 0;
  snapshot.boundary_reactions.assign(boundaries, Vec3::Zero());
  snapshot.boundary_moments.assign(boundaries, Vec3::Zero());
}

}  // namespace polydem

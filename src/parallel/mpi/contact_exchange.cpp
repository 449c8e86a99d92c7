#include "src/parallel/mpi/contact_exchange.hpp"

#include <algorithm>
#include <tuple>

#include "solvers/parallel_runtime.hpp"
#include "src/parallel/mpi/collectives.hpp"

namespace polydem {
namespace {

void write_record(StateWriter& out, const ContactRecord& c) {
  for (const int v : {c.body_a, c.body_b, c.boundary, static_cast<int>(c.kind),
                      static_cast<int>(c.outcome.status)})
    out.put(static_cast<std::int64_t>(v));
  const PointwiseOutcome& o = c.outcome;
  for (const Vec3* v :
       {&o.point, &o.normal, &o.normal_force, &o.friction_force, &o.tangential_gap, &o.sliding})
    out.put(*v);
  out.put(o.slip_velocity);
  for (const double v :
       {o.gap, o.pressure, o.normal_energy, o.damping_power, o.damping_force, o.normal_velocity,
        o.slip_coefficient, c.ledger.stored_energy, c.ledger.damping_dissipation,
        c.ledger.friction_dissipation, c.ledger.onset_speed})
    out.put(v);
}

ContactRecord read_record(StateReader& in) {
  ContactRecord c;
  c.body_a = static_cast<int>(in.integer());
  c.body_b = static_cast<int>(in.integer());
  c.boundary = static_cast<int>(in.integer());
  c.kind = static_cast<Degeneration>(in.integer());
  PointwiseOutcome& o = c.outcome;
  o.status = static_cast<StickSlip>(in.integer());
  for (Vec3* v :
       {&o.point, &o.normal, &o.normal_force, &o.friction_force, &o.tangential_gap, &o.sliding})
    *v = in.vec3();
  o.slip_velocity = in.vec3();
  for (double* v :
       {&o.gap, &o.pressure, &o.normal_energy, &o.damping_power, &o.damping_force,
        &o.normal_velocity, &o.slip_coefficient, &c.ledger.stored_energy,
        &c.ledger.damping_dissipation, &c.ledger.friction_dissipation, &c.ledger.onset_speed})
    *v = in.real();
  return c;
}

// Every additive quantity of a snapshot, in one vector.
std::vector<double> totals_of(const ContactSnapshot& s) {
  std::vector<double> values = {static_cast<double>(s.body_body),
                                static_cast<double>(s.body_boundary),
                                s.stored_energy,
                                s.damping_dissipation,
                                s.friction_dissipation,
                                s.boundary_work,
                                s.switching_energy};
  for (const auto* list : {&s.boundary_reactions, &s.boundary_moments})
    for (const Vec3& v : *list) values.insert(values.end(), {v.x(), v.y(), v.z()});
  return values;
}

void set_totals(ContactSnapshot& s, const std::vector<double>& values) {
  s.body_body = static_cast<int>(values[0]);
  s.body_boundary = static_cast<int>(values[1]);
  s.stored_energy = values[2];
  s.damping_dissipation = values[3];
  s.friction_dissipation = values[4];
  s.boundary_work = values[5];
  s.switching_energy = values[6];
  std::size_t at = 7;
  for (auto* list : {&s.boundary_reactions, &s.boundary_moments})
    for (Vec3& v : *list) {
      v = Vec3(values[at], values[at + 1], values[at + 2]);
      at += 3;
    }
}

std::vector<ContactRecord> every_contact(const std::vector<ContactRecord>& own) {
  StateWriter out;
  for (const ContactRecord& c : own) write_record(out, c);
  std::vector<ContactRecord> all;
  for (const std::string& part : collective::gather_on_first(out.bytes())) {
    StateReader in(part, "contact records");
    while (!in.at_end()) all.push_back(read_record(in));
  }
  // A pair's contacts are all on one process, in candidate order: a stable sort by pair merges.
  std::stable_sort(all.begin(), all.end(), [](const ContactRecord& x, const ContactRecord& y) {
    return std::tie(x.body_a, x.body_b, x.boundary) < std::tie(y.body_a, y.body_b, y.boundary);
  });
  return all;
}

}  // namespace

ContactSnapshot whole_snapshot(const ContactSnapshot& own, bool with_contacts) {
  ContactSnapshot whole;
  static_cast<ContactTotals&>(whole) = own;  // not its contacts: every process's, when asked
  std::vector<double> totals = totals_of(own);
  collective::sum(totals);
  set_totals(whole, totals);
  // Extremes, not sums: the smallest over the processes' parts.
  whole.closest_gap = -collective::max(-own.closest_gap);
  if (!(own.closest.gap <= whole.closest_gap)) whole.closest = ClosestContact{};  // another's
  whole.explicit_critical_step = -collective::max(-own.explicit_critical_step);
  if (with_contacts) whole.contacts = every_contact(own.contacts);
  return whole;
}

StepVerdict agreed_verdict(StepVerdict own) {
  if (collective::any(own == StepVerdict::Penetration)) return StepVerdict::Penetration;
  if (collective::any(own == StepVerdict::NightOwl)) return StepVerdict::NightOwl;
  return StepVerdict::Accept;
}

std::string first_problem(const std::string& own) {
  for (const std::string& problem : collective::gather(own))
    if (!problem.empty()) return problem;
  return {};
}

void move_histories(ContactSet& contact, const BodyOwnership& ownership) {
  std::vector<std::string> to_each(static_cast<std::size_t>(ownership.ranks));
  for (int rank = 0; rank < ownership.ranks; ++rank) {
    if (rank == ownership.rank) continue;
    StateWriter out;
    contact.export_histories(
        [&](int body) { return ownership.owner[static_cast<std::size_t>(body)] == rank; }, out);
    to_each[static_cast<std::size_t>(rank)] = out.bytes();
  }
  for (const std::string& part : collective::exchange(to_each)) {
    if (part.empty()) continue;
    StateReader in(part, "friction histories");
    contact.import_histories(in);
  }
}

}  // namespace polydem

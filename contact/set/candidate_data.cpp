#include "contact/set/candidate_data.hpp"

#include <array>
#include <cmath>
#include <tuple>

#include "contact/pair/closest_points.hpp"

namespace polydem {

namespace {

/// −ġ_n at configuration i: how fast the points close along `normal` (B towards A).
double approach_speed(const ContactSide& a, const ContactSide& b,
                      const ContactPoints<double>& points, const Vec3& normal) {
  if (!normal.allFinite()) return 0.0;
  return -normal.dot(a.velocity_at_i(points.on_a) - b.velocity_at_i(points.on_b));
}

/// What an active contact carries into the step: its friction history and event.
void carry_history(const ContactHistory& history, PointwiseStepData& data) {
  data.active_i = true;
  data.tangential_gap_i = history.tangential_gap;
  data.status_i = history.status;
  data.normal_i = history.normal;
  data.onset_speed = history.ledger.onset_speed;
  data.event_dashpot = history.event_dashpot;
  data.speed_i = std::abs(history.normal_velocity);
}

/// How a neighbouring pair ranks as the heir of a contact whose normal at i
/// was `donor_normal` (lower first): its own normal at i along the donor's
/// (the donor's point goes on there: a vertex leaving a face over its border
/// edge is found by the edge's pair with the face's normal), then of the
/// higher order (the hierarchy keeps vertex–face before vertex–edge before
/// vertex–vertex), then first in sub-region order. A pair whose LCP has no
/// solution at i ranks last.
using HeirRank = std::tuple<double, int, SubRegion, SubRegion>;

HeirRank heir_rank(const Vec3& normal_i, SubRegion region_a, SubRegion region_b,
                   const Vec3& donor_normal) {
  const int order = static_cast<int>(region_a.kind) + static_cast<int>(region_b.kind);
  return HeirRank{-normal_i.dot(donor_normal), -order, region_a, region_b};
}

/// Whether the newcomer whose configuration-i data is `data` (its LCP solved,
/// gap_i huge without a solution) is the heir of `donor`: no other candidate
/// of the element that could take the donor's history over and has none of
/// its own ranks before it.
bool is_heir(const ContactPairElement& element, const ContactSide& a, const ContactSide& b,
             const ContactHistories::value_type& donor, const ContactKey& key,
             const PointwiseStepData& data, const ContactHistories& histories) {
  const Vec3& normal = donor.second.normal;
  const bool own_solved = data.gap_i < PointwiseStepData{}.gap_i;
  const HeirRank own = heir_rank(data.normal_i, key.region_a, key.region_b, normal);
  for (const Candidate& other : element.candidates()) {
    if (other.region_a == key.region_a && other.region_b == key.region_b) continue;
    if (!takes_over_from(donor.first, other.region_a, other.region_b, *a.shape, *b.shape)) continue;
    if (histories.contains({key.body_a, key.body_b, key.boundary, other.region_a, other.region_b}))
      continue;
    const auto solved = solve_local_contact_at({a.shape, a.trial}, other.region_a,
                                               {b.shape, b.trial}, other.region_b);
    if (!solved || solved->status == LcpStatus::NoSolution) continue;
    if (!own_solved || heir_rank(solved->normal, other.region_a, other.region_b, normal) < own)
      return false;
  }
  return true;
}

}  // namespace

// A contact's history goes to one heir. Where the sub-region pair a contact
// leaves has several neighbours (a vertex leaving a face at its corner: both
// edges of the corner, the corner's vertex), each took the same friction
// history, and two of them active at once doubled its spring: ε_t|g_t|²/2
// appeared from nothing (a 60-tetrapod fill stopped when an energy-balance
// error of 4 J rejected its step at every Δt down to the minimum). The heir is
// the neighbour whose normal at i lies nearest the donor's, where the donor's
// point goes on (tests/contact/set/test_history_handover.cpp); the others start
// as new contacts.
const ContactHistory* CandidateData::history(const ContactPairElement& element,
                                             const ContactSide& a, const ContactSide& b,
                                             const ContactKey& key, PointwiseStepData& data) const {
  if (const auto found = histories_.find(key); found != histories_.end()) return &found->second;
  const auto donor = handed_over_history(histories_, key, *a.shape, *b.shape);
  if (donor == histories_.end() || !is_heir(element, a, b, *donor, key, data, histories_))
    return nullptr;
  data.inherited = true;
  data.donor_region_a = donor->first.region_a;
  data.donor_region_b = donor->first.region_b;
  return &donor->second;
}

PointwiseStepData CandidateData::step_data(const ContactPairElement& element,
                                           const StepContext& at_i, const SubRegion& region_a,
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
  const ContactKey key{
      sa.body, sb.body,
      sb.boundary ? static_cast<int>(sb.boundary - scene_.boundaries().data()) : -1, region_a,
      region_b};
  if (const ContactHistory* history = this->history(element, a, b, key, data)) {
    carry_history(*history, data);
  } else {  // a contact event may begin in this step, at the approach speed of configuration i
    const Vec3 direction =
        data.normal_i.norm() > 0 ? data.normal_i : (points.on_a - points.on_b).normalized();
    data.onset_speed = approach_speed(a, b, points, direction);
    data.speed_i = std::abs(data.onset_speed);
    data.event_dashpot =
        element.interaction().event_dashpot(data.onset_speed, step_contact_mass(a, b, data));
  }
  return data;
}

}  // namespace polydem

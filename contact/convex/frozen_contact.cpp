#include "contact/convex/frozen_contact.hpp"

#include <cmath>

namespace polydem {
namespace {

/// x_G of a side at its pose i; a boundary's own position (it has no centre of mass).
Vec3 centre_at_i(const ContactSide& side) {
  return side.trial.pole_position + side.trial.rotation * side.centre_of_mass;
}

/// g_t^i turned into the tangent plane of n^i, its length kept (the rotation Q_c^Δ
/// of eq. 44 from the normal it was stored with, to first order).
Vec3 history_in_plane(const PointwiseStepData& data, const Vec3& normal) {
  if (!data.active_i) return Vec3::Zero();
  const Vec3 in_plane = data.tangential_gap_i - normal.dot(data.tangential_gap_i) * normal;
  const double length = in_plane.norm();
  if (!(length > 0)) return Vec3::Zero();
  return (data.tangential_gap_i.norm() / length) * in_plane;
}

/// The element's sides at configuration i, posed; a boundary where the step starts.
struct SidesAtI {
  ContactSide a, b;
  PosedBody posed_a, posed_b;
};

SidesAtI sides_at_i(const ContactPairElement& element, const StepContext& at_i) {
  const ContactSide a = element.contact_side_a(at_i);
  const ContactSide b = element.contact_side_b(at_i);
  const PosedBody posed_a = PosedBody::of({a.shape, a.trial});
  const PosedBody posed_b = PosedBody::of({b.shape, b.trial});
  return {a, b, posed_a, posed_b};
}

FrozenContact frozen(const ContactPairElement& element, const SidesAtI& at,
                     const ActiveContact& active) {
  const LocalContact& contact = active.contact;
  const Eigen::Vector4d& c = contact.convective;
  const Vec3 point_a =
      at.posed_a.translation +
      at.posed_a.rotation * sub_region_point(*at.a.shape, contact.sub_region_a, c[0], c[1]);
  const Vec3 point_b =
      at.posed_b.translation +
      at.posed_b.rotation * sub_region_point(*at.b.shape, contact.sub_region_b, c[2], c[3]);
  const PointwiseStepData& data = element.step_data(active.candidate);
  const Interaction& interaction = element.interaction();
  FrozenContact f;
  f.element = &element;
  f.region_a = contact.sub_region_a;
  f.region_b = contact.sub_region_b;
  f.body_a = element.side_a().body;
  f.body_b = element.side_b().body;
  f.interaction = &interaction;
  f.arm_a = point_a - centre_at_i(at.a);
  f.arm_b = at.b.has_dofs() ? Vec3(point_b - centre_at_i(at.b)) : Vec3::Zero();
  f.normal = contact.normal;
  f.boundary_velocity = at.b.boundary_velocity;
  f.gap = contact.normal_gap;
  f.mass = step_contact_mass(at.a, at.b, data);
  f.dashpot_coefficient =
      interaction.damping.restitution ? data.event_dashpot : interaction.damping.coefficient;
  f.tangential_gap = history_in_plane(data, f.normal);
  f.status = data.status_i;
  return f;
}

}  // namespace

void freeze_contacts(const ContactPairElement& element, const StepContext& at_i, double reach,
                     std::vector<FrozenContact>& frozen_contacts) {
  thread_local std::vector<ActiveContact> near;
  element.collect_near(at_i, reach, near);
  if (near.empty()) return;
  const SidesAtI at = sides_at_i(element, at_i);
  for (const ActiveContact& active : near) frozen_contacts.push_back(frozen(element, at, active));
}

bool freeze_candidate(const ContactPairElement& element, const StepContext& at_i, int candidate,
                      std::vector<FrozenContact>& frozen_contacts) {
  const Candidate& pair = element.candidates()[static_cast<std::size_t>(candidate)];
  const SidesAtI at = sides_at_i(element, at_i);
  const std::optional<LocalContact> solved =
      solve_local_contact_at(at.posed_a, pair.region_a, at.posed_b, pair.region_b);
  if (!solved || solved->status == LcpStatus::NoSolution) return false;
  frozen_contacts.push_back(frozen(element, at, {candidate, *solved}));
  return true;
}

double frozen_contact_gap_at(const FrozenContact& contact, const StepContext& ctx) {
  const ContactSide a = contact.element->contact_side_a(ctx);
  const ContactSide b = contact.element->contact_side_b(ctx);
  const std::optional<LocalContact> solved =
      solve_local_contact_at(PosedBody::of({a.shape, a.trial}), contact.region_a,
                             PosedBody::of({b.shape, b.trial}), contact.region_b);
  if (!solved || solved->status == LcpStatus::NoSolution) return HUGE_VAL;
  return solved->normal_gap;
}

}  // namespace polydem

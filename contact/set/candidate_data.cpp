#include "contact/set/candidate_data.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "contact/pair/closest_points.hpp"

namespace polydem {

namespace {

/// −ġ_n at configuration i: how fast the points close along `normal` (B towards A).
double approach_speed(const ContactSide& a, const ContactSide& b,
                      const ContactPoints<double>& points, const Vec3& normal) {
  const auto velocity_at = [](const ContactSide& side, const Vec3& x) -> Vec3 {
    if (!side.has_dofs()) return side.boundary_velocity;
    return side.node->velocity + side.node->angular_velocity.cross(x - side.trial.pole_position);
  };
  if (!normal.allFinite()) return 0.0;
  return -normal.dot(velocity_at(a, points.on_a) - velocity_at(b, points.on_b));
}

/// The mesh vertices of a sub-region, ascending; unused entries −1.
std::array<int, 3> region_vertex_ids(const Shape& shape, SubRegion region) {
  std::array<int, 3> ids{-1, -1, -1};
  const auto index = static_cast<std::size_t>(region.index);
  switch (region.kind) {
    case SubRegionKind::Vertex:
      ids[0] = region.index;
      break;
    case SubRegionKind::Edge:
      ids[0] = shape.edges[index].vertices[0];
      ids[1] = shape.edges[index].vertices[1];
      break;
    case SubRegionKind::Face:
      ids = shape.faces[index].vertices;
      break;
  }
  return ids;
}

/// Whether `inner` is a vertex or convex edge of `outer` (a higher sub-region of the same shape).
bool bounds(const Shape& shape, SubRegion inner, SubRegion outer) {
  if (!(inner.kind < outer.kind)) return false;
  if (inner.kind == SubRegionKind::Edge &&
      shape.edges[static_cast<std::size_t>(inner.index)].kind != EdgeKind::Convex)
    return false;
  const std::array<int, 3> outer_ids = region_vertex_ids(shape, outer);
  for (int id : region_vertex_ids(shape, inner))
    if (id >= 0 && std::find(outer_ids.begin(), outer_ids.end(), id) == outer_ids.end())
      return false;
  return true;
}

/// Whether two faces are coplanar triangles of one planar region (they share a flat edge).
bool coplanar_neighbours(const Shape& shape, SubRegion x, SubRegion y) {
  if (x.kind != SubRegionKind::Face || y.kind != SubRegionKind::Face) return false;
  for (int e : shape.faces[static_cast<std::size_t>(x.index)].edges) {
    if (e < 0) continue;
    const ShapeEdge& edge = shape.edges[static_cast<std::size_t>(e)];
    if (edge.kind == EdgeKind::Flat && (edge.faces[0] == y.index || edge.faces[1] == y.index))
      return true;
  }
  return false;
}

/// Whether two sub-regions of a shape are a region and one of its bounding
/// sub-regions, or two triangles of one planar region.
bool neighbours(const Shape& shape, SubRegion x, SubRegion y) {
  return bounds(shape, x, y) || bounds(shape, y, x) || coplanar_neighbours(shape, x, y);
}

}  // namespace

// The same point contact, handed from one sub-region pair to its neighbour: a
// vertex of one side that moves from a face of the other onto the face's
// convex edge (or from an edge onto its vertex, and back), or across the flat
// diagonal between two triangles of a planar face, is one contact, whose
// friction history goes with it. Only one of such a pair is active at a time
// (the hierarchy's rules 2 and 3, contact/local/hierarchy.hpp; one owner of a
// flat edge, local_contact.cpp), so the history is not doubled. Without the
// handover the newcomer started from g_t = 0: a vertex resting on the border
// of a face (bricks of a wall, cubes of a stack with flush sides) lost its
// friction force whenever rounding moved it across, and the active set cycled
// between the two pairs. The energy ledger books the donor's spring energy as
// released and the newcomer's as stored: the two cancel.
const ContactHistory* CandidateData::handed_over(const ContactKey& key,
                                                 const ContactPairElement& element) const {
  const Shape& shape_a = *element.side_a().shape;
  const Shape& shape_b = *element.side_b().shape;
  const SubRegion lowest{SubRegionKind::Vertex, std::numeric_limits<int>::min()};
  for (auto it = histories_.lower_bound({key.body_a, key.body_b, key.boundary, lowest, lowest});
       it != histories_.end() && it->first.body_a == key.body_a && it->first.body_b == key.body_b &&
       it->first.boundary == key.boundary;
       ++it) {
    const ContactKey& donor = it->first;
    const bool same_vertex_a =
        donor.region_a == key.region_a && key.region_a.kind == SubRegionKind::Vertex;
    const bool same_vertex_b =
        donor.region_b == key.region_b && key.region_b.kind == SubRegionKind::Vertex;
    if ((same_vertex_a && neighbours(shape_b, donor.region_b, key.region_b)) ||
        (same_vertex_b && neighbours(shape_a, donor.region_a, key.region_a)))
      return &it->second;
  }
  return nullptr;
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
  const auto found = histories_.find(key);
  const ContactHistory* history =
      found != histories_.end() ? &found->second : handed_over(key, element);
  if (history != nullptr) {
    data.active_i = true;
    data.tangential_gap_i = history->tangential_gap;
    data.status_i = history->status;
    data.normal_i = history->normal;
    data.onset_speed = history->ledger.onset_speed;
    data.event_dashpot = history->event_dashpot;
  } else {  // a contact event may begin in this step, at the approach speed of configuration i
    const Vec3 direction =
        data.normal_i.norm() > 0 ? data.normal_i : (points.on_a - points.on_b).normalized();
    data.onset_speed = approach_speed(a, b, points, direction);
    data.event_dashpot =
        element.interaction().event_dashpot(data.onset_speed, effective_mass(a, b));
  }
  return data;
}

}  // namespace polydem

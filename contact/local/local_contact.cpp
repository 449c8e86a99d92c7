// Dispatcher, side test and the two linearisation routes (closed form and
// operator D, eqs. 47-48) of the degenerated local contact problems.
//
// Every degeneration is evaluated on a "stencil": up to four vertex slots
// (body, vertex id) in the argument order of the primitive functions, plus the
// sign that turns the primitive's "vertex minus other" gap into g = Γ_A − Γ_B.
// Derivatives then follow by the chain rule X(d) → g(X): the primitives give
// ∂g/∂X and Σ w_k ∂²g_k/∂X², the rigid kinematics give ∂x/∂d and the rotation
// part of ∂²x/∂d².
#include "contact/local/local_contact.hpp"

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "contact/local/edge_edge.hpp"
#include "contact/local/facet_location.hpp"
#include "contact/local/vertex_edge.hpp"
#include "contact/local/vertex_face.hpp"
#include "contact/local/vertex_vertex.hpp"

namespace polydem {
namespace {

constexpr int kBodyA = 0;
constexpr int kBodyB = 1;

struct Slot {
  int body = kBodyA;
  int vertex = 0;
};

struct Stencil {
  Degeneration kind = Degeneration::VertexVertex;
  int slot_count = 0;
  std::array<Slot, 4> slots{};
  double sign = 1.0;         // g = sign · primitive gap
  int vertex_body = kBodyA;  // body owning the fixed vertex (VertexFace, VertexEdge)
};

using Positions = std::array<Vec3, 4>;

struct PrimitiveSolution {
  LcpStatus status = LcpStatus::NoSolution;
  Eigen::Vector4d convective = Eigen::Vector4d::Constant(-1.0);
  Vec3 gap = Vec3::Zero();
};

int other(int body) { return 1 - body; }

bool is_flat_edge(const Shape& shape, SubRegion region) {
  return region.kind == SubRegionKind::Edge &&
         shape.edges[static_cast<std::size_t>(region.index)].kind == EdgeKind::Flat;
}

/// The stencil of a sub-region pair into `stencil`; false for a pair without a
/// degeneration (or with a flat edge). Filled in place, field by field: returned
/// by value as an optional (or assigned whole), its ints were stored one by one and
/// copied as vectors, a store-forwarding stall that was most of its 3.5 % of the
/// flagship's profile.
bool make_stencil(const Shape& shape_a, SubRegion region_a, const Shape& shape_b,
                  SubRegion region_b, Stencil& stencil) {
  const std::optional<Degeneration> kind = degeneration_of(region_a.kind, region_b.kind);
  if (!kind || is_flat_edge(shape_a, region_a) || is_flat_edge(shape_b, region_b)) return false;
  std::array<std::array<int, 3>, 2> ids{};
  const std::array<int, 2> counts{region_vertex_ids(shape_a, region_a, ids[0]),
                                  region_vertex_ids(shape_b, region_b, ids[1])};
  // Field by field: a whole Stencil{} assigned here was another such stall.
  stencil.kind = *kind;
  stencil.slot_count = 0;
  // The fixed vertex goes first (primitive argument order); for edge–edge and
  // vertex–vertex body A goes first and no sign flip is needed.
  const bool vertex_first = *kind == Degeneration::VertexFace || *kind == Degeneration::VertexEdge;
  stencil.vertex_body = (vertex_first && region_a.kind != SubRegionKind::Vertex) ? kBodyB : kBodyA;
  stencil.sign = stencil.vertex_body == kBodyA ? 1.0 : -1.0;
  for (const int body : {stencil.vertex_body, other(stencil.vertex_body)}) {
    for (int i = 0; i < counts[static_cast<std::size_t>(body)]; ++i) {
      stencil.slots[static_cast<std::size_t>(stencil.slot_count++)] =
          Slot{body, ids[static_cast<std::size_t>(body)][static_cast<std::size_t>(i)]};
    }
  }
  for (auto k = static_cast<std::size_t>(stencil.slot_count); k < stencil.slots.size(); ++k)
    stencil.slots[k] = Slot{};
  return true;
}

/// Writes the free coordinates of a side into c = (ζ_A, θ_A, ζ_B, θ_B).
void set_side_coordinates(Eigen::Vector4d& c, int body, double zeta, double theta) {
  c[2 * body] = zeta;
  c[2 * body + 1] = theta;
}

LcpStatus status_of(bool valid) { return valid ? LcpStatus::Valid : LcpStatus::OutOfRange; }

struct PairView {
  std::array<const Shape*, 2> shapes;
  std::array<Mat3, 2> rotations;
  std::array<SubRegion, 2> regions;
};

PrimitiveSolution solve_stencil(const Stencil& s, const Positions& x, const LcpTolerances& tol,
                                const PairView& pair) {
  PrimitiveSolution solution;
  switch (s.kind) {
    case Degeneration::VertexFace: {
      const auto c = vertex_face_coordinates(x[0], x[1], x[2], x[3], tol.parallel);
      if (!c) return solution;
      const int face_body = other(s.vertex_body);
      solution.status = status_of(facet_contains(
          *pair.shapes[static_cast<std::size_t>(face_body)],
          pair.regions[static_cast<std::size_t>(face_body)].index, face_weights(*c),
          pair.rotations[static_cast<std::size_t>(face_body)], x[1], x[0], tol.parametric));
      set_side_coordinates(solution.convective, other(s.vertex_body), c->x(), c->y());
      solution.gap = s.sign * vertex_face_gap(x[0], x[1], x[2], x[3]);
      break;
    }
    case Degeneration::EdgeEdge: {
      const auto c = edge_edge_coordinates(x[0], x[1], x[2], x[3], tol.parallel);
      if (!c) return solution;
      solution.status = status_of(edge_edge_coordinates_valid(*c, tol.parametric));
      set_side_coordinates(solution.convective, kBodyA, c->x(), -1.0);
      set_side_coordinates(solution.convective, kBodyB, c->y(), -1.0);
      solution.gap = edge_edge_gap(x[0], x[1], x[2], x[3]);
      break;
    }
    case Degeneration::VertexEdge: {
      const auto zeta = vertex_edge_coordinate(x[0], x[1], x[2]);
      if (!zeta) return solution;
      solution.status = status_of(vertex_edge_coordinate_valid(*zeta, tol.parametric));
      set_side_coordinates(solution.convective, other(s.vertex_body), *zeta, -1.0);
      solution.gap = s.sign * vertex_edge_gap(x[0], x[1], x[2]);
      break;
    }
    case Degeneration::VertexVertex:
      solution.status = LcpStatus::Valid;
      solution.gap = vertex_vertex_gap(x[0], x[1]);
      break;
  }
  return solution;
}

/// ∂g/∂X for g = Γ_A − Γ_B, columns in slot order (unused slots zero).
Mat3x12 stencil_gap_jacobian(const Stencil& s, const Positions& x) {
  Mat3x12 jacobian = Mat3x12::Zero();
  switch (s.kind) {
    case Degeneration::VertexFace:
      jacobian = vertex_face_gap_jacobian(x[0], x[1], x[2], x[3]);
      break;
    case Degeneration::EdgeEdge:
      jacobian = edge_edge_gap_jacobian(x[0], x[1], x[2], x[3]);
      break;
    case Degeneration::VertexEdge:
      jacobian.leftCols<9>() = vertex_edge_gap_jacobian(x[0], x[1], x[2]);
      break;
    case Degeneration::VertexVertex:
      jacobian.leftCols<6>() = vertex_vertex_gap_jacobian();
      break;
  }
  return s.sign * jacobian;
}

/// Σ_k w_k ∂²g_k/∂X∂X for g = Γ_A − Γ_B, in slot order.
Mat12 stencil_gap_hessian(const Stencil& s, const Positions& x, const Vec3& weight) {
  const Vec3 w = s.sign * weight;
  Mat12 hessian = Mat12::Zero();
  switch (s.kind) {
    case Degeneration::VertexFace:
      hessian = vertex_face_gap_hessian(x[0], x[1], x[2], x[3], w);
      break;
    case Degeneration::EdgeEdge:
      hessian = edge_edge_gap_hessian(x[0], x[1], x[2], x[3], w);
      break;
    case Degeneration::VertexEdge:
      hessian.topLeftCorner<9, 9>() = vertex_edge_gap_hessian(x[0], x[1], x[2], w);
      break;
    case Degeneration::VertexVertex:
      break;
  }
  return hessian;
}

/// Outside test of one side (§2.4.5 and the pitfalls note): `away` points from
/// this side's contact point to the other body's point. A face needs it in front
/// of the face; a convex edge or vertex in front of any adjacent face; a concave
/// one in front of all of them (its outside is the intersection of half-spaces).
bool side_is_outside(const Shape& shape, const Mat3& rotation, SubRegion region, const Vec3& away) {
  const auto in_front = [&](int face) {
    return away.dot(rotation * shape.faces[static_cast<std::size_t>(face)].normal) > 0.0;
  };
  // The rim edge of an open sheet has a single face (faces[1] == -1): it is convex.
  const auto has_face = [&](int face) { return face >= 0; };
  const auto index = static_cast<std::size_t>(region.index);
  switch (region.kind) {
    case SubRegionKind::Face:
      return in_front(region.index);
    case SubRegionKind::Edge: {
      const ShapeEdge& edge = shape.edges[index];
      if (!has_face(edge.faces[1])) return in_front(edge.faces[0]);
      return edge.kind == EdgeKind::Concave ? in_front(edge.faces[0]) && in_front(edge.faces[1])
                                            : in_front(edge.faces[0]) || in_front(edge.faces[1]);
    }
    case SubRegionKind::Vertex: {
      const ShapeVertex& vertex = shape.vertices[index];
      bool any = false;
      bool all = true;
      for (const int face : vertex.faces) {
        const bool front = in_front(face);
        any = any || front;
        all = all && front;
      }
      return vertex.kind == VertexKind::Concave ? all && any : any;
    }
  }
  return false;
}

LocalContact make_contact(const Stencil& s, const PairView& pair,
                          const PrimitiveSolution& solution) {
  LocalContact contact;
  contact.kind = s.kind;
  contact.sub_region_a = pair.regions[0];
  contact.sub_region_b = pair.regions[1];
  contact.status = solution.status;
  contact.convective = solution.convective;
  contact.gap = solution.gap;
  contact.normal_gap = solution.gap.norm();
  if (contact.normal_gap > 0.0) contact.normal = solution.gap / contact.normal_gap;
  if (solution.status != LcpStatus::NoSolution) {
    contact.outside =
        side_is_outside(*pair.shapes[0], pair.rotations[0], pair.regions[0], -solution.gap) &&
        side_is_outside(*pair.shapes[1], pair.rotations[1], pair.regions[1], solution.gap);
  }
  return contact;
}

/// Everything the trial-state routes share: stencil, positions, per-slot kinematics.
struct TrialStencil {
  Stencil stencil;
  PairView pair;
  Positions x{};
  std::array<Vec3, 4> x_ref{};
  Mat12 position_jacobian = Mat12::Zero();  // ∂X/∂d (slot rows, DOF columns)
};

std::optional<TrialStencil> make_trial_stencil(const TrialBody& a, SubRegion region_a,
                                               const TrialBody& b, SubRegion region_b) {
  TrialStencil t;
  if (!make_stencil(*a.shape, region_a, *b.shape, region_b, t.stencil)) return std::nullopt;
  const std::array<const TrialBody*, 2> bodies{&a, &b};
  t.pair = PairView{{a.shape, b.shape},
                    {a.state.current_rotation(), b.state.current_rotation()},
                    {region_a, region_b}};
  for (int i = 0; i < t.stencil.slot_count; ++i) {
    const Slot slot = t.stencil.slots[static_cast<std::size_t>(i)];
    const TrialBody& body = *bodies[static_cast<std::size_t>(slot.body)];
    const Vec3& x_ref = body.shape->mesh.vertices[static_cast<std::size_t>(slot.vertex)];
    t.x_ref[static_cast<std::size_t>(i)] = x_ref;
    t.x[static_cast<std::size_t>(i)] = body.state.point(x_ref);
    t.position_jacobian.block<3, 6>(3 * i, 6 * slot.body) = body.state.point_jacobian(x_ref);
  }
  return t;
}

const RigidTrialState& state_of(const TrialBody& a, const TrialBody& b, int body) {
  return body == kBodyA ? a.state : b.state;
}

/// Σ_k w_k ∂²g_k/∂d∂d = Jᵀ (Σ w_k ∂²g_k/∂X²) J + Σ_slots ∂²x_slot/∂α² contracted
/// with the slot's share (∂g/∂x_slot)ᵀ w of the weight.
Mat12 trial_gap_hessian(const TrialStencil& t, const Mat3x12& gap_x, const TrialBody& a,
                        const TrialBody& b, const Vec3& weight) {
  Mat12 hessian = t.position_jacobian.transpose() * stencil_gap_hessian(t.stencil, t.x, weight) *
                  t.position_jacobian;
  for (int i = 0; i < t.stencil.slot_count; ++i) {
    const Slot slot = t.stencil.slots[static_cast<std::size_t>(i)];
    const Vec3 slot_weight = gap_x.middleCols<3>(3 * i).transpose() * weight;
    hessian.block<3, 3>(6 * slot.body + 3, 6 * slot.body + 3) +=
        state_of(a, b, slot.body)
            .point_rotation_hessian(t.x_ref[static_cast<std::size_t>(i)], slot_weight);
  }
  return hessian;
}

}  // namespace

std::optional<Degeneration> degeneration_of(SubRegionKind a, SubRegionKind b) {
  using K = SubRegionKind;
  if (a == K::Vertex && b == K::Vertex) return Degeneration::VertexVertex;
  if (a == K::Edge && b == K::Edge) return Degeneration::EdgeEdge;
  if ((a == K::Vertex && b == K::Face) || (a == K::Face && b == K::Vertex)) {
    return Degeneration::VertexFace;
  }
  if ((a == K::Vertex && b == K::Edge) || (a == K::Edge && b == K::Vertex)) {
    return Degeneration::VertexEdge;
  }
  return std::nullopt;  // face–face and edge–face: represented by lower-order pairs (Fig. 4c)
}

namespace {

/// Solves the stencil's LCP with slot positions from `position_of(slot)`.
template <class PositionOf>
LocalContact solve_with_positions(const Stencil& stencil, const PairView& pair,
                                  const LcpTolerances& tolerances, PositionOf position_of) {
  Positions x{};
  for (int i = 0; i < stencil.slot_count; ++i)
    x[static_cast<std::size_t>(i)] = position_of(stencil.slots[static_cast<std::size_t>(i)]);
  return make_contact(stencil, pair, solve_stencil(stencil, x, tolerances, pair));
}

}  // namespace

std::optional<LocalContact> solve_local_contact(const BodyGeometry& a, SubRegion region_a,
                                                const BodyGeometry& b, SubRegion region_b,
                                                const LcpTolerances& tolerances) {
  Stencil stencil;
  if (!make_stencil(*a.shape, region_a, *b.shape, region_b, stencil)) return std::nullopt;
  const std::array<const BodyGeometry*, 2> bodies{&a, &b};
  const PairView pair{{a.shape, b.shape}, {a.rotation, b.rotation}, {region_a, region_b}};
  return solve_with_positions(stencil, pair, tolerances, [&](const Slot& slot) {
    return bodies[static_cast<std::size_t>(slot.body)]
        ->vertices[static_cast<std::size_t>(slot.vertex)];
  });
}

PosedBody PosedBody::of(const TrialBody& body) {
  return {body.shape, body.state.pole_position + body.state.u_delta, body.state.current_rotation()};
}

std::optional<LocalContact> solve_local_contact_at(const TrialBody& a, SubRegion region_a,
                                                   const TrialBody& b, SubRegion region_b,
                                                   const LcpTolerances& tolerances) {
  return solve_local_contact_at(PosedBody::of(a), region_a, PosedBody::of(b), region_b, tolerances);
}

std::optional<LocalContact> solve_local_contact_at(const PosedBody& a, SubRegion region_a,
                                                   const PosedBody& b, SubRegion region_b,
                                                   const LcpTolerances& tolerances) {
  Stencil stencil;
  if (!make_stencil(*a.shape, region_a, *b.shape, region_b, stencil)) return std::nullopt;
  const std::array<const PosedBody*, 2> bodies{&a, &b};
  const PairView pair{{a.shape, b.shape}, {a.rotation, b.rotation}, {region_a, region_b}};
  return solve_with_positions(stencil, pair, tolerances, [&](const Slot& slot) {
    const PosedBody& body = *bodies[static_cast<std::size_t>(slot.body)];
    return Vec3(body.translation +
                body.rotation * body.shape->mesh.vertices[static_cast<std::size_t>(slot.vertex)]);
  });
}

std::optional<LocalContactLinearisation> linearise_local_contact(
    const TrialBody& a, SubRegion region_a, const TrialBody& b, SubRegion region_b,
    DerivativeOrder order, const LcpTolerances& tolerances) {
  const std::optional<TrialStencil> t = make_trial_stencil(a, region_a, b, region_b);
  if (!t) return std::nullopt;
  const PrimitiveSolution solution = solve_stencil(t->stencil, t->x, tolerances, t->pair);
  if (solution.status == LcpStatus::NoSolution) return std::nullopt;
  LocalContactLinearisation lin;
  lin.contact = make_contact(t->stencil, t->pair, solution);
  const Mat3x12 gap_x = stencil_gap_jacobian(t->stencil, t->x);
  lin.gap_jacobian = gap_x * t->position_jacobian;
  lin.normal_gap_gradient = lin.contact.normal.transpose() * lin.gap_jacobian;
  if (order == DerivativeOrder::First) return lin;
  for (int k = 0; k < 3; ++k) {
    lin.gap_hessians[static_cast<std::size_t>(k)] =
        trial_gap_hessian(*t, gap_x, a, b, Vec3::Unit(k));
  }
  // ∂²|g| = (Gᵀ G − Gᵀ n nᵀ G)/g_n + Σ_k n_k ∂²g_k.
  const Vec3& n = lin.contact.normal;
  if (lin.contact.normal_gap > 0.0) {
    lin.normal_gap_hessian = (lin.gap_jacobian.transpose() * lin.gap_jacobian -
                              lin.normal_gap_gradient.transpose() * lin.normal_gap_gradient) /
                             lin.contact.normal_gap;
  }
  for (int k = 0; k < 3; ++k) {
    lin.normal_gap_hessian += n[k] * lin.gap_hessians[static_cast<std::size_t>(k)];
  }
  return lin;
}

std::optional<Mat12> contracted_gap_hessian(const TrialBody& a, SubRegion region_a,
                                            const TrialBody& b, SubRegion region_b,
                                            const Vec3& weight, const LcpTolerances& tolerances) {
  const std::optional<TrialStencil> t = make_trial_stencil(a, region_a, b, region_b);
  if (!t) return std::nullopt;
  if (solve_stencil(t->stencil, t->x, tolerances, t->pair).status == LcpStatus::NoSolution) {
    return std::nullopt;
  }
  return trial_gap_hessian(*t, stencil_gap_jacobian(t->stencil, t->x), a, b, weight);
}

namespace {

/// One side of eq. (26) at the LCP solution: material point and tangents in the
/// body frame (Γ_,ζ = ½(x2 − x1), Γ_,θ = ½(x3 − x1); zero where the side is degenerated).
struct SideParametrisation {
  Vec3 material_point = Vec3::Zero();
  std::array<Vec3, 2> tangents{Vec3::Zero(), Vec3::Zero()};
};

SideParametrisation side_parametrisation(const Shape& shape, SubRegion region, double zeta,
                                         double theta) {
  std::array<int, 3> ids{};
  const int count = region_vertex_ids(shape, region, ids);
  const auto ref = [&](int i) -> const Vec3& {
    return shape.mesh.vertices[static_cast<std::size_t>(ids[static_cast<std::size_t>(i)])];
  };
  SideParametrisation side;
  const double n1 = -0.5 * (zeta + theta);  // eq. (27)
  const double n2 = 0.5 * (1.0 + zeta);
  const double n3 = 0.5 * (1.0 + theta);
  side.material_point = n1 * ref(0);
  if (count >= 2) {
    side.material_point += n2 * ref(1);
    side.tangents[0] = 0.5 * (ref(1) - ref(0));
  }
  if (count == 3) {
    side.material_point += n3 * ref(2);
    side.tangents[1] = 0.5 * (ref(2) - ref(0));
  }
  return side;
}

/// P_s of eqs. (34)-(36): the coordinates the degeneration leaves free.
Eigen::Matrix<double, 4, Eigen::Dynamic, 0, 4, 2> degeneration_operator(const Stencil& s) {
  std::array<int, 2> free{};
  int count = 0;
  const int far = other(s.vertex_body);
  switch (s.kind) {
    case Degeneration::VertexFace:
      free = {2 * far, 2 * far + 1};
      count = 2;
      break;
    case Degeneration::EdgeEdge:
      free = {0, 2};
      count = 2;
      break;
    case Degeneration::VertexEdge:
      free = {2 * far, 0};
      count = 1;
      break;
    case Degeneration::VertexVertex:
      break;
  }
  Eigen::Matrix<double, 4, Eigen::Dynamic, 0, 4, 2> p =
      Eigen::Matrix<double, 4, Eigen::Dynamic, 0, 4, 2>::Zero(4, count);
  for (int j = 0; j < count; ++j) p(free[static_cast<std::size_t>(j)], j) = 1.0;
  return p;
}

}  // namespace

std::optional<LcpOperators> lcp_operators(const TrialBody& a, SubRegion region_a,
                                          const TrialBody& b, SubRegion region_b,
                                          const LcpTolerances& tolerances) {
  const std::optional<TrialStencil> t = make_trial_stencil(a, region_a, b, region_b);
  if (!t) return std::nullopt;
  const PrimitiveSolution solution = solve_stencil(t->stencil, t->x, tolerances, t->pair);
  if (solution.status == LcpStatus::NoSolution) return std::nullopt;
  const std::array<const TrialBody*, 2> bodies{&a, &b};
  const std::array<SubRegion, 2> regions{region_a, region_b};
  const Vec3& g = solution.gap;

  LcpOperators ops;
  ops.gap_d.setZero();
  ops.residual_d.setZero();
  for (int body = 0; body < 2; ++body) {
    const RigidTrialState& state = bodies[static_cast<std::size_t>(body)]->state;
    const double sign = body == kBodyA ? 1.0 : -1.0;  // g = Γ_A − Γ_B
    const SideParametrisation side = side_parametrisation(
        *bodies[static_cast<std::size_t>(body)]->shape, regions[static_cast<std::size_t>(body)],
        solution.convective[2 * body], solution.convective[2 * body + 1]);
    ops.gap_d.middleCols<6>(6 * body) = sign * state.point_jacobian(side.material_point);
    const Mat3 rotation = state.current_rotation();
    for (int j = 0; j < 2; ++j) {
      const Vec3& tangent = side.tangents[static_cast<std::size_t>(j)];
      const int column = 2 * body + j;
      ops.gap_c.col(column) = sign * rotation * tangent;
      // ∂(g_,c col)/∂d: only the rotation of the tangent moves with d (eq. 26).
      ops.residual_d.block<1, 3>(column, 6 * body + 3) =
          sign * g.transpose() *
          rotated_vector_jacobian(state.alpha_delta, state.rotation * tangent);
    }
  }
  // r_4 = g_,cᵀ g (eq. 30); the parametrisation is linear in c, so r_4,c = g_,cᵀ g_,c.
  ops.residual_c = ops.gap_c.transpose() * ops.gap_c;
  ops.residual_d += ops.gap_c.transpose() * ops.gap_d;
  ops.degeneration = degeneration_operator(t->stencil);
  const Eigen::MatrixXd reduced = ops.degeneration.transpose() * ops.residual_c * ops.degeneration;
  ops.d_operator.setZero();
  if (reduced.rows() > 0) {
    ops.d_operator =
        -ops.degeneration * reduced.inverse() * ops.degeneration.transpose() * ops.residual_d;
  }
  ops.gap_variation = ops.gap_c * ops.d_operator + ops.gap_d;
  return ops;
}

int region_vertex_ids(const Shape& shape, SubRegion region, std::array<int, 3>& ids) {
  const auto index = static_cast<std::size_t>(region.index);
  switch (region.kind) {
    case SubRegionKind::Vertex:
      ids[0] = region.index;
      return 1;
    case SubRegionKind::Edge:
      ids[0] = shape.edges[index].vertices[0];
      ids[1] = shape.edges[index].vertices[1];
      return 2;
    case SubRegionKind::Face:
      ids = shape.faces[index].vertices;
      return 3;
  }
  return 0;
}

Vec3 sub_region_point(const Shape& shape, SubRegion region, double zeta, double theta) {
  return side_parametrisation(shape, region, zeta, theta).material_point;
}

}  // namespace polydem

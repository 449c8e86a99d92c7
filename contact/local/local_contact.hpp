// Dispatcher of the degenerated local contact problems (paper §2.4.1-2.4.6).
//
// A pair of sub-regions (§2.4.3: face, non-flat edge or vertex of each body)
// maps to at most one degeneration (§2.4.2): vertex–face (eq. 34), edge–edge
// (eq. 35), vertex–edge (eq. 36) or vertex–vertex. Face–face and edge–face
// pairs have none: they are represented by their neighbouring lower-order
// pairs (Fig. 4c). Flat edges are not sub-regions.
//
// Conventions (paper eqs. 28-31):
//  * c = (ζ_A, θ_A, ζ_B, θ_B); an edge is the restriction θ = −1 of eq. (27)
//    between its two vertices (x1, x2), a vertex is ζ = θ = −1 (N1 = 1), a face
//    uses its vertices (x1, x2, x3) in the order of ShapeFace::vertices.
//  * g = Γ_A − Γ_B (eq. 29), g_n = |g|, n = g/g_n (eq. 31).
//  * d = (u^Δ_A, α^Δ_A, u^Δ_B, α^Δ_B), 12 DOFs (eq. 28).
//
// Two independent routes give δg (eq. 48):
//  * linearise_local_contact: differentiates the closed-form gap g(X(d)) by the
//    chain rule through the explicit solution c(d); also gives the second
//    derivatives needed by the tangent. This is the production route: it is
//    exact, allocation-free and needs no AD types.
//  * lcp_operators: builds g_,c, g_,d, r_,c, r_,d, the operator D of eq. (47)
//    and δg of eq. (48). D is also what the friction terms (eq. 46) need.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <span>

#include <Eigen/Core>

#include "contact/geometry/shape.hpp"
#include "contact/local/rigid_point.hpp"
#include "src/core/types.hpp"

namespace polydem {

using Mat12 = Eigen::Matrix<double, 12, 12>;
using Mat3x12 = Eigen::Matrix<double, 3, 12>;

enum class SubRegionKind : std::uint8_t { Vertex, Edge, Face };

/// A contact sub-region of one body: an index into Shape::vertices, edges or faces.
struct SubRegion {
  SubRegionKind kind = SubRegionKind::Vertex;
  int index = 0;
  auto operator<=>(const SubRegion&) const = default;
};

/// The degenerations of §2.4.2, in the paper's order (also the sort order of pair queries).
enum class Degeneration : std::uint8_t { VertexFace, EdgeEdge, VertexEdge, VertexVertex };

enum class LcpStatus : std::uint8_t {
  Valid,       ///< solution inside the parametric range of both sub-regions (§2.4.4)
  OutOfRange,  ///< solution exists but lies outside the range: no contact for this pair
  NoSolution,  ///< parallel edges (or a degenerate face): no LCP solution
};

struct LcpTolerances {
  /// Widening of the parametric range (0: the open range of §2.4.4).
  double parametric = 0.0;
  /// Relative determinant |e_A × e_B|²/(|e_A|²|e_B|²) below which edges are parallel.
  double parallel = 1e-12;
};

struct LocalContact {
  Degeneration kind = Degeneration::VertexVertex;
  SubRegion sub_region_a;
  SubRegion sub_region_b;
  LcpStatus status = LcpStatus::NoSolution;
  Eigen::Vector4d convective = Eigen::Vector4d::Constant(-1.0);  ///< c = (ζ_A, θ_A, ζ_B, θ_B)
  Vec3 gap = Vec3::Zero();     ///< g = Γ_A − Γ_B (eq. 29); zero when NoSolution
  double normal_gap = 0.0;     ///< g_n = |g|
  Vec3 normal = Vec3::Zero();  ///< n = g/g_n (eq. 31); zero when g_n = 0
  /// Side test: each point lies outside the other body near its sub-region,
  /// judged by the faces adjacent to the sub-region (vertex–face: sign of g·n_face).
  bool outside = false;

  [[nodiscard]] bool valid() const { return status == LcpStatus::Valid; }
};

/// The degeneration of a pair of sub-region kinds; nullopt for face–face, edge–face, face–edge.
std::optional<Degeneration> degeneration_of(SubRegionKind a, SubRegionKind b);

/// The parametrisation vertices x1, x2, x3 of a sub-region (eq. 26) into `ids`,
/// as many as it has (a face: its representative triangle's); returns the count.
int region_vertex_ids(const Shape& shape, SubRegion region, std::array<int, 3>& ids);

/// The point of sub-region `region` at convective coordinates (ζ, θ) (eq. 26), in the
/// body frame: a vertex's own position at (−1, −1), an edge's at (ζ, −1).
Vec3 sub_region_point(const Shape& shape, SubRegion region, double zeta, double theta);

/// One body seen by the local contact problems: shape and current configuration.
struct BodyGeometry {
  const Shape* shape = nullptr;
  std::span<const Vec3> vertices;    ///< world positions of shape->mesh.vertices
  Mat3 rotation = Mat3::Identity();  ///< body frame → world (rotates face normals)
};

/// Solves, validates and side-tests the LCP of the pair (region_a of a, region_b of b).
/// nullopt when the pair has no degeneration or involves a flat edge.
std::optional<LocalContact> solve_local_contact(const BodyGeometry& a, SubRegion region_a,
                                                const BodyGeometry& b, SubRegion region_b,
                                                const LcpTolerances& tolerances = {});

/// One body at a Newton trial state.
struct TrialBody {
  const Shape* shape = nullptr;
  RigidTrialState state;
};

/// solve_local_contact at Newton trial states, transforming only the vertices
/// the pair's degeneration needs (no whole-shape vertex arrays).
std::optional<LocalContact> solve_local_contact_at(const TrialBody& a, SubRegion region_a,
                                                   const TrialBody& b, SubRegion region_b,
                                                   const LcpTolerances& tolerances = {});

/// A body at a trial state, placed: x = translation + rotation x^r with the
/// rotation Q(α^Δ) Q^i formed once for all the sub-region pairs of a body pair.
struct PosedBody {
  const Shape* shape = nullptr;
  Vec3 translation = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();

  static PosedBody of(const TrialBody& body);
};

/// solve_local_contact_at with the placements already formed.
std::optional<LocalContact> solve_local_contact_at(const PosedBody& a, SubRegion region_a,
                                                   const PosedBody& b, SubRegion region_b,
                                                   const LcpTolerances& tolerances = {});

enum class DerivativeOrder : std::uint8_t { First, Second };

/// Closed-form route: the solved contact with derivatives with respect to d.
struct LocalContactLinearisation {
  LocalContact contact;
  Mat3x12 gap_jacobian = Mat3x12::Zero();  ///< ∂g/∂d: δg = gap_jacobian·δd (eq. 48)
  Eigen::Matrix<double, 1, 12> normal_gap_gradient =
      Eigen::Matrix<double, 1, 12>::Zero();  ///< ∂g_n/∂d = nᵀ ∂g/∂d (δg_n of eq. 39)
  std::array<Mat12, 3> gap_hessians{Mat12::Zero(), Mat12::Zero(),
                                    Mat12::Zero()};  ///< ∂²g_k/∂d∂d (Second only)
  Mat12 normal_gap_hessian = Mat12::Zero();          ///< ∂²g_n/∂d∂d (Second only)
};

/// Solves the pair at the trial states and differentiates through the closed form.
/// nullopt when the pair has no degeneration, a flat edge, or no LCP solution.
/// For a force f on A at the contact (residual f·δg), the tangent is
/// (∂f/∂d)ᵀ gap_jacobian + Σ_k f_k gap_hessians[k].
std::optional<LocalContactLinearisation> linearise_local_contact(
    const TrialBody& a, SubRegion region_a, const TrialBody& b, SubRegion region_b,
    DerivativeOrder order = DerivativeOrder::Second, const LcpTolerances& tolerances = {});

/// Σ_k weight_k ∂²g_k/∂d∂d for one weight vector (cheaper than all three gap_hessians).
std::optional<Mat12> contracted_gap_hessian(const TrialBody& a, SubRegion region_a,
                                            const TrialBody& b, SubRegion region_b,
                                            const Vec3& weight,
                                            const LcpTolerances& tolerances = {});

/// The operators of the master–master linearisation (eqs. 30-33, 47, 48) at the
/// LCP solution, with c = (ζ_A, θ_A, ζ_B, θ_B). Directions a degeneration fixes
/// have zero tangents (and are removed by P_s anyway).
struct LcpOperators {
  Eigen::Matrix<double, 3, 4> gap_c;                               ///< g_,c
  Mat3x12 gap_d;                                                   ///< g_,d at fixed c
  Eigen::Matrix4d residual_c;                                      ///< r_4,c
  Eigen::Matrix<double, 4, 12> residual_d;                         ///< r_4,d
  Eigen::Matrix<double, 4, Eigen::Dynamic, 0, 4, 2> degeneration;  ///< P_s (4×s), eqs. 34-36
  Eigen::Matrix<double, 4, 12> d_operator;  ///< D = −P_s(P_sᵀ r_c P_s)⁻¹P_sᵀ r_d (eq. 47)
  Mat3x12 gap_variation;                    ///< δg = g_,c D + g_,d (eq. 48)
};

/// D-route of eqs. (47)-(48); nullopt in the same cases as linearise_local_contact.
std::optional<LcpOperators> lcp_operators(const TrialBody& a, SubRegion region_a,
                                          const TrialBody& b, SubRegion region_b,
                                          const LcpTolerances& tolerances = {});

}  // namespace polydem

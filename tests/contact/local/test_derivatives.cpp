// Derivatives of the local contact problems with respect to the 12 DOFs
// d = (u^Δ_A, α^Δ_A, u^Δ_B, α^Δ_B) at random non-zero trial states:
//  * closed-form route (∂g/∂d, ∂g_n/∂d, ∂²g_k/∂d², ∂²g_n/∂d²) against central
//    finite differences of the re-solved contact;
//  * the operator D of eq. (47) against finite differences of the convective
//    coordinates, and δg of eq. (48) against the closed-form route.
// The rigid kinematics of eq. (6) are checked in contact/local/test_rigid_point.cpp,
// each degeneration's closed form in contact/local/test_<degeneration>.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <utility>

#include <Eigen/Geometry>

#include "contact/geometry/facets.hpp"
#include "contact/local/local_contact.hpp"
#include "tests/support/finite_differences.hpp"

namespace {

using polydem::Degeneration;
using polydem::Mat12;
using polydem::SubRegion;
using polydem::SubRegionKind;
using polydem::TrialBody;
using polydem::Vec3;
using Vec12 = Eigen::Matrix<double, 12, 1>;

/// Minimal stand-in for the shape builder: faces, edges with their faces and kind, vertices.
polydem::Shape shape_from_mesh(const polydem::TriangleMesh& mesh) {
  polydem::Shape shape;
  shape.mesh = mesh;
  std::map<std::pair<int, int>, std::vector<int>> edge_faces;
  shape.vertices.resize(mesh.vertices.size());
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    const auto& t = mesh.triangles[f];
    const auto x = [&](int i) {
      return mesh.vertices[static_cast<std::size_t>(t[static_cast<std::size_t>(i)])];
    };
    shape.faces.push_back({t, (x(1) - x(0)).cross(x(2) - x(0)).normalized()});
    for (int k = 0; k < 3; ++k) {
      const int a = t[static_cast<std::size_t>(k)];
      const int b = t[static_cast<std::size_t>((k + 1) % 3)];
      edge_faces[{std::min(a, b), std::max(a, b)}].push_back(static_cast<int>(f));
      shape.vertices[static_cast<std::size_t>(a)].faces.push_back(static_cast<int>(f));
    }
  }
  for (const auto& [key, faces] : edge_faces) {
    polydem::ShapeEdge edge;
    edge.vertices = {key.first, key.second};
    edge.faces = {faces[0], faces[1]};
    const auto& f0 = shape.faces[static_cast<std::size_t>(faces[0])];
    const auto& f1 = shape.faces[static_cast<std::size_t>(faces[1])];
    int opposite = 0;
    for (const int v : f1.vertices) {
      if (v != key.first && v != key.second) opposite = v;
    }
    const Vec3 rise = mesh.vertices[static_cast<std::size_t>(opposite)] -
                      mesh.vertices[static_cast<std::size_t>(key.first)];
    if (f0.normal.dot(f1.normal) > 1.0 - 1e-12) {
      edge.kind = polydem::EdgeKind::Flat;
    } else {
      edge.kind = rise.dot(f0.normal) > 0 ? polydem::EdgeKind::Concave : polydem::EdgeKind::Convex;
    }
    const int id = static_cast<int>(shape.edges.size());
    shape.vertices[static_cast<std::size_t>(key.first)].edges.push_back(id);
    shape.vertices[static_cast<std::size_t>(key.second)].edges.push_back(id);
    shape.edges.push_back(edge);
  }
  polydem::build_facets(shape, 1e-4);  // faces not linked to edges: one facet each
  return shape;
}

polydem::Shape tetrahedron(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  // Orient each face outward (the tetrahedron is convex): away from the centroid.
  polydem::TriangleMesh mesh{{a, b, c, d}, {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}};
  const Vec3 centroid = (a + b + c + d) / 4.0;
  for (auto& t : mesh.triangles) {
    const Vec3& p0 = mesh.vertices[static_cast<std::size_t>(t[0])];
    const Vec3 n = (mesh.vertices[static_cast<std::size_t>(t[1])] - p0)
                       .cross(mesh.vertices[static_cast<std::size_t>(t[2])] - p0);
    if (n.dot(p0 - centroid) < 0) std::swap(t[1], t[2]);
  }
  return shape_from_mesh(mesh);
}

struct Random {
  std::mt19937_64 engine{987654321};
  std::uniform_real_distribution<double> unit{-1.0, 1.0};
  double scalar() { return unit(engine); }
  Vec3 vector(double scale = 1.0) { return scale * Vec3(scalar(), scalar(), scalar()); }
  polydem::RigidTrialState state() {
    polydem::RigidTrialState s;
    s.pole_position = vector(0.5);
    s.rotation =
        Eigen::Quaterniond(Eigen::Vector4d(scalar(), scalar(), scalar(), scalar()).normalized())
            .toRotationMatrix();
    s.u_delta = vector(0.2);
    s.alpha_delta = vector(0.4);  // a trial state away from α^Δ = 0
    return s;
  }
};

/// The 12 DOFs d = (u^Δ_A, α^Δ_A, u^Δ_B, α^Δ_B) of two trial bodies.
Vec12 dofs_of(const TrialBody& a, const TrialBody& b) {
  Vec12 d;
  d << a.state.u_delta, a.state.alpha_delta, b.state.u_delta, b.state.alpha_delta;
  return d;
}

/// Central differences (tests/support) of any vector-valued quantity q(d) over the 12 DOFs.
template <class F>
Eigen::MatrixXd central_differences(const TrialBody& a, const TrialBody& b, F&& quantity) {
  return polydem::testing::finite_jacobian(dofs_of(a, b), [&](const Eigen::VectorXd& d) {
    TrialBody ta = a, tb = b;
    ta.state.u_delta = d.segment<3>(0);
    ta.state.alpha_delta = d.segment<3>(3);
    tb.state.u_delta = d.segment<3>(6);
    tb.state.alpha_delta = d.segment<3>(9);
    return Eigen::VectorXd(quantity(ta, tb));
  });
}

double relative_error(double error, double scale) { return error / std::max(1.0, scale); }

struct Pair {
  SubRegion a;
  SubRegion b;
};

/// All sub-region pairs of two tetrahedra that have a degeneration.
std::vector<Pair> candidate_pairs() {
  std::vector<Pair> pairs;
  const std::array<std::pair<SubRegionKind, int>, 3> kinds{
      {{SubRegionKind::Vertex, 4}, {SubRegionKind::Edge, 6}, {SubRegionKind::Face, 4}}};
  for (const auto& [kind_a, count_a] : kinds) {
    for (const auto& [kind_b, count_b] : kinds) {
      if (!polydem::degeneration_of(kind_a, kind_b)) continue;
      for (int i = 0; i < count_a; ++i) {
        for (int j = 0; j < count_b; ++j) pairs.push_back({{kind_a, i}, {kind_b, j}});
      }
    }
  }
  return pairs;
}

struct Errors {
  double gap_jacobian = 0, normal_gradient = 0, gap_hessian = 0, normal_hessian = 0;
  double d_operator = 0, routes = 0, lcp_residual = 0, contracted = 0;
  int evaluations = 0;
};

void check_pair(TrialBody a, TrialBody b, const Pair& pair, Errors& e) {
  const auto lin = polydem::linearise_local_contact(a, pair.a, b, pair.b);
  const auto ops = polydem::lcp_operators(a, pair.a, b, pair.b);
  REQUIRE(lin.has_value() == ops.has_value());
  if (!lin || lin->contact.normal_gap < 1e-3) return;  // parallel, or |g| too small for FD of n
  const auto solved = [&](const TrialBody& ta, const TrialBody& tb) {
    return *polydem::linearise_local_contact(ta, pair.a, tb, pair.b);
  };
  const Eigen::MatrixXd dg =
      central_differences(a, b, [&](auto& ta, auto& tb) { return solved(ta, tb).contact.gap; });
  const Eigen::MatrixXd dgn = central_differences(a, b, [&](auto& ta, auto& tb) {
    return Eigen::Matrix<double, 1, 1>(solved(ta, tb).contact.normal_gap);
  });
  std::array<Eigen::MatrixXd, 3> d_jacobian_rows;  // [k].col(j): ∂(row k of ∂g/∂d)/∂d_j
  for (int k = 0; k < 3; ++k) {
    d_jacobian_rows[static_cast<std::size_t>(k)] = central_differences(
        a, b, [&](auto& ta, auto& tb) { return Vec12(solved(ta, tb).gap_jacobian.row(k)); });
  }
  const Eigen::MatrixXd d_gradient = central_differences(a, b, [&](auto& ta, auto& tb) {
    return Vec12(solved(ta, tb).normal_gap_gradient.transpose());
  });
  // D (eq. 47) is ∂c/∂d: compare with finite differences of the solved coordinates.
  const Eigen::MatrixXd dc = central_differences(
      a, b, [&](auto& ta, auto& tb) { return solved(ta, tb).contact.convective; });
  for (int j = 0; j < 12; ++j) {
    e.gap_jacobian = std::max(
        e.gap_jacobian,
        relative_error((dg.col(j) - lin->gap_jacobian.col(j)).norm(), lin->gap_jacobian.norm()));
    e.normal_gradient =
        std::max(e.normal_gradient, std::abs(dgn(0, j) - lin->normal_gap_gradient(j)));
    for (int k = 0; k < 3; ++k) {
      const auto& hessian = lin->gap_hessians[static_cast<std::size_t>(k)];
      const auto& d_row = d_jacobian_rows[static_cast<std::size_t>(k)];
      e.gap_hessian = std::max(
          e.gap_hessian, relative_error((d_row.col(j) - hessian.col(j)).norm(), hessian.norm()));
    }
    e.normal_hessian =
        std::max(e.normal_hessian,
                 relative_error((d_gradient.col(j) - lin->normal_gap_hessian.col(j)).norm(),
                                lin->normal_gap_hessian.norm()));
    e.d_operator = std::max(
        e.d_operator,
        relative_error((dc.col(j) - ops->d_operator.col(j)).norm(), ops->d_operator.norm()));
  }
  // Eq. (48) through D equals the closed-form chain rule.
  e.routes = std::max(e.routes, relative_error((ops->gap_variation - lin->gap_jacobian).norm(),
                                               lin->gap_jacobian.norm()));
  // The solved coordinates satisfy the degenerated LCP r_s = P_sᵀ g_,cᵀ g = 0 (eq. 33).
  const Eigen::VectorXd r_s =
      ops->degeneration.transpose() * ops->gap_c.transpose() * lin->contact.gap;
  e.lcp_residual = std::max(e.lcp_residual, r_s.size() ? r_s.cwiseAbs().maxCoeff() : 0.0);
  // One contracted Hessian equals the same combination of the component Hessians.
  const Vec3 force(0.3, -1.2, 0.7);
  const Mat12 contracted = *polydem::contracted_gap_hessian(a, pair.a, b, pair.b, force);
  Mat12 combined = Mat12::Zero();
  for (int k = 0; k < 3; ++k) combined += force[k] * lin->gap_hessians[static_cast<std::size_t>(k)];
  e.contracted =
      std::max(e.contracted, (contracted - combined).norm() / std::max(1.0, combined.norm()));
  ++e.evaluations;
}

}  // namespace

TEST_CASE("gap derivatives match central differences for every degeneration",
          "[local_contact][derivatives]") {
  Random random;
  const std::vector<Pair> pairs = candidate_pairs();
  std::map<Degeneration, Errors> errors;
  for (int trial = 0; trial < 12; ++trial) {
    const polydem::Shape shape_a =
        tetrahedron(random.vector(), random.vector(), random.vector(), random.vector());
    const polydem::Shape shape_b =
        tetrahedron(random.vector(), random.vector(), random.vector(), random.vector());
    const TrialBody a{&shape_a, random.state()};
    const TrialBody b{&shape_b, random.state()};
    for (const Pair& pair : pairs) {
      const auto kind = *polydem::degeneration_of(pair.a.kind, pair.b.kind);
      check_pair(a, b, pair, errors[kind]);
    }
  }
  const char* names[] = {"vertex-face", "edge-edge", "vertex-edge", "vertex-vertex"};
  for (const auto& [kind, e] : errors) {
    std::printf(
        "[local_contact] %-13s FD over %d pairs: dg/dd %.1e, dgn/dd %.1e, d2g/dd2 %.1e, "
        "d2gn/dd2 %.1e, D %.1e | D-route vs closed form %.1e, |r_s| %.1e\n",
        names[static_cast<int>(kind)], e.evaluations, e.gap_jacobian, e.normal_gradient,
        e.gap_hessian, e.normal_hessian, e.d_operator, e.routes, e.lcp_residual);
    CHECK(e.evaluations > 20);
    CHECK(e.gap_jacobian < 1e-6);
    CHECK(e.normal_gradient < 1e-6);
    CHECK(e.gap_hessian < 1e-6);
    CHECK(e.normal_hessian < 1e-5);
    CHECK(e.d_operator < 1e-6);
    CHECK(e.routes < 1e-12);
    CHECK(e.lcp_residual < 1e-12);
    CHECK(e.contracted < 1e-13);
  }
  CHECK(errors.size() == 4);
}

TEST_CASE("dispatcher maps sub-region kinds to degenerations", "[local_contact]") {
  using K = SubRegionKind;
  CHECK(polydem::degeneration_of(K::Vertex, K::Face) == Degeneration::VertexFace);
  CHECK(polydem::degeneration_of(K::Face, K::Vertex) == Degeneration::VertexFace);
  CHECK(polydem::degeneration_of(K::Edge, K::Edge) == Degeneration::EdgeEdge);
  CHECK(polydem::degeneration_of(K::Vertex, K::Edge) == Degeneration::VertexEdge);
  CHECK(polydem::degeneration_of(K::Edge, K::Vertex) == Degeneration::VertexEdge);
  CHECK(polydem::degeneration_of(K::Vertex, K::Vertex) == Degeneration::VertexVertex);
  CHECK_FALSE(polydem::degeneration_of(K::Face, K::Face));  // Fig. 4c
  CHECK_FALSE(polydem::degeneration_of(K::Edge, K::Face));
  CHECK_FALSE(polydem::degeneration_of(K::Face, K::Edge));
}

TEST_CASE("dispatcher: parallel edges give no solution, gap sign follows g = Gamma_A - Gamma_B",
          "[local_contact]") {
  const polydem::Shape cube_like =
      tetrahedron(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1));
  TrialBody a{&cube_like, {}};
  TrialBody b{&cube_like, {}};
  b.state.pole_position =
      Vec3(-0.2, -0.2, 2.0);  // pure translation: every edge parallel to its copy
  for (int e = 0; e < 6; ++e) {
    const SubRegion edge{SubRegionKind::Edge, e};
    CHECK_FALSE(polydem::linearise_local_contact(a, edge, b, edge).has_value());
    CHECK_FALSE(polydem::lcp_operators(a, edge, b, edge).has_value());
  }
  // Vertex 3 of A (0,0,1) below face {0,1,2} of B at z = 2: g = Γ_A − Γ_B points down.
  int bottom_face = -1;
  for (int f = 0; f < 4; ++f) {
    if (std::abs(cube_like.faces[static_cast<std::size_t>(f)].normal.z() + 1.0) < 1e-12)
      bottom_face = f;
  }
  REQUIRE(bottom_face >= 0);
  const auto lin = polydem::linearise_local_contact(a, {SubRegionKind::Vertex, 3}, b,
                                                    {SubRegionKind::Face, bottom_face});
  REQUIRE(lin.has_value());
  CHECK(lin->contact.kind == Degeneration::VertexFace);
  CHECK(lin->contact.gap.isApprox(Vec3(0, 0, -1)));
  CHECK(lin->contact.outside);
  CHECK(lin->contact.status == polydem::LcpStatus::Valid);  // projects to (0.2, 0.2) of B's face
  CHECK(lin->contact.convective.tail<2>().isApprox(Eigen::Vector2d(-0.6, -0.6)));
  CHECK(lin->gap_jacobian.allFinite());
}

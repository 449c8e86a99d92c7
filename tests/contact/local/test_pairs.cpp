// Pair query and contact hierarchy on the paper's scenes: parallel faces of two
// cubes (Fig. 4c), a vertex entering a concave corner (Fig. 9) and two pyramids
// apex to apex (Fig. 8); cubes with flush sides; the §3.6 hierarchy rules on
// hand-built contact lists.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <vector>

#include <Eigen/Geometry>

#include "contact/geometry/facets.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/local/hierarchy.hpp"
#include "contact/local/pair_query.hpp"
#include "tests/support/l_prism.hpp"
#include "tests/support/shape_lookup.hpp"

namespace {

using polydem::Degeneration;
using polydem::LocalContact;
using polydem::Shape;
using polydem::SubRegion;
using polydem::SubRegionKind;
using polydem::Vec3;

SubRegion vertex(int i) { return {SubRegionKind::Vertex, i}; }
SubRegion edge(int i) { return {SubRegionKind::Edge, i}; }
SubRegion face(int i) { return {SubRegionKind::Face, i}; }
/// The face sub-region (facet) holding the triangle with vertices `v`.
SubRegion facet(const Shape& shape, std::array<int, 3> v) {
  return face(polydem::facet_of(shape, polydem::test::find_face(shape, v)));
}
/// The face sub-region (facet) holding triangle `f`.
SubRegion facet(const Shape& shape, int f) { return face(polydem::facet_of(shape, f)); }

using polydem::test::find_edge;
using polydem::test::find_face;

using Key = std::tuple<Degeneration, SubRegion, SubRegion>;

std::vector<Key> keys(const std::vector<LocalContact>& contacts) {
  std::vector<Key> result;
  for (const LocalContact& c : contacts)
    result.emplace_back(c.kind, c.sub_region_a, c.sub_region_b);
  return result;
}

std::vector<Key> sorted(std::vector<Key> k) {
  std::sort(k.begin(), k.end());
  return k;
}

/// Square pyramid, apex at the origin, base square of half width `half` at z = height.
polydem::TriangleMesh pyramid(double half, double height) {
  polydem::TriangleMesh mesh;
  mesh.vertices = {Vec3::Zero(), Vec3(-half, -half, height), Vec3(half, -half, height),
                   Vec3(half, half, height), Vec3(-half, half, height)};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 1}, {1, 4, 3}, {1, 3, 2}};
  if (height > 0) {  // the list above is outward for a base below the apex
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
  }
  return mesh;
}

polydem::PairQueryOptions options(double proximity, bool hierarchy = true) {
  polydem::PairQueryOptions o;
  o.proximity = proximity;
  o.apply_hierarchy = hierarchy;
  return o;
}

}  // namespace

TEST_CASE("cube resting on a cube: the pointwise representation of Fig. 4c",
          "[local_contact][pairs]") {
  // A occupies [0,1]² × [−1,0]; its top face is split by the flat diagonal x + y = 1
  // into triangles {4,5,6} and {5,7,6} (make_box numbering: bit0 x, bit1 y, bit2 z).
  // B's bottom face [0.5,1.5] × [0.3,1.3] sits at z = gap, split along x + y = 1.8
  // into {0,2,1} and {1,2,3}. The faces overlap on [0.5,1] × [0.3,1]; its four
  // corners are the contacts of Fig. 4c:
  //  (0.5, 0.3): vertex 0 of B over A's triangle {4,5,6}          (vertex–face)
  //  (1, 1):     vertex 7 of A under B's triangle {1,2,3}          (vertex–face)
  //  (1, 0.3):   A's edge 5–7 (x = 1) crosses B's edge 0–1 (y = 0.3) (edge–edge)
  //  (0.5, 1):   A's edge 6–7 (y = 1) crosses B's edge 0–2 (x = 0.5) (edge–edge)
  // Every other pair is out of range, parallel, on a flat edge or farther than ḡ_n.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const double gap = 0.01;
  const polydem::PosedShape a{cube.get(), Vec3(0.5, 0.5, -0.5)};
  const polydem::PosedShape b{cube.get(), Vec3(1.0, 0.8, 0.5 + gap)};
  const auto contacts = polydem::query_local_contacts(a, b, options(0.05));
  const std::vector<Key> expected = sorted({
      {Degeneration::VertexFace, facet(*cube, {4, 5, 6}), vertex(0)},
      {Degeneration::VertexFace, vertex(7), facet(*cube, {1, 2, 3})},
      {Degeneration::EdgeEdge, edge(find_edge(*cube, 5, 7)), edge(find_edge(*cube, 0, 1))},
      {Degeneration::EdgeEdge, edge(find_edge(*cube, 6, 7)), edge(find_edge(*cube, 0, 2))},
  });
  CHECK(keys(contacts) == expected);  // also checks the deterministic order
  for (const LocalContact& c : contacts) {
    CHECK(c.valid());
    CHECK(c.outside);
    CHECK(c.normal_gap == Approx(gap).epsilon(1e-12));
    CHECK(c.normal.isApprox(Vec3(0, 0, -1)));  // g = Γ_A − Γ_B points from B down to A
  }
  // Swapping the bodies gives the same contacts with A and B exchanged.
  const auto swapped = polydem::query_local_contacts(b, a, options(0.05));
  CHECK(swapped.size() == contacts.size());
}

TEST_CASE("vertex entering a concave corner (Fig. 9)", "[local_contact][pairs]") {
  const auto block = polydem::build_shape(polydem::test::l_prism(), "L-block");
  const auto spike = polydem::build_shape(pyramid(0.3, 1.0), "spike");
  const int concave = find_edge(*block, 3, 9);
  REQUIRE(block->edges[static_cast<std::size_t>(concave)].kind == polydem::EdgeKind::Concave);
  // The apex of B sits at distance δ from the floor and the wall, pointing into the
  // corner: B's axis (+z of its frame) turned to (1, 0, 1)/√2.
  const double delta = 0.02;
  const polydem::PosedShape a{block.get()};
  const polydem::PosedShape b{spike.get(), Vec3(delta, 0.3, delta),
                              Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 4, Vec3::UnitY()))};
  // Floor triangles are split by the diagonal x + y = 1, wall triangles by z = y + 1:
  // the apex projects into floor triangle {2, 9, 3} and wall triangle {3, 10, 9}.
  const SubRegion floor = facet(*block, {2, 9, 3});
  const SubRegion wall = facet(*block, {3, 9, 10});
  SECTION("without the hierarchy: both faces and the concave edge") {
    const auto contacts = polydem::query_local_contacts(a, b, options(0.1, false));
    CHECK(keys(contacts) == sorted({{Degeneration::VertexFace, floor, vertex(0)},
                                    {Degeneration::VertexFace, wall, vertex(0)},
                                    {Degeneration::VertexEdge, edge(concave), vertex(0)}}));
    for (const LocalContact& c : contacts) {
      const double expected_gap =
          c.kind == Degeneration::VertexEdge ? delta * std::sqrt(2.0) : delta;
      CHECK(c.normal_gap == Approx(expected_gap).epsilon(1e-12));
    }
  }
  SECTION("with the hierarchy: the vertex-edge pair is switched off") {
    const auto contacts = polydem::query_local_contacts(a, b, options(0.1));
    CHECK(keys(contacts) == sorted({{Degeneration::VertexFace, floor, vertex(0)},
                                    {Degeneration::VertexFace, wall, vertex(0)}}));
  }
}

TEST_CASE("a vertex crossing the border of a face at a convex edge: one contact, continuous",
          "[local_contact][pairs][hierarchy]") {
  // A spike's apex 10 mm above the unit cube's top face, `d` from its edge
  // x = 0.5 (vertices 5-7): inside the face (d > 0) the face and the edge both
  // reach it; beyond the edge (d < 0) only the edge does.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const auto spike = polydem::build_shape(pyramid(0.3, 1.0), "spike");
  const double height = 0.01;
  const polydem::PosedShape a{cube.get()};
  const SubRegion top = facet(*cube, {5, 7, 6});
  const SubRegion rim = edge(find_edge(*cube, 5, 7));
  const auto apex_at = [&](double d) {
    return polydem::PosedShape{spike.get(), Vec3(0.5 - d, 0.1, 0.5 + height)};
  };
  const double d = 1e-4;
  const auto inside_raw = polydem::query_local_contacts(a, apex_at(d), options(0.02, false));
  CHECK(keys(inside_raw) == sorted({{Degeneration::VertexFace, top, vertex(0)},
                                    {Degeneration::VertexEdge, rim, vertex(0)}}));
  const auto inside = polydem::query_local_contacts(a, apex_at(d), options(0.02));
  const auto beyond = polydem::query_local_contacts(a, apex_at(-d), options(0.02));
  REQUIRE(keys(inside) == std::vector<Key>{{Degeneration::VertexFace, top, vertex(0)}});
  REQUIRE(keys(beyond) == std::vector<Key>{{Degeneration::VertexEdge, rim, vertex(0)}});
  CHECK(inside[0].normal_gap == Approx(height).epsilon(1e-12));
  CHECK(beyond[0].normal_gap == Approx(std::hypot(height, d)).epsilon(1e-12));
  CHECK((inside[0].normal - beyond[0].normal).norm() < 2 * d / height);
}

TEST_CASE("a cube on a cube with flush sides: one contact per corner, whichever way rounding goes",
          "[local_contact][pairs][hierarchy]") {
  // B rests on A shifted by s along x, their sides y = ±0.5 flush: B's bottom
  // vertices lie on the border of A's top face and A's top vertices on the
  // border of B's bottom face. Rounding-sized offsets decide which pairs are
  // valid there; an edge–edge pair at an edge's end then found a vertex's
  // contact a second time (rule 4), at two corners of the four.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const double gap = 0.01;
  for (const double s : {0.3, -0.3})
    for (const double dy : {1e-15, -1e-15, 1e-13, -1e-13})
      for (const double rx : {0.0, 1e-14, -1e-14}) {
        CAPTURE(s, dy, rx);
        const polydem::PosedShape a{cube.get()};
        const polydem::PosedShape b{cube.get(), Vec3(s, dy, 1 + gap),
                                    Eigen::Quaterniond(Eigen::AngleAxisd(rx, Vec3::UnitX()))};
        const auto contacts = polydem::query_local_contacts(a, b, options(0.02));
        CHECK(contacts.size() == 4);
        for (const LocalContact& c : contacts) {
          CHECK(c.kind != Degeneration::EdgeEdge);
          CHECK(c.normal_gap == Approx(gap).epsilon(1e-9));
        }
      }
}

TEST_CASE("cubes corner on corner, offset by micrometres: one contact per corner (rule 5)",
          "[local_contact][pairs][hierarchy]") {
  // B above A with all four sides flush, then moved by a few micrometres sideways (a
  // wall of stacked blocks settling): at each corner B's vertex over A's face, A's vertex
  // under B's edge and the two crossing edges are all valid, one point found three
  // times; counted thrice, the corner's force tripled the moment the corners parted.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const double gap = 0.01;
  for (const double dx : {2e-6, -2e-6, 0.0})
    for (const double dy : {3e-6, -3e-6}) {
      CAPTURE(dx, dy);
      const polydem::PosedShape a{cube.get()};
      const polydem::PosedShape b{cube.get(), Vec3(dx, dy, 1 + gap)};
      const auto raw = polydem::query_local_contacts(a, b, options(0.02, false));
      CHECK(raw.size() > 4);
      const auto contacts = polydem::query_local_contacts(a, b, options(0.02));
      CHECK(contacts.size() == 4);
      for (const LocalContact& c : contacts) CHECK(c.normal_gap == Approx(gap).epsilon(1e-6));
    }
  // Corners apart by more than the tolerance (1e-4 of the bounding radius) stay apart:
  // the overlap's corners of Fig. 4c, here a millimetre from the bodies' own.
  const polydem::PosedShape a{cube.get()};
  const polydem::PosedShape b{cube.get(), Vec3(1e-3, 1e-3, 1 + gap)};
  CHECK(polydem::query_local_contacts(a, b, options(0.02)).size() > 4);
}

TEST_CASE(
    "an edge dipping to an edge beside a vertex that rests over a face: the nearer pair "
    "stands for the point (rule 5)",
    "[local_contact][pairs][hierarchy]") {
  // B's corner (its vertex 0) stands g1 over A's top face, δ inside A's rim edge (5-7).
  // B is turned by φ about y, so that its bottom edge 0-1 leaves that corner across the
  // rim, down for φ > 0: the two edges' distance is g1 cos φ − δ sin φ, their points
  // within rule 5's tolerance of the corner's. A tetrapod pack failed on this (no
  // admissible Newton step): with the corner's pair standing for the point, the edge pair
  // had no barrier and its gap went to 1e-12 while the corner stayed 2e-5 clear.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const auto small = polydem::build_shape(polydem::make_box(0.25, 0.25, 0.25), "small");
  const double g1 = 1e-5;
  const double delta = 2e-5;
  const polydem::PosedShape a{cube.get()};
  const auto turned_by = [&](double phi) {
    const Eigen::Quaterniond turn(Eigen::AngleAxisd(phi, Vec3::UnitY()));
    const Vec3 corner(0.5 - delta, -0.25, 0.5 + g1);
    return polydem::PosedShape{small.get(), corner - turn * Vec3(-0.25, -0.25, -0.25), turn};
  };
  // φ for an edge-edge distance g: g1 cos φ − δ sin φ = g.
  const auto angle_for = [&](double g) {
    return std::acos(g / std::hypot(g1, delta)) - std::atan2(delta, g1);
  };
  const SubRegion top = facet(*cube, {5, 7, 6});
  const SubRegion rim = edge(find_edge(*cube, 5, 7));
  const Key corner_over_face{Degeneration::VertexFace, top, vertex(0)};
  const Key dipping_edge{Degeneration::EdgeEdge, rim, edge(find_edge(*small, 0, 1))};
  const auto gap_of = [](const std::vector<LocalContact>& list, const Key& key) {
    const auto found = std::find_if(list.begin(), list.end(), [&](const LocalContact& c) {
      return Key{c.kind, c.sub_region_a, c.sub_region_b} == key;
    });
    return found == list.end() ? -1.0 : found->normal_gap;
  };
  for (const double edge_gap : {1e-8, 0.8 * g1, 1.2 * g1}) {
    CAPTURE(edge_gap);
    const double phi = angle_for(edge_gap);
    const auto raw = polydem::query_local_contacts(a, turned_by(phi), options(0.02, false));
    CHECK(gap_of(raw, dipping_edge) == Approx(edge_gap).epsilon(1e-4));
    CHECK(gap_of(raw, corner_over_face) == Approx(g1).epsilon(1e-9));
    const auto kept = polydem::query_local_contacts(a, turned_by(phi), options(0.02));
    const bool edge_nearer = edge_gap < g1;
    CHECK((gap_of(kept, dipping_edge) > 0) == edge_nearer);
    CHECK((gap_of(kept, corner_over_face) > 0) == !edge_nearer);
  }
}

TEST_CASE("two pyramids apex to apex (Fig. 8): only the vertex-vertex pair",
          "[local_contact][pairs]") {
  const auto up = polydem::build_shape(pyramid(0.5, -1.0), "pyramid-up");
  const double gap = 0.01;
  const polydem::PosedShape a{up.get()};
  const Eigen::Quaterniond flip_and_turn =
      Eigen::AngleAxisd(M_PI / 4, Vec3::UnitZ()) * Eigen::AngleAxisd(M_PI, Vec3::UnitX());
  const polydem::PosedShape b{up.get(), Vec3(0, 0, gap), flip_and_turn};
  const auto contacts = polydem::query_local_contacts(a, b, options(0.1));
  REQUIRE(keys(contacts) == std::vector<Key>{{Degeneration::VertexVertex, vertex(0), vertex(0)}});
  CHECK(contacts[0].normal_gap == Approx(gap));
  CHECK(contacts[0].normal.isApprox(Vec3(0, 0, -1)));
  // Shifted sideways, B's apex is over a lateral face of A: the vertex-face pair
  // appears and the hierarchy switches the vertex-vertex pair off.
  const polydem::PosedShape shifted{up.get(), Vec3(0.05, 0.0, -0.025 + gap), flip_and_turn};
  const auto off_axis = polydem::query_local_contacts(a, shifted, options(0.1, false));
  const auto with_rules = polydem::query_local_contacts(a, shifted, options(0.1));
  const auto has_kind = [](const std::vector<LocalContact>& list, Degeneration kind) {
    return std::any_of(list.begin(), list.end(),
                       [&](const LocalContact& c) { return c.kind == kind; });
  };
  CHECK(has_kind(off_axis, Degeneration::VertexFace));
  CHECK(has_kind(off_axis, Degeneration::VertexVertex));
  CHECK_FALSE(has_kind(with_rules, Degeneration::VertexVertex));
}

TEST_CASE("hierarchy rules on hand-built contact lists", "[local_contact][hierarchy]") {
  const auto block = polydem::build_shape(polydem::test::l_prism(), "L-block");
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const auto contact = [](Degeneration kind, SubRegion a, SubRegion b) {
    LocalContact c;
    c.kind = kind;
    c.sub_region_a = a;
    c.sub_region_b = b;
    c.status = polydem::LcpStatus::Valid;
    return c;
  };
  const auto survivors = [&](const std::vector<LocalContact>& list, const Shape& sa,
                             const Shape& sb) {
    return keys(polydem::apply_contact_hierarchy(list, sa, sb));
  };
  const int concave = find_edge(*block, 3, 9);
  const auto& faces = block->edges[static_cast<std::size_t>(concave)].faces;
  const LocalContact ve = contact(Degeneration::VertexEdge, edge(concave), vertex(0));
  const LocalContact vf0 = contact(Degeneration::VertexFace, facet(*block, faces[0]), vertex(0));
  const LocalContact vf1 = contact(Degeneration::VertexFace, facet(*block, faces[1]), vertex(0));

  SECTION("vertex-edge off only when the vertex touches both faces of a concave edge") {
    CHECK(survivors({ve, vf0, vf1}, *block, *cube) == keys({vf0, vf1}));
    CHECK(survivors({vf1, ve, vf0}, *block, *cube) == keys({vf1, vf0}));  // order-independent
    CHECK(survivors({ve, vf0}, *block, *cube) == keys({ve, vf0}));
    // Another vertex touching the faces does not switch this pair off.
    const LocalContact other_vertex =
        contact(Degeneration::VertexFace, facet(*block, faces[1]), vertex(1));
    CHECK(survivors({ve, vf0, other_vertex}, *block, *cube).size() == 3);
    // Body sides swapped: edge on B, vertex on A.
    const LocalContact ve_swapped = contact(Degeneration::VertexEdge, vertex(2), edge(concave));
    const LocalContact vf0_swapped =
        contact(Degeneration::VertexFace, vertex(2), facet(*block, faces[0]));
    const LocalContact vf1_swapped =
        contact(Degeneration::VertexFace, vertex(2), facet(*block, faces[1]));
    CHECK(survivors({ve_swapped, vf0_swapped, vf1_swapped}, *cube, *block).size() == 2);
  }
  SECTION("a convex edge's vertex-edge pair is off while the vertex touches either face") {
    const int convex = find_edge(*block, 2, 8);
    REQUIRE(block->edges[static_cast<std::size_t>(convex)].kind == polydem::EdgeKind::Convex);
    const auto& f = block->edges[static_cast<std::size_t>(convex)].faces;
    const LocalContact ve_convex = contact(Degeneration::VertexEdge, edge(convex), vertex(0));
    const LocalContact on_f0 = contact(Degeneration::VertexFace, facet(*block, f[0]), vertex(0));
    const LocalContact on_f1 = contact(Degeneration::VertexFace, facet(*block, f[1]), vertex(0));
    CHECK(survivors({ve_convex, on_f0}, *block, *cube) == keys({on_f0}));
    CHECK(survivors({on_f1, ve_convex}, *block, *cube) == keys({on_f1}));
    CHECK(survivors({ve_convex}, *block, *cube) == keys({ve_convex}));
    // Another vertex on the face does not switch this pair off.
    const LocalContact other_vertex =
        contact(Degeneration::VertexFace, facet(*block, f[0]), vertex(1));
    CHECK(survivors({ve_convex, other_vertex}, *block, *cube).size() == 2);
  }
  SECTION(
      "vertex-vertex off when a face or edge attached to either vertex is active with the other") {
    const LocalContact vv = contact(Degeneration::VertexVertex, vertex(7), vertex(0));
    const auto& faces_a7 = cube->vertices[7].faces;
    const auto& edges_a7 = cube->vertices[7].edges;
    const auto& faces_b0 = cube->vertices[0].faces;
    // A face of A at vertex 7 active with B's vertex 0.
    CHECK(survivors({vv, contact(Degeneration::VertexFace, facet(*cube, faces_a7[0]), vertex(0))},
                    *cube, *cube)
              .size() == 1);
    // An edge of A at vertex 7 active with B's vertex 0.
    CHECK(survivors({vv, contact(Degeneration::VertexEdge, edge(edges_a7[0]), vertex(0))}, *cube,
                    *cube)
              .size() == 1);
    // A face of B at vertex 0 active with A's vertex 7 (the other direction).
    CHECK(survivors({contact(Degeneration::VertexFace, vertex(7), facet(*cube, faces_b0[0])), vv},
                    *cube, *cube)
              .size() == 1);
    // A facet with no triangle at vertex 7 does not count.
    int unrelated = -1;
    for (int f = 0; f < static_cast<int>(cube->faces.size()); ++f) {
      const auto& members = polydem::facet_members(*cube, f);
      const bool at_7 = std::any_of(members.begin(), members.end(), [&](int m) {
        return std::find(faces_a7.begin(), faces_a7.end(), m) != faces_a7.end();
      });
      if (!members.empty() && !at_7) unrelated = f;
    }
    REQUIRE(unrelated >= 0);
    CHECK(
        survivors({vv, contact(Degeneration::VertexFace, face(unrelated), vertex(0))}, *cube, *cube)
            .size() == 2);
    // Alone it stays.
    CHECK(survivors({vv}, *cube, *cube).size() == 1);
  }
  SECTION("edge-edge off when it meets an edge at the end vertex that has its own pair there") {
    // A's edge e (vertices e0 → e1) meets B's edge f at e's end: ζ_A = +1 is e1.
    const int e = find_edge(*cube, 5, 7);
    const int f = find_edge(*cube, 0, 1);
    const auto& ends = cube->edges[static_cast<std::size_t>(e)].vertices;
    const auto& f_faces = cube->edges[static_cast<std::size_t>(f)].faces;
    const auto& f_ends = cube->edges[static_cast<std::size_t>(f)].vertices;
    const auto edge_edge = [&](double zeta_a, double zeta_b) {
      LocalContact c = contact(Degeneration::EdgeEdge, edge(e), edge(f));
      c.convective = Eigen::Vector4d(zeta_a, -1, zeta_b, -1);
      return c;
    };
    const LocalContact at_end = edge_edge(1 - 1e-12, 0.2);
    const LocalContact on_edge = contact(Degeneration::VertexEdge, vertex(ends[1]), edge(f));
    const LocalContact on_face =
        contact(Degeneration::VertexFace, vertex(ends[1]), face(f_faces[0]));
    const LocalContact on_vertex =
        contact(Degeneration::VertexVertex, vertex(ends[1]), vertex(f_ends[0]));
    CHECK(survivors({at_end, on_edge}, *cube, *cube) == keys({on_edge}));
    CHECK(survivors({on_face, at_end}, *cube, *cube) == keys({on_face}));
    CHECK(survivors({at_end, on_vertex}, *cube, *cube) == keys({on_vertex}));
    // The other end's vertex, or a crossing inside both edges, is another point.
    const LocalContact other_end = contact(Degeneration::VertexEdge, vertex(ends[0]), edge(f));
    CHECK(survivors({at_end, other_end}, *cube, *cube).size() == 2);
    CHECK(survivors({edge_edge(0.5, 0.2), on_edge}, *cube, *cube).size() == 2);
    // At B's edge's end, as seen from B's vertex.
    const LocalContact b_end = edge_edge(0.2, -1 + 1e-12);
    const LocalContact b_on_edge = contact(Degeneration::VertexEdge, edge(e), vertex(f_ends[0]));
    CHECK(survivors({b_end, b_on_edge}, *cube, *cube) == keys({b_on_edge}));
    CHECK(survivors({at_end}, *cube, *cube).size() == 1);  // alone it stays
  }
}

TEST_CASE(
    "contact sub-regions skip flat edges and vertices inside planar regions, and a flat side is "
    "one facet",
    "[local_contact][pairs]") {
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const auto regions = polydem::contact_sub_regions(*cube);
  const auto count = [&](SubRegionKind kind) {
    return std::count_if(regions.begin(), regions.end(),
                         [&](const SubRegion& r) { return r.kind == kind; });
  };
  CHECK(count(SubRegionKind::Vertex) == 8);
  CHECK(count(SubRegionKind::Edge) == 12);  // 18 mesh edges, 6 flat diagonals
  CHECK(count(SubRegionKind::Face) == 6);   // one facet per side, two triangles each
  CHECK(std::is_sorted(regions.begin(), regions.end()));
}

TEST_CASE("a vertex crossing a flat face's diagonal: one contact, the same facet, the same gap",
          "[local_contact][pairs][facets]") {
  // The cube's top side is two triangles split along a diagonal through its centre.
  // A spike's apex 10 mm above it, moved across the centre along the other
  // diagonal: before, on and after the split line it meets one face sub-region,
  // the side's facet, at the same gap and normal.
  const auto cube = polydem::build_shape(polydem::make_box(0.5, 0.5, 0.5), "cube");
  const auto spike = polydem::build_shape(pyramid(0.3, 1.0), "spike");
  const SubRegion top = facet(*cube, {5, 7, 6});
  REQUIRE(polydem::facet_members(*cube, top.index).size() == 2);
  const polydem::PosedShape a{cube.get()};
  for (const double s : {-1e-3, -1e-15, 0.0, 1e-15, 1e-3}) {
    for (const Vec3& across : {Vec3(1, -1, 0), Vec3(1, 1, 0)}) {
      const polydem::PosedShape b{spike.get(), Vec3(0, 0, 0.51) + s * across};
      const auto contacts = polydem::query_local_contacts(a, b, options(0.02));
      REQUIRE(keys(contacts) == std::vector<Key>{{Degeneration::VertexFace, top, vertex(0)}});
      CHECK(contacts[0].normal_gap == Approx(0.01).epsilon(1e-12));
      CHECK(contacts[0].normal.isApprox(Vec3(0, 0, -1)));  // from B down to A
    }
  }
}

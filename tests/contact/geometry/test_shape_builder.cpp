// Sub-regions (paper §2.4.3): faces, edges with their convex/concave/flat kind,
// vertices with their convex/concave/saddle kind, and boundary sheets.
#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_checks.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "src/core/errors.hpp"

using namespace polydem;

namespace {

int count_edges(const Shape& shape, EdgeKind kind) {
  return static_cast<int>(std::count_if(shape.edges.begin(), shape.edges.end(),
                                        [&](const ShapeEdge& e) { return e.kind == kind; }));
}

// Prism over the L-shaped hexagon (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), height 1.
// Its only reflex corner is (1,1): the vertical edge there is concave.
TriangleMesh l_prism() {
  const std::vector<Eigen::Vector2d> outline{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  const int n = static_cast<int>(outline.size());
  TriangleMesh prism;
  for (double z : {0.0, 1.0})
    for (const auto& p : outline) prism.vertices.emplace_back(p.x(), p.y(), z);
  for (int k = 1; k + 1 < n; ++k) {  // corner 0 sees the whole L, so a fan triangulates it
    prism.triangles.push_back({0, k + 1, k});
    prism.triangles.push_back({n, n + k, n + k + 1});
  }
  for (int k = 0; k < n; ++k) {
    int next = (k + 1) % n;
    prism.triangles.push_back({k, next, n + next});
    prism.triangles.push_back({k, n + next, n + k});
  }
  return prism;
}

const ShapeEdge& edge_between(const Shape& shape, int a, int b) {
  for (const ShapeEdge& edge : shape.edges)
    if ((edge.vertices[0] == a && edge.vertices[1] == b) ||
        (edge.vertices[0] == b && edge.vertices[1] == a))
      return edge;
  throw std::runtime_error("no such edge");
}

}  // namespace

TEST_CASE("box: convex edges, flat diagonals, convex vertices", "[geometry][shape]") {
  auto shape = build_shape(make_box(1, 2, 3), "box");
  CHECK(shape->name == "box");
  CHECK(shape->faces.size() == 12);
  CHECK(shape->edges.size() == 18);
  CHECK(count_edges(*shape, EdgeKind::Convex) == 12);
  CHECK(count_edges(*shape, EdgeKind::Flat) == 6);
  CHECK(shape->vertices.size() == 8);
  for (const ShapeVertex& vertex : shape->vertices) {
    CHECK(vertex.kind == VertexKind::Convex);
    CHECK_FALSE(vertex.flat);
    CHECK(vertex.faces.size() == vertex.edges.size());  // a closed fan: as many faces as edges
  }
  CHECK(shape->bounding_radius == Approx(std::sqrt(14.0)));
  CHECK(shape->kind == SurfaceKind::ClosedSolid);
  for (const ShapeFace& face : shape->faces) {
    CHECK(face.normal.norm() == Approx(1.0));
    CHECK(face.normal.cwiseAbs().maxCoeff() == Approx(1.0));  // axis aligned
  }
  // Edge orientation contract: vertices[0] → vertices[1] runs counter-clockwise in faces[0].
  for (const ShapeEdge& edge : shape->edges) {
    const auto& tri = shape->faces[edge.faces[0]].vertices;
    bool forward = false;
    for (int k = 0; k < 3; ++k)
      forward |= tri[k] == edge.vertices[0] && tri[(k + 1) % 3] == edge.vertices[1];
    CHECK(forward);
  }
}

TEST_CASE("L-shaped prism: one concave edge, saddle vertices at its ends", "[geometry][shape]") {
  auto shape = build_shape(l_prism(), "L prism");
  CHECK(count_edges(*shape, EdgeKind::Concave) == 1);
  const int reflex_bottom = 3, reflex_top = 6 + 3;
  CHECK(edge_between(*shape, reflex_bottom, reflex_top).kind == EdgeKind::Concave);
  for (int v = 0; v < static_cast<int>(shape->vertices.size()); ++v) {
    INFO("vertex " << v);
    bool reflex = v == reflex_bottom || v == reflex_top;
    CHECK(shape->vertices[v].kind == (reflex ? VertexKind::Saddle : VertexKind::Convex));
  }
  // Cap diagonals are flat, side quads' diagonals too.
  CHECK(count_edges(*shape, EdgeKind::Flat) == 2 * 3 + 6);
  CHECK(count_edges(*shape, EdgeKind::Convex) == 2 * 6 + 5);
}

TEST_CASE("a vertex at the bottom of a pit is concave", "[geometry][shape]") {
  // A box whose top centre is pushed down: the pit's four edges are concave.
  TriangleMesh pit = make_box(1, 1, 1);
  const int centre = static_cast<int>(pit.vertices.size());
  pit.vertices.emplace_back(0, 0, 0.5);
  auto& tri = pit.triangles;
  tri.erase(tri.begin() + 2, tri.begin() + 4);  // the two top triangles: 4 5 6 / 5 7 6
  for (auto [a, b] : {std::pair{4, 5}, {5, 7}, {7, 6}, {6, 4}}) tri.push_back({a, b, centre});
  auto shape = build_shape(pit, "pit");
  CHECK(shape->vertices[centre].kind == VertexKind::Concave);
  CHECK(count_edges(*shape, EdgeKind::Concave) == 4);
  for (int corner : {4, 5, 6, 7}) CHECK(shape->vertices[corner].kind == VertexKind::Saddle);
}

TEST_CASE("classify_edge: ridge, valley and flat within the tolerance", "[geometry][shape]") {
  const Vec3 up = Vec3::UnitZ(), x = Vec3::UnitX();
  const Vec3 down_slope = Vec3(0, -1, 1).normalized(), up_slope = Vec3(0, 1, 1).normalized();
  // Face 0 lies on the +y side of an edge running along +x.
  CHECK(classify_edge(up, down_slope, x, 1e-4) == EdgeKind::Convex);
  CHECK(classify_edge(up, up_slope, x, 1e-4) == EdgeKind::Concave);
  CHECK(classify_edge(up, Vec3(0, -1e-6, 1).normalized(), x, 1e-4) == EdgeKind::Flat);
  CHECK(classify_edge(up, Vec3(0, -1e-3, 1).normalized(), x, 1e-4) == EdgeKind::Convex);
}

TEST_CASE("an interior vertex of a planar region is flat", "[geometry][shape]") {
  TriangleMesh box = make_box(1, 1, 1);
  const int centre = static_cast<int>(box.vertices.size());
  box.vertices.emplace_back(0, 0, 1);
  box.triangles.erase(box.triangles.begin() + 2, box.triangles.begin() + 4);
  for (auto [a, b] : {std::pair{4, 5}, {5, 7}, {7, 6}, {6, 4}})
    box.triangles.push_back({a, b, centre});
  auto shape = build_shape(box, "box with centre");
  CHECK(shape->vertices[centre].flat);
  CHECK(shape->vertices[centre].kind == VertexKind::Convex);
}

TEST_CASE("invalid meshes are refused with the shape's name", "[geometry][shape]") {
  TriangleMesh open = make_box(1, 1, 1);
  open.triangles.pop_back();
  CHECK_THROWS_WITH(build_shape(open, "rock.stl"),
                    Catch::Contains("rock.stl") && Catch::Contains("open edge"));
}

TEST_CASE("planar rectangle: one-sided sheet with convex rim", "[geometry][boundary]") {
  PlanarRectangle ground;
  ground.center = Vec3(1, 2, 3);
  ground.normal = Vec3(0, 0, 2);
  ground.u_direction = Vec3(1, 1, 0.5);  // projected into the plane
  ground.length_u = 4;
  ground.length_v = 2;
  TriangleMesh mesh = make_planar_rectangle(ground);
  CHECK_FALSE(check_mesh(mesh).valid());  // not a closed solid
  auto shape = build_boundary_shape(mesh, "ground");
  CHECK(shape->kind == SurfaceKind::OpenSheet);
  for (const ShapeFace& face : shape->faces) CHECK((face.normal - Vec3::UnitZ()).norm() < 1e-15);
  CHECK(count_edges(*shape, EdgeKind::Flat) == 1);
  CHECK(count_edges(*shape, EdgeKind::Convex) == 4);
  for (const ShapeEdge& edge : shape->edges)
    if (edge.kind == EdgeKind::Convex) CHECK(edge.faces[1] == -1);
  CHECK((mesh.vertices[2] - mesh.vertices[0]).norm() == Approx(std::sqrt(20.0)));
  CHECK((mesh.vertices[1] - mesh.vertices[0]).normalized().dot(Vec3(1, 1, 0).normalized()) ==
        Approx(1.0));

  ground.u_direction = Vec3(0, 0, 1);
  CHECK_THROWS_AS(make_planar_rectangle(ground), InputError);
}

TEST_CASE("box container: inward normals, concave inner edges, convex rim",
          "[geometry][boundary]") {
  BoxContainer container;
  container.center = Vec3(0, 0, 1);
  container.half_extents = Vec3(2, 3, 1);
  auto open = build_boundary_shape(make_box_container(container), "open box");
  CHECK(open->faces.size() == 10);
  for (const ShapeFace& face : open->faces) {
    Vec3 centroid = Vec3::Zero();
    for (int v : face.vertices) centroid += open->mesh.vertices[v] / 3;
    CHECK(face.normal.dot(container.center - centroid) > 0);  // towards the inside
  }
  CHECK(count_edges(*open, EdgeKind::Concave) == 8);  // 4 floor edges + 4 vertical corners
  CHECK(count_edges(*open, EdgeKind::Convex) == 4);   // the rim
  CHECK(count_edges(*open, EdgeKind::Flat) == 5);

  container.open_top = false;
  TriangleMesh closed = make_box_container(container);
  CHECK(check_mesh(closed).closed());
  CHECK_FALSE(check_mesh(closed).outward());
  auto shut = build_boundary_shape(closed, "closed box");
  CHECK(count_edges(*shut, EdgeKind::Concave) == 12);
  for (const ShapeVertex& vertex : shut->vertices) CHECK(vertex.kind == VertexKind::Concave);
}

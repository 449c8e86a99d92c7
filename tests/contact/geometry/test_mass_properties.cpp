// Mass properties by the divergence theorem against closed forms.
#include <Eigen/Geometry>
#include <catch2/catch.hpp>
#include <cmath>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/mass_properties.hpp"
#include "contact/geometry/mesh_transform.hpp"

using namespace polydem;

namespace {

bool near(const Mat3& a, const Mat3& b, double tolerance) {
  return (a - b).norm() <= tolerance * b.norm();
}

}  // namespace

TEST_CASE("box: volume, centre and inertia match the closed form", "[geometry][mass]") {
  const double hx = 0.5, hy = 1.5, hz = 2.0, density = 7.8;
  MassProperties box = mass_properties(make_box(hx, hy, hz), density);
  const double volume = 8 * hx * hy * hz, mass = density * volume;
  CHECK(box.volume == Approx(volume).epsilon(1e-14));
  CHECK(box.mass == Approx(mass).epsilon(1e-14));
  CHECK(box.centre_of_mass.norm() < 1e-14);
  // I_xx = m (hy² + hz²) / 3 for half extents.
  Mat3 expected = Vec3(hy * hy + hz * hz, hx * hx + hz * hz, hx * hx + hy * hy).asDiagonal();
  CHECK(near(box.inertia, mass / 3 * expected, 1e-14));
}

TEST_CASE("regular tetrahedron: isotropic inertia m a²/20", "[geometry][mass]") {
  const double edge = 1.7, density = 2.5;
  MassProperties tet = mass_properties(make_tetrahedron_with_edge(edge), density);
  const double volume = std::pow(edge, 3) / (6 * std::sqrt(2.0));
  CHECK(tet.volume == Approx(volume).epsilon(1e-14));
  CHECK(tet.centre_of_mass.norm() < 1e-14);  // the generator centres it on its circumcentre
  CHECK(near(tet.inertia, density * volume * edge * edge / 20 * Mat3::Identity(), 1e-13));
}

TEST_CASE("corner tetrahedron (0, e1, e2, e3): off-diagonal products of inertia",
          "[geometry][mass]") {
  TriangleMesh tet;
  tet.vertices = {Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
  tet.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  MassProperties p = mass_properties(tet);
  CHECK(p.volume == Approx(1.0 / 6));
  CHECK((p.centre_of_mass - Vec3::Constant(0.25)).norm() < 1e-15);
  // About the origin: ∫x² = 1/60, ∫xy = 1/120; shift by the parallel-axis theorem.
  Mat3 second_moment = Mat3::Constant(1.0 / 120) + Mat3::Identity() / 120;
  Mat3 central = second_moment - p.volume * Vec3::Constant(0.25) * Vec3::Constant(0.25).transpose();
  CHECK(near(p.inertia, central.trace() * Mat3::Identity() - central, 1e-14));
}

TEST_CASE("rotated and translated box: the closed form rotated and moved", "[geometry][mass]") {
  const double hx = 0.3, hy = 0.7, hz = 1.1;
  MeshTransform placement{2.0, Vec3(30, -45, 110), Vec3(100.0, -250.0, 42.0)};
  MassProperties moved = mass_properties(transformed(make_box(hx, hy, hz), placement));
  const double s = placement.scale, volume = 8 * hx * hy * hz * s * s * s;
  Mat3 local = volume / 3 * s * s *
               Mat3(Vec3(hy * hy + hz * hz, hx * hx + hz * hz, hx * hx + hy * hy).asDiagonal());
  Mat3 rotation = placement.rotation();
  CHECK(moved.volume == Approx(volume).epsilon(1e-12));
  CHECK((moved.centre_of_mass - placement.translation).norm() < 1e-11);
  CHECK(near(moved.inertia, rotation * local * rotation.transpose(), 1e-11));
}

TEST_CASE("mesh placement applies Rz·Ry·Rx in degrees", "[geometry][mass]") {
  MeshTransform quarter{1.0, Vec3(0, 0, 90), Vec3::Zero()};
  CHECK((quarter.rotation() * Vec3::UnitX() - Vec3::UnitY()).norm() < 1e-15);
  MeshTransform two{1.0, Vec3(90, 90, 0), Vec3::Zero()};
  // x first: e2 → e3, then y: e3 → e1.
  CHECK((two.rotation() * Vec3::UnitY() - Vec3::UnitX()).norm() < 1e-15);
}

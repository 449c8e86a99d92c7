// contact/local/projection_gap.hpp: the plane- and line-projection gaps that
// the vertex-face, edge-edge and vertex-edge primitives are written with, here
// for slot patterns none of them uses (every slot in every role, both signs).
//  * the value against its defining conditions: the plane gap g is normal to
//    e1 and e2 and w − g lies in their plane; the line gap is normal to e and
//    w − g lies along it;
//  * the Jacobian and weighted Hessian against central differences (tests/support).
#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include "contact/local/projection_gap.hpp"
#include "tests/contact/local/primitive_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;
using polydem::detail::LineProjection;
using polydem::detail::PlaneProjection;

namespace {

// w = x3 − x0, e1 = x1 − x2, e2 = x0 − x1 (X = (x0, x1, x2, x3)).
constexpr PlaneProjection kPlaneForm{{3, 0}, {1, 2}, {0, 1}};
// w = x2 − x1, e = x0 − x2 (X = (x0, x1, x2)).
constexpr LineProjection kLineForm{{2, 1}, {0, 2}};

std::array<Vec3, 4> plane_slots(const Eigen::VectorXd& x) {
  return {slot(x, 0), slot(x, 1), slot(x, 2), slot(x, 3)};
}

std::array<Vec3, 3> line_slots(const Eigen::VectorXd& x) {
  return {slot(x, 0), slot(x, 1), slot(x, 2)};
}

Vec3 plane_gap(const Eigen::VectorXd& x) {
  return detail::plane_projection_gap(plane_slots(x), kPlaneForm);
}

Vec3 line_gap(const Eigen::VectorXd& x) {
  return detail::line_projection_gap(line_slots(x), kLineForm);
}

}  // namespace

TEST_CASE("plane projection gap: normal to e1 and e2, w - g in their plane",
          "[local_contact][lcp]") {
  Sampler sampler;
  DerivativeErrors errors;
  for (int trial = 0; trial < 300; ++trial) {
    const std::array<Vec3, 4> x{sampler.point(), sampler.point(), sampler.point(), sampler.point()};
    const Vec3 w = x[3] - x[0], e1 = x[1] - x[2], e2 = x[0] - x[1];
    if (e1.norm() < 0.3 || e2.norm() < 0.3 ||
        e1.cross(e2).squaredNorm() < 0.1 * e1.squaredNorm() * e2.squaredNorm())
      continue;
    const Vec3 g = detail::plane_projection_gap(x, kPlaneForm);
    const double scale = std::max(1.0, w.norm());
    CHECK(std::abs(g.dot(e1.normalized())) < 1e-14 * scale);
    CHECK(std::abs(g.dot(e2.normalized())) < 1e-14 * scale);
    CHECK(std::abs((w - g).dot(e1.cross(e2).normalized())) < 1e-14 * scale);
    compare_with_central_differences(
        stacked(x), sampler.point(), plane_gap,
        [](const Eigen::VectorXd& y) {
          return detail::plane_projection_gap_jacobian(plane_slots(y), kPlaneForm);
        },
        [](const Eigen::VectorXd& y, const Vec3& weight) {
          return detail::plane_projection_gap_hessian(plane_slots(y), kPlaneForm, weight);
        },
        errors);
  }
  errors.print("plane form");
  CHECK(errors.checked > 100);
  CHECK(errors.finite);
  CHECK(errors.jacobian < 1e-8);
  CHECK(errors.hessian < 1e-7);
  CHECK(errors.second_differences < 1e-5);
  CHECK(errors.asymmetry < 1e-12);
}

TEST_CASE("line projection gap: normal to e, w - g along it", "[local_contact][lcp]") {
  Sampler sampler;
  DerivativeErrors errors;
  for (int trial = 0; trial < 300; ++trial) {
    const std::array<Vec3, 3> x{sampler.point(), sampler.point(), sampler.point()};
    const Vec3 w = x[2] - x[1], e = x[0] - x[2];
    if (e.norm() < 0.3) continue;
    const Vec3 g = detail::line_projection_gap(x, kLineForm);
    const double scale = std::max(1.0, w.norm());
    CHECK(std::abs(g.dot(e.normalized())) < 1e-14 * scale);
    CHECK((w - g).cross(e.normalized()).norm() < 1e-14 * scale);
    compare_with_central_differences(
        stacked(x), sampler.point(), line_gap,
        [](const Eigen::VectorXd& y) {
          return detail::line_projection_gap_jacobian(line_slots(y), kLineForm);
        },
        [](const Eigen::VectorXd& y, const Vec3& weight) {
          return detail::line_projection_gap_hessian(line_slots(y), kLineForm, weight);
        },
        errors);
  }
  errors.print("line form");
  CHECK(errors.checked > 100);
  CHECK(errors.finite);
  CHECK(errors.jacobian < 1e-8);
  CHECK(errors.hessian < 1e-7);
  CHECK(errors.second_differences < 1e-5);
  CHECK(errors.asymmetry < 1e-12);
}

// contact/local/vertex_vertex.hpp: no LCP, g = p − q. The value by hand, the
// constant Jacobian against central differences (tests/support) and the zero
// second derivative against second differences.
#include <catch2/catch.hpp>

#include "contact/local/vertex_vertex.hpp"
#include "tests/contact/local/primitive_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

Vec3 gap_at(const Eigen::VectorXd& x) { return vertex_vertex_gap(slot(x, 0), slot(x, 1)); }

}  // namespace

TEST_CASE("vertex-vertex gap is the difference of the vertices", "[local_contact][lcp]") {
  const Vec3 p(1.0, 2.0, 3.0), q(-1.0, 0.5, 2.0);
  CHECK((vertex_vertex_gap(p, q) - Vec3(2.0, 1.5, 1.0)).norm() == 0.0);
  Eigen::Matrix<double, 6, 1> x;
  x << p, q;
  CHECK((vertex_vertex_gap_jacobian() * x - (p - q)).norm() < 1e-15);
}

TEST_CASE("vertex-vertex gap derivatives match central differences",
          "[local_contact][derivatives]") {
  Sampler sampler;
  double jacobian_error = 0, second_difference = 0;
  int checked = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::VectorXd x = stacked(std::array<Vec3, 2>{sampler.point(), sampler.point()});
    const Vec3 weight = sampler.point();
    jacobian_error = std::max(jacobian_error, relative_max_error(vertex_vertex_gap_jacobian(),
                                                                 finite_jacobian(x, gap_at)));
    const auto weighted_gap = [&](const Eigen::VectorXd& y) { return weight.dot(gap_at(y)); };
    second_difference =
        std::max(second_difference, finite_hessian(x, weighted_gap).cwiseAbs().maxCoeff());
    ++checked;
  }
  std::printf(
      "[local_contact] vertex-vertex FD over %d configurations: dg/dX %.1e, |d2g/dX2| %.1e\n",
      checked, jacobian_error, second_difference);
  CHECK(jacobian_error < 1e-9);
  CHECK(second_difference < 1e-7);
}

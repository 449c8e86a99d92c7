// The convex step's function (src/analysis/convex/convex_step.hpp) on a small
// scene of two bodies and three frozen contacts: its Hessian against finite
// differences of its gradient (the shared helper), and the minimisation
// reaching ∇ℓ = 0 with every linearised gap positive from a start that
// would cross a barrier.
#include <catch2/catch.hpp>

#include "src/analysis/convex/convex_step.hpp"
#include "tests/support/finite_differences.hpp"
#include "tests/support/law_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kDt = 4e-3;

struct Scene {
  std::shared_ptr<const Interaction> law;
  ConvexStep step;
};

FrozenContact contact(const Interaction& law, int a, int b, const Vec3& normal, double gap,
                      const Vec3& arm_a, const Vec3& arm_b) {
  FrozenContact c;
  c.body_a = a;
  c.body_b = b;
  c.interaction = &law;
  c.normal = normal.normalized();
  c.gap = gap;
  c.arm_a = arm_a;
  c.arm_b = arm_b;
  c.mass = 1.0;
  c.dashpot_coefficient = law.damping.coefficient;
  c.tangential_gap = Vec3(1e-6, -2e-6, 0) - c.normal.dot(Vec3(1e-6, -2e-6, 0)) * c.normal;
  return c;
}

std::unique_ptr<Scene> two_bodies() {
  auto scene = std::make_unique<Scene>();
  InteractionParams params;
  params.normal = hybrid_law({1e-3, 1e8, 2.0, 0.5, -1.0});
  params.damping = viscous_damping(0.3);
  params.friction = {0.4, 0.3, 1e5, 100, {}};
  scene->law = std::make_shared<const Interaction>(params);
  std::vector<ConvexBody> bodies(2);
  for (int k = 0; k < 2; ++k) {
    bodies[k].node = k;
    bodies[k].mass = 2.0 + k;
    bodies[k].inertia = (0.01 + 0.005 * k) * Mat3::Identity();
    bodies[k].inertia(0, 1) = bodies[k].inertia(1, 0) = 0.001;
    bodies[k].free_velocity << 0.1, -0.2, -1.5 + 0.3 * k, 0.5, -0.3 * k, 0.2;
  }
  const Vec3 gravity(0, 0, -9.81);
  scene->step.set_bodies(bodies, 2, gravity, kDt);
  const Interaction& law = *scene->law;
  auto& contacts = scene->step.contacts();
  contacts.push_back(contact(law, 0, -1, Vec3(0, 0.1, 1), 6e-4, Vec3(0.05, 0.05, -0.05), {}));
  contacts.push_back(contact(law, 0, -1, Vec3(0, 0, 1), 3e-3, Vec3(-0.05, 0.05, -0.05), {}));
  contacts.push_back(
      contact(law, 1, 0, Vec3(0.1, 0, 1), 7e-4, Vec3(0.02, 0, -0.05), Vec3(0.01, 0.01, 0.05)));
  return scene;
}

}  // namespace

TEST_CASE("convex step: the Hessian is the gradient's derivative", "[convex]") {
  auto scene = two_bodies();
  ConvexStep& step = scene->step;
  Eigen::VectorXd v(12);
  v << 0.05, -0.1, -0.04, 0.3, -0.2, 0.1, 0.02, 0.03, -0.1, -0.1, 0.2, 0.05;
  step.hold_law_state(Eigen::VectorXd::Zero(12));
  SparseMatrix hessian;
  step.hessian(v, hessian);
  const Eigen::MatrixXd reference = finite_jacobian(v,
                                                    [&](const Eigen::VectorXd& x) {
                                                      Eigen::VectorXd g;
                                                      step.gradient(x, g);
                                                      return g;
                                                    },
                                                    {.step = 1e-7, .floor = 1e-2});
  const Eigen::MatrixXd dense = Eigen::MatrixXd(hessian);
  INFO("Hessian\n" << dense << "\nFD\n" << reference);
  CHECK(relative_max_error(dense, reference) < 1e-6);
  CHECK((dense - dense.transpose()).norm() <= 1e-14 * dense.norm());
}

TEST_CASE("convex step: the minimum balances momentum and keeps every gap open", "[convex]") {
  auto scene = two_bodies();
  ConvexStep& step = scene->step;
  // A start that would close the first contact's gap ten times over.
  Eigen::VectorXd v = Eigen::VectorXd::Zero(12);
  v(2) = -10 * 6e-4 / kDt;
  step.hold_law_state(Eigen::VectorXd::Zero(12));
  ConvexSolveSettings tight;  // tighter than the default, to see the balance itself
  tight.tolerance = 1e-9;
  const ConvexSolveReport report = step.minimise(v, tight);
  INFO(report.failure);
  REQUIRE(report.converged);
  CHECK(report.iterations < 30);
  Eigen::VectorXd g;
  step.gradient(v, g);
  CHECK(g.norm() < 1e-8 * 5.0 * 9.81 * kDt);
  for (const FrozenContact& c : step.contacts())
    CHECK(frozen_normal_gap(c, step.relative_velocity(c, v), kDt) > 0);
  // The first body, pushed down by its free velocity, rests on its contacts: it
  // comes out slower than free.
  CHECK(v(2) > -1.5);
}

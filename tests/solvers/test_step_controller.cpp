// StepController against its rules written out by hand: growth by grow_factor
// after a step of at most easy_iterations Newton iterations (from the larger of
// the proposed and the taken Δt), none after a harder one, a cut by cut_factor
// after a rejection, the clamps to [min, max], and with an error tolerance
// Δt_next = 0.9 Δt (tolerance/error)^(1/3) (a third-order local error), or
// 0.9 Δt tolerance/error after a rejection by a first-order test.
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>

#include "solvers/step_controller.hpp"

using namespace polydem;

namespace {

StepControlSettings settings(double initial, double min, double max, int easy) {
  StepControlSettings s;
  s.initial = initial;
  s.min = min;
  s.max = max;
  s.grow_factor = 1.5;
  s.cut_factor = 0.5;
  s.easy_iterations = easy;
  return s;
}

}  // namespace

TEST_CASE("an easy step grows the time step, a harder one keeps it", "[step_controller]") {
  StepController controller(settings(1e-3, 1e-9, 1e-2, 4));
  controller.accepted(4, 1e-3);
  CHECK(controller.proposed() == Approx(1.5e-3).epsilon(1e-15));
  controller.accepted(5, 1.5e-3);
  CHECK(controller.proposed() == Approx(1.5e-3).epsilon(1e-15));
  // A step shortened to land on an output time: growth from the proposed Δt.
  controller.accepted(1, 0.2e-3);
  CHECK(controller.proposed() == Approx(2.25e-3).epsilon(1e-15));
}

TEST_CASE("growth stops at the maximum time step", "[step_controller]") {
  StepController controller(settings(8e-3, 1e-9, 1e-2, 4));
  controller.accepted(1, 8e-3);
  CHECK(controller.proposed() == 1e-2);
  controller.accepted(1, 1e-2);
  CHECK(controller.proposed() == 1e-2);
}

TEST_CASE("a rejection cuts the time step until it falls below the minimum", "[step_controller]") {
  StepController controller(settings(1e-3, 2e-4, 1e-2, 4));
  CHECK(controller.rejected(1e-3));  // 5e-4
  CHECK(controller.proposed() == Approx(5e-4).epsilon(1e-15));
  CHECK(controller.rejected(5e-4));          // 2.5e-4 ≥ 2e-4
  CHECK_FALSE(controller.rejected(2.5e-4));  // 1.25e-4 < 2e-4: give up
}

TEST_CASE("a larger easy_iterations lets the time step grow back after a cut",
          "[step_controller]") {
  // Steps of 8 iterations: with the default 4 a cut Δt never grows again.
  StepController strict(settings(1e-3, 1e-9, 1e-2, 4));
  StepController lenient(settings(1e-3, 1e-9, 1e-2, 8));
  for (StepController* c : {&strict, &lenient}) {
    c->rejected(1e-3);
    for (int step = 0; step < 3; ++step) c->accepted(8, c->proposed());
  }
  CHECK(strict.proposed() == Approx(5e-4).epsilon(1e-15));
  CHECK(lenient.proposed() == Approx(5e-4 * 1.5 * 1.5 * 1.5).epsilon(1e-15));
}

TEST_CASE("with an error tolerance the time step follows the cube root of tolerance over error",
          "[step_controller]") {
  StepControlSettings s = settings(1e-3, 1e-9, 1e-2, 4);
  s.error_tolerance = 1.0;
  StepController controller(s);
  CHECK(controller.accurate(1.0));
  CHECK_FALSE(controller.accurate(1.0 + 1e-12));
  // Accepted with error 0.5: easy growth to 1.5e-3, but the error bound allows
  // 0.9 · 1e-3 · 2^(1/3) ≈ 1.134e-3 only.
  controller.accepted(1, 1e-3, 0.5);
  CHECK(controller.proposed() == Approx(0.9e-3 * std::cbrt(2.0)).epsilon(1e-14));
  // Rejected with error 8: factor 0.9 · (1/8)^(1/3) = 0.45.
  CHECK(controller.rejected(1e-3, 8.0));
  CHECK(controller.proposed() == Approx(0.45e-3).epsilon(1e-14));
  // A huge error cuts by at most 10.
  CHECK(controller.rejected(1e-3, 1e9));
  CHECK(controller.proposed() == Approx(1e-4).epsilon(1e-14));
}

// A test whose error falls linearly with Δt (the energy tests at an
// under-resolved impact): with the order stated the first retry passes; a
// cube-root cut is rejected four times (errors 3 → 1.87 → 1.37 → 1.11 → 0.96).
TEST_CASE("a retry follows the failed test's order: tolerance over error for a first-order error",
          "[step_controller]") {
  StepControlSettings s = settings(1e-3, 1e-9, 1e-2, 4);
  s.relative_energy_tolerance = 1.0;
  const double c = 3.0 / 1e-3;  // error = c Δt, 3 at the first attempt
  const auto attempts = [&](double order) {
    StepController controller(s);
    double dt = 1e-3;
    int tried = 1;
    while (!controller.accurate(c * dt)) {
      REQUIRE(controller.rejected(dt, c * dt, order));
      dt = controller.proposed();
      ++tried;
    }
    return std::pair{tried, dt};
  };
  const auto [linear_attempts, linear_dt] = attempts(1);
  CHECK(linear_attempts == 2);
  CHECK(linear_dt == Approx(0.9e-3 / 3).epsilon(1e-14));
  CHECK(attempts(3).first == 5);
}

// The PI controller against its closed form: with a steady error constant C
// (e = C Δt³), Δt settles where e = 0.95^(3/0.3) = 0.95^10, the fixed point
// of Δt_{n+1} = Δt_n 0.95 e_n^(−0.7/3) e_{n−1}^(0.4/3).
TEST_CASE("the PI controller settles a steady error at 0.95^10 of the tolerance",
          "[step_controller][pi]") {
  StepControlSettings s = settings(1e-3, 1e-9, 1.0, 4);
  s.error_tolerance = 1.0;
  StepController controller(s);
  const double c = 1e6;  // e = 1 at Δt = 1e-2
  for (int step = 0; step < 200; ++step) {
    const double dt = controller.proposed();
    const double error = c * dt * dt * dt;
    REQUIRE(controller.accurate(error));
    controller.accepted(1, dt, error);
  }
  const double dt = controller.proposed();
  CHECK(c * dt * dt * dt == Approx(std::pow(0.95, 10)).epsilon(1e-6));
}

// Approaching an impact: the error constant grows by 1000 over 150 steps
// (4.7 % a step). The PI controller shrinks Δt as the error grows: its steady
// error at growth g per step is (0.95³ g)^(1/0.3) = 0.72 here, below the
// tolerance, so no step is rejected and none is far smaller than it need be.
TEST_CASE("the PI controller follows an error that grows from step to step without rejections",
          "[step_controller][pi]") {
  StepControlSettings s = settings(1e-3, 1e-9, 1.0, 4);
  s.error_tolerance = 1.0;
  StepController controller(s);
  int rejected = 0;
  double c = 1e6;
  for (int step = 0; step < 150; ++step) {
    c *= std::pow(1000.0, 1.0 / 150);
    double dt = controller.proposed();
    double error = c * dt * dt * dt;
    while (!controller.accurate(error)) {
      ++rejected;
      REQUIRE(controller.rejected(dt, error));
      dt = controller.proposed();
      error = c * dt * dt * dt;
    }
    controller.accepted(1, dt, error);
  }
  CHECK(rejected == 0);
  const double dt = controller.proposed();
  CHECK(c * dt * dt * dt < 1.0);
  CHECK(c * dt * dt * dt > 0.3);  // and it does not crawl far below the tolerance
}

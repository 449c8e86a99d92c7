// The impact forecast (contact/set/impact_forecast.hpp) against closed forms: on part (i)
// of the paper's law with n1 = 2, f_n = ε1 (ḡ − g)², the trapezoidal rule's error over a
// closure h is exactly |f_n''| h³/12 = ε1 h³/6 and Φ = ε1 (ḡ − g)³/3; on the barrier the
// error is checked against the work integrated by Simpson's rule on a fine grid.
#include <catch2/catch.hpp>

#include <cmath>

#include "contact/set/impact_forecast.hpp"
#include "tests/support/law_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

constexpr double kSkin = 1e-3;
constexpr double kStiffness = 1e9;  // ε1 (N/m²)
const NormalLawParams kQuadratic{kSkin, kStiffness, 2.0, 0.5, -1.0};

/// ∫_{g1}^{g0} f_n by Simpson's rule on 20 000 intervals.
double work_by_simpson(const NormalLaw& law, double g1, double g0) {
  constexpr int kIntervals = 20000;
  const double h = (g0 - g1) / kIntervals;
  double sum = law.force(g1) + law.force(g0);
  for (int k = 1; k < kIntervals; ++k) sum += (k % 2 ? 4 : 2) * law.force(g1 + k * h);
  return sum * h / 3;
}

}  // namespace

TEST_CASE("impact forecast: the trapezoidal error of a quadratic law is eps1 h^3 / 6",
          "[contact][impact_forecast]") {
  const auto law = hybrid_law(kQuadratic);
  const double dt = 1e-4, speed = 1.0;  // closes h = 0.1 mm, from 0.9 to 0.8 mm: part (i)
  ImpactForecast forecast;
  forecast.add(*law, 0.9e-3, speed, /*mass=*/1e6, dt);  // heavy: no stop within the step
  const double h = speed * dt;
  CHECK(forecast.error(dt) == Approx(kStiffness * h * h * h / 6).epsilon(1e-9));
  // The largest step within a budget: ε1 (v Δt)³/6 = budget.
  const double budget = 0.25 * kStiffness * h * h * h / 6;
  const double expected = std::cbrt(6 * budget / kStiffness) / speed;
  // Found to 1e-3 of Δt, from below: within the budget.
  const double largest = forecast.largest_step(dt, budget, nullptr);
  CHECK(largest == Approx(expected).margin(1e-3 * dt));
  CHECK(largest <= expected);
  CHECK(forecast.largest_step(dt, 2 * forecast.error(dt), nullptr) == dt);
}

TEST_CASE("impact forecast: a closing and an opening contact's errors cancel as in the balance",
          "[contact][impact_forecast]") {
  const auto law = hybrid_law(kQuadratic);
  const double dt = 1e-4, speed = 1.0, h = speed * dt;
  ImpactForecast closing, both;
  closing.add(*law, 0.9e-3, speed, 1e6, dt);  // 0.9 -> 0.8 mm: loses eps1 h^3/6
  both.add(*law, 0.9e-3, speed, 1e6, dt);
  both.add(*law, 0.8e-3, -speed, 1e6, dt);  // 0.8 -> 0.9 mm: gains as much
  CHECK(closing.error(dt) == Approx(kStiffness * h * h * h / 6).epsilon(1e-9));
  CHECK(both.error(dt) < 1e-9 * closing.error(dt));
}

TEST_CASE("impact forecast: a contact stops where its kinetic energy is stored",
          "[contact][impact_forecast]") {
  const auto law = hybrid_law(kQuadratic);
  // ½ m v² = Φ(g_stop) − Φ(g0) with Φ = ε1 (ḡ − g)³/3: from the skin's edge at 1 m/s
  // a mass of 2 ε1 (0.1 mm)³ / 3 stops 0.1 mm in.
  const double depth = 1e-4, speed = 1.0;
  const double mass = 2 * kStiffness * depth * depth * depth / 3 / (speed * speed);
  ImpactForecast forecast;
  forecast.add(*law, kSkin, speed, mass, 1.0);
  // However long the step, the contact closes only to the stop: the error of [ḡ, ḡ − depth].
  const double closed = kStiffness * depth * depth * depth / 6;
  CHECK(forecast.error(1.0) == Approx(closed).epsilon(1e-6));
  CHECK(forecast.error(1e-2) == Approx(closed).epsilon(1e-6));
  CHECK(forecast.error(0.5 * depth / speed) ==
        Approx(kStiffness * std::pow(0.5 * depth, 3) / 6).epsilon(1e-9));
}

TEST_CASE("impact forecast: on the barrier, the error of the work by Simpson's rule",
          "[contact][impact_forecast]") {
  const auto law = hybrid_law(kQuadratic);
  for (const double speed : {0.5, -0.5}) {  // closing into the barrier, and opening out of it
    CAPTURE(speed);
    const double g0 = speed > 0 ? 0.45e-3 : 0.2e-3, dt = 4e-4;
    ImpactForecast forecast;
    forecast.add(*law, g0, speed, 1e9, dt);
    const double g1 = g0 - speed * dt;
    const double work = speed > 0 ? work_by_simpson(*law, g1, g0) : -work_by_simpson(*law, g0, g1);
    const double trapezoid = 0.5 * (law->force(g0) + law->force(g1)) * (g0 - g1);
    CHECK(forecast.error(dt) == Approx(std::abs(trapezoid - work)).epsilon(1e-6));
  }
}

TEST_CASE("impact forecast: contacts that stay beyond the skin or barely move foretell nothing",
          "[contact][impact_forecast]") {
  const auto law = hybrid_law(kQuadratic);
  ImpactForecast forecast;
  forecast.add(*law, 2 * kSkin, 1.0, 1.0, 0.5 * kSkin);  // reaches 1.5 ḡ
  forecast.add(*law, 2 * kSkin, -1.0, 1.0, 1.0);         // opening beyond the skin
  forecast.add(*law, 0.5 * kSkin, 1e-3, 1.0, 1e-5);      // closes 1e-8 m: 1e-5 of its skin
  CHECK(forecast.empty());
  CHECK(forecast.largest_step(1.0, 0.0, nullptr) == 1.0);
}

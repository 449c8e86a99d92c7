// WholePower (contact/law/whole_power.hpp) against std::pow, the independent
// reference: a whole exponent taken by repeated squaring agrees to a few
// roundings, any other exponent is std::pow's own value.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "contact/law/whole_power.hpp"

using namespace polydem;

TEST_CASE("a whole power by repeated squaring is std::pow's to a few roundings",
          "[contact][law][power]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> log_x(-14.0, 3.0);
  for (const double exponent : {-4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 7.0, 8.0}) {
    const WholePower power(exponent);
    for (int k = 0; k < 1000; ++k) {
      const double x = std::exp(log_x(rng));
      const double reference = std::pow(x, exponent);
      INFO("x = " << x << ", n = " << exponent);
      CHECK(std::abs(power(x) - reference) <= 8 * 0x1p-52 * reference);
    }
  }
  CHECK(WholePower(2)(0.0) == 0.0);
  CHECK(WholePower(0)(0.0) == 1.0);        // as std::pow(0, 0)
  CHECK(std::isinf(WholePower(-1)(0.0)));  // the barrier at g = 0
}

TEST_CASE("any other exponent is std::pow's", "[contact][law][power]") {
  for (const double exponent : {1.5, -0.5, 2.25, 9.0, -12.0})
    for (const double x : {1e-9, 0.3, 1.0, 7.5})
      CHECK(WholePower(exponent)(x) == std::pow(x, exponent));
}

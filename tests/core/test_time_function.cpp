#include <catch2/catch.hpp>

#include "src/core/time_function.hpp"

using polydem::TimeFunction;

TEST_CASE("time functions interpolate and hold their end values", "[time_function]") {
  CHECK(TimeFunction()(123.0) == 1.0);
  CHECK(TimeFunction::constant(2.5)(-1.0) == 2.5);
  auto ramp = TimeFunction::ramp(1.0, 0.0, 3.0, 10.0);
  CHECK(ramp(0.0) == 0.0);
  CHECK(ramp(2.0) == Approx(5.0));
  CHECK(ramp(5.0) == 10.0);
  auto table = TimeFunction::table({{0.0, 0.0}, {1.0, 2.0}, {2.0, -2.0}});
  CHECK(table(0.5) == Approx(1.0));
  CHECK(table(1.5) == Approx(0.0));
  CHECK(table(9.0) == -2.0);
  CHECK_THROWS(TimeFunction::table({{1.0, 0.0}, {1.0, 2.0}}));
  CHECK_THROWS(TimeFunction::ramp(1.0, 0.0, 1.0, 1.0));
}

// primitives_within drops a pair by its primitives' boxes before the exact distance:
// the boxes' gap is a lower bound of the distance, and the test is widened beyond
// rounding, so the answer must be the exact distance's, pair by pair. Checked on
// random points, segments and triangles around the reach, and on pairs placed at the
// reach along an axis, where the boxes' gap is the distance itself.
#include <catch2/catch.hpp>

#include <random>

#include "contact/search/sub_region_proximity.hpp"

using namespace polydem;

namespace {

WorldPrimitive random_primitive(std::mt19937& random, int count, const Vec3& centre, double size) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  WorldPrimitive primitive;
  primitive.count = count;
  for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k)
    primitive.vertices[k] = centre + size * Vec3(unit(random), unit(random), unit(random));
  primitive.bound();
  return primitive;
}

/// The exact distance's answer: what primitives_within gave before its box test.
bool exactly_within(const WorldPrimitive& a, const WorldPrimitive& b, double reach) {
  const double limit = reach * (1 + kReachTolerance);
  return primitives_squared_distance(a, b) <= limit * limit;
}

constexpr std::array<std::pair<int, int>, 6> kDegenerateCounts{
    {{1, 1}, {1, 2}, {2, 1}, {1, 3}, {3, 1}, {2, 2}}};

}  // namespace

TEST_CASE("primitives_within answers as the exact distance on random primitives near the reach") {
  std::mt19937 random(29);
  std::uniform_real_distribution<double> offset(-0.45, 0.45);
  const double reach = 0.05;
  long within = 0, apart = 0;
  for (const auto& [count_a, count_b] : kDegenerateCounts) {
    for (int trial = 0; trial < 20000; ++trial) {
      const WorldPrimitive a = random_primitive(random, count_a, Vec3::Zero(), 0.3);
      const WorldPrimitive b = random_primitive(
          random, count_b, Vec3(offset(random), offset(random), offset(random)), 0.3);
      const bool expected = exactly_within(a, b, reach);
      REQUIRE(primitives_within(a, b, reach) == expected);
      (expected ? within : apart) += 1;
    }
  }
  // Both answers are exercised, not only one.
  CHECK(within > 1000);
  CHECK(apart > 1000);
}

TEST_CASE(
    "primitives_within keeps pairs at the reach along an axis, where box and distance agree") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double reach = 0.01;
  for (int trial = 0; trial < 2000; ++trial) {
    // A point and a segment, triangle or point whose nearest point lies on the plane x = d,
    // d the reach shrunk or grown by a few roundings: the boxes' x gap is d exactly.
    const double scale = 1 + (trial % 5 - 2) * 1e-15;
    const double d = reach * (1 + kReachTolerance) * scale;
    const Vec3 origin(unit(random), unit(random), unit(random));
    WorldPrimitive point;
    point.count = 1;
    point.vertices[0] = origin;
    point.bound();
    WorldPrimitive other;
    other.count = 1 + trial % 3;
    for (std::size_t k = 0; k < static_cast<std::size_t>(other.count); ++k)
      other.vertices[k] =
          origin + Vec3(d + (k == 0 ? 0.0 : 0.1 * unit(random)), k == 0 ? 0.0 : unit(random) - 0.5,
                        k == 0 ? 0.0 : unit(random) - 0.5);
    other.bound();
    REQUIRE(primitives_within(point, other, reach) == exactly_within(point, other, reach));
    REQUIRE(primitives_within(other, point, reach) == exactly_within(other, point, reach));
  }
}

TEST_CASE("primitives_within keeps every edge-face and face-face pair, however far") {
  std::mt19937 random(3);
  const WorldPrimitive edge = random_primitive(random, 2, Vec3::Zero(), 0.1);
  const WorldPrimitive face = random_primitive(random, 3, Vec3(10, 0, 0), 0.1);
  CHECK(primitives_within(edge, face, 0.01));
  CHECK(primitives_within(face, face, 0.01));
}

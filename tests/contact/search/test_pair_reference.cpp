// A pair's list reference (contact/search/pair_reference.hpp) against the
// distances it stands for: whenever it says the lists made at the reference
// still hold, no vertex pair of the two bodies came closer by more than the room
// left beyond their inflations; and two bodies moved together, however far,
// keep their lists.
#include <catch2/catch.hpp>

#include <random>

#include <Eigen/Geometry>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "contact/search/pair_reference.hpp"

using namespace polydem;

namespace {

Mat3 random_rotation(std::mt19937& rng, double largest_angle) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const Vec3 axis = Vec3(unit(rng), unit(rng), unit(rng)).normalized();
  return Eigen::AngleAxisd(largest_angle * unit(rng), axis).toRotationMatrix();
}

Vec3 random_vector(std::mt19937& rng, double length) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  return length * Vec3(unit(rng), unit(rng), unit(rng));
}

/// The least over vertex pairs of how much closer they came from `before` to `after`.
double largest_approach(const Shape& shape_a, const Shape& shape_b, const SearchObject& a0,
                        const SearchObject& b0, const SearchObject& a1, const SearchObject& b1) {
  double largest = 0;
  for (const Vec3& p : shape_a.mesh.vertices)
    for (const Vec3& q : shape_b.mesh.vertices) {
      const double before =
          ((a0.position + a0.rotation * p) - (b0.position + b0.rotation * q)).norm();
      const double after =
          ((a1.position + a1.rotation * p) - (b1.position + b1.rotation * q)).norm();
      largest = std::max(largest, before - after);
    }
  return largest;
}

}  // namespace

TEST_CASE("a pair reference holds only while no vertex pair came closer than its room allows",
          "[search][verlet]") {
  const auto cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  const auto slab = build_shape(make_box(3.0, 0.2, 3.0), "slab");  // the larger: the frame
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> margin(0.0, 0.05);
  int held = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const bool with_slab = trial % 2 == 1;
    const Shape& shape_b = with_slab ? *slab : *cube;
    SearchObject a0{cube.get(), nullptr, random_vector(rng, 1.0), random_rotation(rng, 3.0),
                    margin(rng)};
    SearchObject b0{&shape_b, nullptr, a0.position + Vec3(1.5, 0.2, -0.3) + random_vector(rng, 0.3),
                    random_rotation(rng, 3.0), margin(rng)};
    const PairReference reference(a0, b0);
    // Each body moves by up to 2 cm and 0.02 rad on its own, after a common move of up to
    // 10 m and a turn of up to 3 rad about the origin.
    const Mat3 turn = random_rotation(rng, 3.0);
    const Vec3 shift = random_vector(rng, 10.0);
    SearchObject a1 = a0, b1 = b0;
    for (SearchObject* body : {&a1, &b1}) {
      body->position = turn * body->position + shift + random_vector(rng, 0.02 / std::sqrt(3.0));
      body->rotation = random_rotation(rng, 0.02) * turn * body->rotation;
      body->margin = margin(rng) / 5;
    }
    if (!reference.holds(a1, b1)) continue;
    ++held;
    INFO("trial " << trial);
    CHECK(largest_approach(*cube, shape_b, a0, b0, a1, b1) <=
          reference.room() - a1.margin - b1.margin);
  }
  CHECK(held > 200);
}

TEST_CASE("two bodies moved together keep their reference however far they go",
          "[search][verlet]") {
  const auto cube = build_shape(make_box(0.5, 0.5, 0.5), "cube");
  std::mt19937 rng(8);
  for (int trial = 0; trial < 200; ++trial) {
    const SearchObject a0{cube.get(), nullptr, random_vector(rng, 1.0), random_rotation(rng, 3.0),
                          0.02};
    const SearchObject b0{cube.get(), nullptr, a0.position + Vec3(1.2, 0.0, 0.1),
                          random_rotation(rng, 3.0), 0.02};
    const PairReference reference(a0, b0);
    const Mat3 turn = random_rotation(rng, 3.0);
    const Vec3 shift = random_vector(rng, 100.0);
    SearchObject a1 = a0, b1 = b0;
    for (SearchObject* body : {&a1, &b1}) {
      body->position = turn * body->position + shift;
      body->rotation = turn * body->rotation;
      body->margin = 0.01;  // half the inflation: the room left is 0.02
    }
    CHECK(reference.holds(a1, b1));
    a1.margin = b1.margin = 0.021;  // more than the room
    CHECK_FALSE(reference.holds(a1, b1));
  }
  CHECK_FALSE(PairReference().holds(SearchObject{cube.get()}, SearchObject{cube.get()}));
}

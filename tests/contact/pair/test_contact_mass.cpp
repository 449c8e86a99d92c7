// The mass a contact's normal force meets (contact_mass.hpp) against closed
// forms (a sphere hit through its centre: m; a thin rod hit at its end
// across its axis: m/4) and against an independent route: the impulse along
// n at the contact point through the inverse of the 6×6 mass matrix about the
// pole (Gᵀ M⁻¹ G), for random bodies whose centre of mass is off the pole.
#include <catch2/catch.hpp>

#include <random>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include "contact/pair/contact_mass.hpp"
#include "src/core/rotation.hpp"

using namespace polydem;

namespace {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

struct Body {
  double mass = 1;
  Mat3 inertia = Mat3::Identity();     ///< about the centre of mass, body axes
  Vec3 centre_of_mass = Vec3::Zero();  ///< b^r, body axes
  Mat3 rotation = Mat3::Identity();    ///< Q^i
  NodeState node;

  ContactSide side() const {
    ContactSide s;
    s.node = &node;
    s.mass = mass;
    s.inverse_inertia_root = inverse_inertia_root(inertia);
    s.centre_of_mass = centre_of_mass;
    s.trial.rotation = rotation;
    return s;
  }
  /// The mass matrix of the pole's velocity and ω (world axes): T = ½ vᵀ M v.
  Mat6 pole_mass_matrix() const {
    const Vec3 c = rotation * centre_of_mass;
    const Mat3 inertia_g = rotation * inertia * rotation.transpose();
    Mat6 m;
    m << mass * Mat3::Identity(), -mass * skew(c), mass * skew(c),
        inertia_g - mass * skew(c) * skew(c);
    return m;
  }
  /// The generalised force of a unit force along n at body point x (relative to the pole).
  Vec6 unit_force(const Vec3& x, const Vec3& n) const {
    Vec6 g;
    g << n, (rotation * x).cross(n);
    return g;
  }
};

Body sphere(double mass, double radius) {
  Body body;
  body.mass = mass;
  body.inertia = 0.4 * mass * radius * radius * Mat3::Identity();
  return body;
}

std::mt19937 rng(7);
std::uniform_real_distribution<double> unit(-1.0, 1.0);
Vec3 random_vector() { return {unit(rng), unit(rng), unit(rng)}; }

Body random_body() {
  Body body;
  body.mass = 1 + 2 * std::abs(unit(rng));
  const Vec3 principal = Vec3(0.2, 0.3, 0.4) + 0.1 * random_vector();
  const Mat3 axes =
      Eigen::Quaterniond(Eigen::Vector4d(unit(rng), unit(rng), unit(rng), unit(rng)).normalized())
          .toRotationMatrix();
  body.inertia = body.mass * axes * principal.asDiagonal() * axes.transpose();
  body.centre_of_mass = 0.3 * random_vector();
  body.rotation =
      Eigen::Quaterniond(Eigen::Vector4d(unit(rng), unit(rng), unit(rng), unit(rng)).normalized())
          .toRotationMatrix();
  return body;
}

ContactSide boundary_side() { return {}; }

}  // namespace

TEST_CASE("a sphere hit along a normal through its centre meets its whole mass",
          "[contact][damping][mass]") {
  Body ball = sphere(3.0, 0.2);
  ball.centre_of_mass = Vec3(0.1, -0.2, 0.05);  // the pole elsewhere
  ball.rotation = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  const Vec3 direction = Vec3(0.3, -0.4, 0.5).normalized();  // body axes
  const Vec3 point = ball.centre_of_mass + 0.2 * direction;
  const Vec3 normal = ball.rotation * direction;  // from the boundary towards the ball's centre
  const ContactSide a = ball.side();
  CHECK(contact_point_mass(contact_mobility(a, boundary_side(), point, Vec3::Zero(), -normal)) ==
        Approx(3.0).epsilon(1e-14));
  // Two such spheres in line: m_A m_B/(m_A + m_B), the paper's eq. (52).
  Body other = sphere(1.0, 0.2);
  const ContactSide b = other.side();
  const Vec3 point_b = -0.2 * normal;  // B unturned, its pole at its centre
  CHECK(contact_point_mass(contact_mobility(a, b, point, point_b, normal)) ==
        Approx(0.75).epsilon(1e-14));
}

TEST_CASE("a thin rod hit at its end across its axis meets a quarter of its mass",
          "[contact][damping][mass]") {
  const double mass = 2.0, length = 1.2, radius = 1e-3;
  Body rod;
  rod.mass = mass;
  const double across = mass * length * length / 12, along = mass * radius * radius / 2;
  rod.inertia = Vec3(along, across, across).asDiagonal();
  const Vec3 end(length / 2, 0, 0);
  CHECK(contact_point_mass(contact_mobility(rod.side(), boundary_side(), end, Vec3::Zero(),
                                            Vec3(0, 0, 1))) == Approx(mass / 4).epsilon(1e-14));
  // Along its axis the rod does not turn: its whole mass.
  CHECK(contact_point_mass(contact_mobility(rod.side(), boundary_side(), end, Vec3::Zero(),
                                            Vec3(1, 0, 0))) == Approx(mass).epsilon(1e-14));
  // A side without a positive-definite inertia is taken not to turn.
  CHECK(inverse_inertia_root(Vec3(along, 0, across).asDiagonal()).isZero());
}

TEST_CASE("the contact-point mass is the impulse response through the pole's mass matrix",
          "[contact][damping][mass]") {
  for (int trial = 0; trial < 20; ++trial) {
    const Body a = random_body(), b = random_body();
    const Vec3 point_a = 0.5 * random_vector(), point_b = 0.5 * random_vector();
    const Vec3 normal = random_vector().normalized();
    // A unit normal force: +n at A's point, −n at B's.
    const auto response = [&](const Body& body, const Vec6& g) {
      return g.dot(body.pole_mass_matrix().ldlt().solve(g));
    };
    const Vec6 ga = a.unit_force(point_a, normal), gb = -b.unit_force(point_b, normal);
    const ContactMobility mu = contact_mobility(a.side(), b.side(), point_a, point_b, normal);
    INFO("trial " << trial);
    CHECK(mu.squaredNorm() == Approx(response(a, ga) + response(b, gb)).epsilon(1e-12));
    const ContactMobility against_ground =
        contact_mobility(a.side(), boundary_side(), point_a, Vec3::Zero(), normal);
    CHECK(against_ground.squaredNorm() == Approx(response(a, ga)).epsilon(1e-12));
    // Weighted pushes of two contacts add as their generalised forces do.
    const Vec3 point_a2 = 0.5 * random_vector(), point_b2 = 0.5 * random_vector();
    const Vec3 normal2 = random_vector().normalized();
    const double w1 = 0.3, w2 = 1.7;
    const ContactMobility push =
        w1 * mu + w2 * contact_mobility(a.side(), b.side(), point_a2, point_b2, normal2);
    const Vec6 ga2 = a.unit_force(point_a2, normal2), gb2 = -b.unit_force(point_b2, normal2);
    CHECK(push.squaredNorm() ==
          Approx(response(a, w1 * ga + w2 * ga2) + response(b, w1 * gb + w2 * gb2)).epsilon(1e-12));
  }
}

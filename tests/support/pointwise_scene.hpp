// Random scenes for checks of the pointwise contact (pointwise_contact.hpp):
// two octahedra (or any shape) near each other with the sub-region pairs that
// are within a skin, their configuration-i data, and the central-difference
// tangent of the contact residual over the sides' 12 (or 6) DOFs. Shared by
// the tests of the contact law's residual and tangent.
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include "contact/local/pair_query.hpp"
#include "contact/pair/pointwise_contact.hpp"
#include "tests/support/finite_differences.hpp"

namespace polydem::testing {

/// The draws of the random scenes, from one seeded engine.
inline std::mt19937_64 engine(2024);
inline std::uniform_real_distribution<double> unit(-1.0, 1.0);

inline Vec3 random_vector(double scale) {
  return scale * Vec3(unit(engine), unit(engine), unit(engine));
}

inline Eigen::Quaterniond random_rotation() {
  return Eigen::Quaterniond(
      Eigen::Vector4d(unit(engine), unit(engine), unit(engine), unit(engine)).normalized());
}

inline NodeState random_state(const Vec3& position) {
  NodeState s;
  s.position = position;
  s.rotation = random_rotation();
  s.velocity = random_vector(0.5);
  s.acceleration = random_vector(2.0);
  s.angular_velocity = random_vector(1.0);
  s.angular_acceleration = random_vector(2.0);
  return s;
}

/// A body side; it turns under a contact force (an inertia of about the
/// octahedron's, centre of mass off the pole), so the damping meets a contact-point mass.
inline ContactSide body_side(const Shape& shape, const NodeState& state, double mass) {
  ContactSide side;
  side.shape = &shape;
  side.node = &state;
  side.mass = mass;
  side.inverse_inertia_root = inverse_inertia_root(mass * Vec3(0.2, 0.25, 0.3).asDiagonal());
  side.centre_of_mass = Vec3(0.05, -0.03, 0.02);
  side.trial.pole_position = state.position;
  side.trial.rotation = state.rotation.toRotationMatrix();
  return side;
}

/// Random scenes of two octahedra about 2.2 apart: the valid, outside pairs with
/// g_n < skin at the base configuration (every degeneration occurs).
struct Scene {
  NodeState state_a, state_b;
  std::vector<LocalContact> contacts;
};

inline Scene random_scene(const Shape& shape, double skin) {
  for (;;) {
    Scene scene;
    scene.state_a = random_state(Vec3::Zero());
    scene.state_b = random_state(random_vector(1.0).normalized() * 1.9);
    const PosedShape a{&shape, scene.state_a.position, scene.state_a.rotation};
    const PosedShape b{&shape, scene.state_b.position, scene.state_b.rotation};
    PairQueryOptions options;
    options.proximity = skin;
    options.apply_hierarchy = false;
    scene.contacts = query_local_contacts(a, b, options);
    if (!scene.contacts.empty()) return scene;
  }
}

inline PointwiseStepData step_data(const LocalContact& c, bool with_history) {
  PointwiseStepData step;
  step.region_a = c.sub_region_a;
  step.region_b = c.sub_region_b;
  step.material_point_a = random_vector(0.5);
  step.material_point_b = random_vector(0.5);
  step.normal_i = (c.normal + random_vector(0.1)).normalized();
  step.active_i = with_history;
  step.tangential_gap_i = with_history ? random_vector(0.01) : Vec3::Zero();
  step.status_i = unit(engine) > 0 ? StickSlip::Stick : StickSlip::Slip;
  return step;
}

struct Evaluation {
  Eigen::VectorXd residual;
  Eigen::MatrixXd tangent;
  PointwiseOutcome outcome;
};

inline Evaluation evaluate(const PointwiseInput& in, int size) {
  Evaluation e{Eigen::VectorXd::Zero(size), Eigen::MatrixXd::Zero(size, size), {}};
  add_pointwise_contact(in, e.residual, e.tangent, &e.outcome);
  return e;
}

inline Eigen::VectorXd residual_at(PointwiseInput in, ContactSide a, ContactSide b, int size) {
  in.a = &a;
  in.b = &b;
  Eigen::VectorXd r = Eigen::VectorXd::Zero(size);
  add_pointwise_contact_residual(in, r);
  return r;
}

/// Central differences over the 12 (or 6) DOFs d = (u^Δ_a, α^Δ_a, u^Δ_b, α^Δ_b) of the
/// trial increments of a and b, Richardson-extrapolated from the steps 1e-7 and 5e-8, so
/// that the O(h²) error stays small where the residual bends sharply (slow slip
/// under a Stribeck curve's viscous term μ_v |ġ_t|).
template <class Residual>
Eigen::MatrixXd finite_difference_tangent(const ContactSide& a, const ContactSide& b, int size,
                                          Residual residual) {
  Eigen::VectorXd d(12);
  d << a.trial.u_delta, a.trial.alpha_delta, b.trial.u_delta, b.trial.alpha_delta;
  const auto at = [&](const Eigen::VectorXd& x) {
    ContactSide shifted_a = a, shifted_b = b;
    shifted_a.trial.u_delta = x.segment<3>(0);
    shifted_a.trial.alpha_delta = x.segment<3>(3);
    if (size > 6) {
      shifted_b.trial.u_delta = x.segment<3>(6);
      shifted_b.trial.alpha_delta = x.segment<3>(9);
    }
    return residual(shifted_a, shifted_b);
  };
  return testing::finite_jacobian(d.head(size), at, {.step = 1e-7, .richardson = true});
}

inline Eigen::MatrixXd finite_difference_tangent(const PointwiseInput& in, int size) {
  return finite_difference_tangent(
      *in.a, *in.b, size,
      [&](const ContactSide& a, const ContactSide& b) { return residual_at(in, a, b, size); });
}

/// The contacts of one pair evaluated together, as the contact element does.
struct PairContacts {
  const Interaction* interaction;
  std::vector<PointwiseStepData> steps;
  const StepContext* context;

  PointwiseInput pair(const ContactSide& a, const ContactSide& b) const {
    return {interaction, &a, &b, nullptr, context};
  }
  std::vector<const PointwiseStepData*> pointers() const {
    std::vector<const PointwiseStepData*> list;
    for (const PointwiseStepData& step : steps) list.push_back(&step);
    return list;
  }
  Eigen::VectorXd residual(const ContactSide& a, const ContactSide& b, int size) const {
    Eigen::VectorXd r = Eigen::VectorXd::Zero(size);
    add_pointwise_contacts_residual(pair(a, b), pointers(), r);
    return r;
  }
};

inline double relative_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).norm() / std::max(b.norm(), 1e-300);
}

}  // namespace polydem::testing

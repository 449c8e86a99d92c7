// Central differences for rigid bodies; see central_difference.hpp.
#include "solvers/central_difference.hpp"

namespace polydem {

ExplicitBodyInertia ExplicitBodyInertia::of(double mass, const Mat3& inertia_about_centre) {
  return {mass, inertia_about_centre, PrincipalInertia::of(inertia_about_centre)};
}

Vec3 ExplicitBodyInertia::angular_velocity(const ExplicitBodyState& state) const {
  const Eigen::Quaterniond& q = state.orientation;
  const Vec3 body_momentum = q.conjugate() * state.angular_momentum;
  return q * inertia.ldlt().solve(body_momentum);
}

Vec3 ExplicitBodyInertia::angular_momentum(const Eigen::Quaterniond& orientation,
                                           const Vec3& angular_velocity) const {
  return orientation * (inertia * (orientation.conjugate() * angular_velocity));
}

void kick(ExplicitBodyState& state, const ExplicitBodyInertia& inertia, const Vec3& force,
          const Vec3& moment, double duration) {
  state.velocity += duration / inertia.mass * force;
  state.angular_momentum += duration * moment;
}

void drift(ExplicitBodyState& state, const ExplicitBodyInertia& inertia, double dt) {
  state.centre += dt * state.velocity;
  state.orientation =
      rotate_free_body(state.orientation, state.angular_momentum, inertia.principal, dt);
}

}  // namespace polydem

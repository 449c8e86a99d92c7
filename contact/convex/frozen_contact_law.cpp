#include "contact/convex/frozen_contact_law.hpp"

#include <cmath>

namespace polydem {
namespace {

/// p = max(f_n(g) − c ġ_n, 0) at ġ_n = s; no force at or beyond the skin.
double frozen_pressure(const FrozenContact& contact, const FrozenLawState& held, double s,
                       double dt) {
  const NormalLaw& law = contact.interaction->law();
  const double gap = contact.gap + dt * s;
  if (!(gap < law.skin())) return 0.0;
  return std::max(law.force(gap) - held.dashpot * s, 0.0);
}

/// dp/dġ_n where p > 0.
double frozen_pressure_slope(const FrozenContact& contact, const FrozenLawState& held, double s,
                             double dt) {
  const double gap = contact.gap + dt * s;
  return dt * contact.interaction->law().force_derivative(gap) - held.dashpot;
}

Mat3 tangent_projection(const Vec3& normal) {
  return Mat3::Identity() - normal * normal.transpose();
}

/// f_tr = ε_t g_t + c_t ġ_t at w.
Vec3 trial_friction(const FrozenContact& contact, const Vec3& w, double dt) {
  const FrictionParams& friction = contact.interaction->friction;
  const Vec3 slip = tangent_projection(contact.normal) * w;
  return friction.stiffness * (contact.tangential_gap + dt * slip) + friction.damping * slip;
}

/// k = ε_t Δt + c_t: df_tr/dġ_t.
double friction_rate(const FrozenContact& contact, double dt) {
  const FrictionParams& friction = contact.interaction->friction;
  return friction.stiffness * dt + friction.damping;
}

void add_friction(const FrozenContact& contact, const FrozenLawState& held, const Vec3& w,
                  double dt, bool with_hessian, FrozenContactResponse& response) {
  if (!contact.interaction->friction.enabled() || !(friction_rate(contact, dt) > 0)) return;
  const Vec3 trial = trial_friction(contact, w, dt);
  const double length = trial.norm();
  const double bound = held.friction_bound;
  const Mat3 projection = tangent_projection(contact.normal);
  const double rate = friction_rate(contact, dt);
  if (length <= bound) {
    response.friction = trial;
    if (with_hessian) response.hessian += dt * rate * projection;
  } else {
    const Vec3 direction = trial / length;
    response.friction = bound * direction;
    if (with_hessian) {
      const Mat3 across = Mat3::Identity() - direction * direction.transpose();
      response.hessian += dt * rate * (bound / length) * projection * across * projection;
    }
  }
  response.gradient += dt * projection * response.friction;
}

/// H(f) of the return map: ½|f|² inside the bound, bound |f| − ½ bound² outside.
double huber(const Vec3& force, double bound) {
  const double length = force.norm();
  return length <= bound ? 0.5 * length * length : bound * length - 0.5 * bound * bound;
}

/// Φ(g), none at or beyond the skin.
double stored_at(const NormalLaw& law, double gap) {
  return gap < law.skin() ? law.energy(gap) : 0.0;
}

/// ε_t|g_t|²/2 of the spring after the return map of eqs. (57)–(58) with the held bound.
double spring_energy(const FrozenContact& contact) {
  const double stiffness = contact.interaction->friction.stiffness;
  return contact.interaction->friction.enabled()
             ? 0.5 * stiffness * contact.tangential_gap.squaredNorm()
             : 0.0;
}

}  // namespace

double frozen_normal_gap(const FrozenContact& contact, const Vec3& w, double dt) {
  return contact.gap + dt * contact.normal.dot(w);
}

FrozenContactResponse frozen_contact_response(const FrozenContact& contact,
                                              const FrozenLawState& held, const Vec3& w, double dt,
                                              bool with_hessian) {
  FrozenContactResponse response;
  const double s = contact.normal.dot(w);
  response.pressure = frozen_pressure(contact, held, s, dt);
  response.gradient = -dt * response.pressure * contact.normal;
  if (with_hessian && response.pressure > 0)
    response.hessian = -dt * frozen_pressure_slope(contact, held, s, dt) * contact.normal *
                       contact.normal.transpose();
  add_friction(contact, held, w, dt, with_hessian, response);
  return response;
}

FrozenLawState frozen_law_state(const FrozenContact& contact, const Vec3& w, double dt) {
  const Interaction& interaction = *contact.interaction;
  const NormalLaw& law = interaction.law();
  FrozenLawState held;
  const double gap = frozen_normal_gap(contact, w, dt);
  const NormalDamping& damping = interaction.damping;
  if (contact.gap < law.skin() && gap < law.skin() && damping.damped()) {
    // The dashpot's force at unit ġ_n, at the stiffness of this gap: c ġ_n for the
    // dashpots whose force is linear in ġ_n (viscous, Hunt–Crossley).
    const double elastic = law.force(gap);
    const double unit_speed = 1.0;
    const double share = 1.0;
    const ContactStiffness<double> stiffness{-law.force_derivative(gap), 0.0, false, 0.0};
    if (damping.dashpot->damps(stiffness.own))
      held.dashpot = damping.dashpot->force(DashpotState<double>{
          contact.dashpot_coefficient, elastic, stiffness, contact.mass, unit_speed, share});
  }
  const FrictionParams& friction = interaction.friction;
  const double mu = contact.status == StickSlip::Stick ? friction.static_coefficient
                                                       : friction.dynamic_coefficient;
  held.friction_bound = mu * frozen_pressure(contact, held, contact.normal.dot(w), dt);
  return held;
}

FrozenFrictionState frozen_friction_state(const FrozenContact& contact, const FrozenLawState& held,
                                          const Vec3& w, double dt) {
  const FrictionParams& friction = contact.interaction->friction;
  FrozenFrictionState state;
  if (!friction.enabled() || !(friction.stiffness > 0)) return state;
  state.tangential_gap = contact.tangential_gap + dt * tangent_projection(contact.normal) * w;
  const double force = friction.stiffness * state.tangential_gap.norm();
  if (force > held.friction_bound) {
    state.tangential_gap *= held.friction_bound / force;
    state.status = StickSlip::Slip;
  }
  return state;
}

FrozenContactWork frozen_contact_work(const FrozenContact& contact, const FrozenLawState& held,
                                      const Vec3& w, double dt) {
  const NormalLaw& law = contact.interaction->law();
  const FrozenContactResponse r = frozen_contact_response(contact, held, w, dt, false);
  const double rate = contact.normal.dot(w);
  const double gap = contact.gap + dt * rate;
  const double elastic = gap < law.skin() ? law.force(gap) : 0.0;
  const double stored_i = stored_at(law, contact.gap), stored = stored_at(law, gap);
  const double spring_i = spring_energy(contact);
  const double spring = 0.5 * contact.interaction->friction.stiffness *
                        frozen_friction_state(contact, held, w, dt).tangential_gap.squaredNorm();
  FrozenContactWork work;
  work.stored_change = stored - stored_i + spring - spring_i;
  work.damping = dt * (elastic - r.pressure) * rate;
  work.barrier = stored_i - stored - elastic * (gap - contact.gap);
  const Vec3 slip = tangent_projection(contact.normal) * w;
  work.friction = dt * r.friction.dot(slip) - (spring - spring_i);
  return work;
}

// ψ_n(s) = −Δt ∫_0^s p: with q(σ) = f_n(g(σ)) − c σ, which falls as σ grows, p = q up
// to the root σ* of q and 0 beyond, and ∫ q = (Φ(g(a)) − Φ(g(b)))/Δt − c (b² − a²)/2.
double frozen_contact_potential(const FrozenContact& contact, const FrozenLawState& held,
                                const Vec3& w, double dt) {
  const NormalLaw& law = contact.interaction->law();
  const auto q = [&](double sigma) {
    const double gap = contact.gap + dt * sigma;
    return (gap < law.skin() ? law.force(gap) : 0.0) - held.dashpot * sigma;
  };
  const auto integral_of_q = [&](double a, double b) {
    const auto phi = [&](double sigma) {
      const double gap = contact.gap + dt * sigma;
      return gap < law.skin() ? law.energy(gap) : 0.0;
    };
    return (phi(a) - phi(b)) / dt - 0.5 * held.dashpot * (b * b - a * a);
  };
  double root = std::max((law.skin() - contact.gap) / dt, 0.0);
  if (held.dashpot > 0 && contact.gap < law.skin()) {
    double low = 0, high = root;  // q(0) = f_n(g^i) > 0 ≥ q(high)
    for (int k = 0; k < 200; ++k) (q(0.5 * (low + high)) > 0 ? low : high) = 0.5 * (low + high);
    root = 0.5 * (low + high);
  }
  // P(σ) = ∫_{σ*}^σ p.
  const auto primitive = [&](double sigma) {
    return sigma < root ? -integral_of_q(sigma, root) : 0.0;
  };
  double value = -dt * (primitive(contact.normal.dot(w)) - primitive(0.0));
  const double rate = friction_rate(contact, dt);
  if (contact.interaction->friction.enabled() && rate > 0)
    value += dt / rate * huber(trial_friction(contact, w, dt), held.friction_bound);
  return value;
}

}  // namespace polydem

#include "contact/pair/pointwise_contact.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <unsupported/Eigen/AutoDiff>

#include "contact/pair/closest_points.hpp"
#include "src/core/flatten.hpp"
#include "src/core/scalar_value.hpp"
#include "src/model/newmark.hpp"

namespace polydem {
namespace {

/// A side's rigid motion at the trial configuration i+1, on the scalar S.
template <class S>
struct SideMotion {
  Vec3T<S> pole;              ///< x_P^{i+1}
  Mat3T<S> rotation;          ///< Q^{i+1}
  Vec3T<S> velocity;          ///< u̇^{i+1}
  Vec3T<S> angular_velocity;  ///< ω^{i+1}
  Mat3T<S> xi;                ///< Ξ(α^Δ): its transpose makes moments pseudo-moments (eq. 17)

  Vec3T<S> point(const Vec3& reference) const {
    return pole + rotation * reference;  // a plain factor: no derivative of its own
  }
  Vec3T<S> velocity_at(const Vec3T<S>& x) const {
    return velocity + angular_velocity.cross(x - pole);
  }
};

template <class S>
SideMotion<S> body_motion(const ContactSide& side, const Vec3T<S>& u_delta,
                          const Vec3T<S>& alpha_delta, const StepContext& context) {
  const PoleKinematics<S> k =
      newmark_pole_kinematics(*side.node, u_delta, alpha_delta, context.newmark);
  SideMotion<S> motion;
  motion.pole = side.trial.pole_position.template cast<S>() + u_delta;
  motion.rotation = k.rotation;
  motion.velocity = context.dynamic() ? k.velocity : Vec3T<S>::Zero();
  motion.angular_velocity = context.dynamic() ? k.angular_velocity : Vec3T<S>::Zero();
  motion.xi = xi_matrix(alpha_delta);
  return motion;
}

template <class S>
SideMotion<S> boundary_motion(const ContactSide& side) {
  SideMotion<S> motion;
  motion.pole = (side.trial.pole_position + side.trial.u_delta).template cast<S>();
  motion.rotation = side.trial.current_rotation().template cast<S>();
  motion.velocity = side.boundary_velocity.template cast<S>();
  motion.angular_velocity = Vec3T<S>::Zero();
  motion.xi = Mat3T<S>::Identity();
  return motion;
}

/// f(x) for a function known by its value and slope at value_of(x).
double compose(double value, double /*slope*/, double /*x*/) { return value; }
template <class D>
Eigen::AutoDiffScalar<D> compose(double value, double slope, const Eigen::AutoDiffScalar<D>& x) {
  return Eigen::AutoDiffScalar<D>(value, slope * x.derivatives());
}

/// Q_c^Δ v: the smallest rotation taking the unit vector `from` to `to` (eq. 44).
/// Undefined when the normal reversed; the penetration checks reject that state.
template <class S>
Vec3T<S> rotate_with_normal(const Vec3& from, const Vec3T<S>& to, const Vec3& v) {
  const Vec3T<S> w = -to.cross(from);
  const S c = to.dot(from);
  if (value_of(c) <= -1 + 1e-12) return v - to * to.dot(v);
  return v - v.cross(w) + w.cross(w.cross(v)) / (S(1) + c);
}

/// f_n and its first two derivatives at g, for a free or an engaged contact.
struct LawValues {
  double force, slope, curvature;
};

LawValues law_values(const PointwiseInput& in, double g) {
  const NormalLaw& law = in.interaction->law();
  if (in.engaged)
    return {law.engaged_force(g), law.engaged_force_derivative(g),
            law.engaged_force_second_derivative(g)};
  return {law.force(g), law.force_derivative(g), law.force_second_derivative(g)};
}

/// The dashpot's share at gap g: 1 inside the skin but for its outer width w,
/// where it rises as the smoothstep s²(3 − 2s), s = (ḡ − g)/w. As printed,
/// eq. (52) switches a dashpot 2ζ√(k m) on at the skin: a jump in the force for
/// n1 = 1, a slope √(ḡ − g) without bound for n1 = 2; either makes Newton cycle
/// when a contact's iterates straddle the skin. Faded in, the force is C¹ there.
/// The jump is 2ζ√(k m)|ġ_n|: w = min(δ ḡ, |ġ_n^i| Δt), the outer fraction δ of
/// the skin at most, and no more than the contact closes in one step at its
/// speed of configuration i, so that a contact at rest or sliding, whose overlap
/// may be a small part of the skin, keeps its whole ζ. w is held over the step.
/// The share multiplies the dashpot term of every damping model (normal_damping.hpp).
template <class S>
S dashpot_share(const PointwiseInput& in, const S& gap) {
  const Interaction& interaction = *in.interaction;
  const double width =
      std::min(interaction.damping_ramp * interaction.skin(), in.step->speed_i * in.context->dt);
  if (!(width > 0)) return S(1);
  const double s = (interaction.skin() - value_of(gap)) / width;
  if (s >= 1) return S(1);
  return compose(s * s * (3 - 2 * s), -6 * s * (1 - s) / width, gap);
}

/// The element's AD directions: for a pair of bodies (N = 12) A's six DOFs and
/// B's rotation, nine in all. Moving both bodies by one translation changes no
/// gap, relative velocity (Newmark's u̇ = a1 u^Δ + … shifts both alike), moment
/// arm or pseudo-moment map, so the residual's derivative by B's translation is
/// minus that by A's; it is not computed twice. A boundary (N = 6): A's six.
template <int N>
constexpr int kAdWidth = N == 12 ? 9 : 6;

/// A gradient on the element's N DOFs from one on its AD directions.
template <int N, class D>
Eigen::Matrix<double, 12, 1> element_gradient(const D& directions) {
  Eigen::Matrix<double, 12, 1> gradient = Eigen::Matrix<double, 12, 1>::Zero();
  gradient.head<6>() = directions.template head<6>();
  if constexpr (N == 12) {
    gradient.segment<3>(6) = -directions.template head<3>();
    gradient.segment<3>(9) = directions.template tail<3>();
  }
  return gradient;
}

/// A value of the pair on the scalar S: the value, and on AD scalars its
/// gradient on the AD directions (the element's gradient, B's translation dropped).
template <class S>
S pair_value_on(double value, const Eigen::Matrix<double, 12, 1>& gradient) {
  if constexpr (std::is_same_v<S, double>) {
    return value;
  } else {
    typename S::DerType directions;
    directions.template head<6>() = gradient.head<6>();
    if constexpr (S::DerType::RowsAtCompileTime == 9)
      directions.template tail<3>() = gradient.tail<3>();
    return S(value, directions);
  }
}

/// k = −df_n/dg at the gap, with its derivative through the gap (zero beyond the skin).
template <class S>
S contact_stiffness_at(const NormalLaw& law, const S& gap) {
  const double g = value_of(gap);
  return compose(-law.force_derivative(g), -law.force_second_derivative(g), gap);
}

/// The total normal force p (eqs. 49, 52, 53 and normal_damping.hpp), clipped
/// at zero unless the contact is engaged in an active-set solve.
template <class S>
S normal_pressure(const PointwiseInput& in, const S& gap, const S& normal_velocity) {
  const LawValues f = law_values(in, value_of(gap));
  const S elastic = compose(f.force, f.slope, gap);
  const bool clip = !in.engaged && !in.interaction->law().tensile_inside_skin();
  // The dashpot acts inside the skin only, also for an engaged contact.
  if (!in.context->dynamic() || !(value_of(gap) < in.interaction->skin()))
    return clip && value_of(elastic) < 0 ? S(0) : elastic;
  const NormalDamping& damping = in.interaction->damping;
  ContactStiffness<S> stiffness{compose(-f.slope, -f.curvature, gap), S(0), false};
  if (in.pair_stiffness != nullptr) {
    stiffness.pair = pair_value_on<S>(in.pair_stiffness->value, in.pair_stiffness->gradient);
    stiffness.pair_mass =
        pair_value_on<S>(in.pair_stiffness->mass, in.pair_stiffness->mass_gradient);
    stiffness.shared = true;
  }
  const double coefficient = damping.restitution ? in.step->event_dashpot : damping.coefficient;
  return damped_pressure(damping.dashpot.get(), coefficient, elastic, stiffness,
                         step_contact_mass(*in.a, *in.b, *in.step), normal_velocity, clip,
                         dashpot_share(in, gap));
}

template <class S>
struct ContactForce {
  Vec3T<S> force;  ///< on A
  S pressure;
  Vec3T<S> friction;  ///< f_t
  Vec3T<S> tangential_gap;
  Vec3T<S> sliding;  ///< the increment g_t^Δ of eq. (43)
  S normal_velocity;
  StickSlip status = StickSlip::Stick;
  double slip_coefficient = 0;
  Vec3T<S> slip_velocity;  ///< v_t, zero without friction
};

template <class S>
ContactForce<S> contact_force(const PointwiseInput& in, const SideMotion<S>& a,
                              const SideMotion<S>& b, const ContactPoints<S>& points,
                              const Vec3T<S>& normal, const S& gap) {
  const PointwiseStepData& step = *in.step;
  const Vec3T<S> relative_velocity = a.velocity_at(points.on_a) - b.velocity_at(points.on_b);
  ContactForce<S> result;
  result.normal_velocity = normal.dot(relative_velocity);
  result.pressure = normal_pressure(in, gap, result.normal_velocity);
  result.friction.setZero();
  result.tangential_gap.setZero();
  result.sliding.setZero();
  result.slip_velocity.setZero();
  const FrictionParams& friction = in.interaction->friction;
  if (friction.enabled()) {
    const Vec3T<S> motion = a.point(step.material_point_a) - b.point(step.material_point_b) -
                            step.material_gap_i.template cast<S>();
    result.sliding = motion - normal * normal.dot(motion);  // eq. (43), see the header
    result.tangential_gap = result.sliding;
    if (step.active_i)
      result.tangential_gap += rotate_with_normal(step.normal_i, normal, step.tangential_gap_i);
    const Vec3T<S> tangential_velocity = relative_velocity - normal * normal.dot(relative_velocity);
    const S compressive = value_of(result.pressure) < 0 ? S(0) : result.pressure;
    const FrictionForce<S> f = coulomb_friction(friction, step.status_i, result.tangential_gap,
                                                tangential_velocity, compressive);
    result.slip_velocity = tangential_velocity;
    result.friction = f.force;
    result.status = f.status;
    result.slip_coefficient = f.slip_coefficient;
  }
  result.force = result.pressure * normal - result.friction;
  return result;
}

template <class S>
struct ContactGeometry {
  ContactPoints<S> points;  ///< Γ_A, Γ_B
  Vec3T<S> normal;          ///< n = g/g_n, from B towards A
  S gap;                    ///< g_n
};

/// The degenerated LCP's contact points at the trial configuration (eqs. 29, 31).
template <class S>
ContactGeometry<S> contact_geometry(const PointwiseInput& in, const SideMotion<S>& a,
                                    const SideMotion<S>& b) {
  const PointwiseStepData& step = *in.step;
  const RegionVertices va = region_vertices(*in.a->shape, step.region_a);
  const RegionVertices vb = region_vertices(*in.b->shape, step.region_b);
  std::array<Vec3T<S>, 3> xa, xb;
  for (std::size_t k = 0; k < static_cast<std::size_t>(va.count); ++k)
    xa[k] = a.point(va.reference[k]);
  for (std::size_t k = 0; k < static_cast<std::size_t>(vb.count); ++k)
    xb[k] = b.point(vb.reference[k]);
  ContactGeometry<S> geometry;
  geometry.points = degenerated_contact_points(step.region_a.kind, xa, step.region_b.kind, xb);
  const Vec3T<S> g = geometry.points.on_a - geometry.points.on_b;  // eq. (29)
  using std::sqrt;
  geometry.gap = sqrt(g.squaredNorm());
  geometry.normal = g / geometry.gap;  // eq. (31)
  return geometry;
}

template <class S, int N>
Eigen::Matrix<S, N, 1> contact_residual(const PointwiseInput& in, const SideMotion<S>& a,
                                        const SideMotion<S>& b, PointwiseOutcome* outcome) {
  const ContactGeometry<S> geometry = contact_geometry(in, a, b);
  const ContactPoints<S>& points = geometry.points;
  const Vec3T<S>& normal = geometry.normal;
  const S& gap = geometry.gap;
  const ContactForce<S> f = contact_force(in, a, b, points, normal, gap);

  Eigen::Matrix<S, N, 1> r;
  r.template head<3>() = -f.force;
  r.template segment<3>(3) = -(a.xi.transpose() * (points.on_a - a.pole).cross(f.force));
  if constexpr (N == 12) {
    r.template segment<3>(6) = f.force;
    r.template segment<3>(9) = b.xi.transpose() * (points.on_b - b.pole).cross(f.force);
  }
  if (outcome != nullptr) {
    const auto values = [](const Vec3T<S>& v) {
      return Vec3(value_of(v(0)), value_of(v(1)), value_of(v(2)));
    };
    outcome->point = 0.5 * (values(points.on_a) + values(points.on_b));
    outcome->normal = values(normal);
    outcome->gap = value_of(gap);
    outcome->pressure = value_of(f.pressure);
    outcome->normal_force = outcome->pressure * outcome->normal;
    outcome->friction_force = -values(f.friction);
    outcome->tangential_gap = values(f.tangential_gap);
    outcome->sliding = values(f.sliding);
    outcome->status = f.status;
    outcome->slip_coefficient = f.slip_coefficient;
    const double elastic = law_values(in, outcome->gap).force;
    outcome->damping_force = elastic - outcome->pressure;
    outcome->damping_power = outcome->damping_force * value_of(f.normal_velocity);
    outcome->slip_velocity = values(f.slip_velocity);
    outcome->normal_velocity = value_of(f.normal_velocity);
    outcome->normal_energy = in.interaction->law().energy(outcome->gap);
  }
  return r;
}

template <int N>
using ADN = Eigen::AutoDiffScalar<Eigen::Matrix<double, N, 1>>;

/// A body's motion differentiated with respect to its own six DOFs.
SideMotion<ADN<6>> differentiated_motion(const ContactSide& side, const StepContext& context) {
  const auto seed = [](const Vec3& v, int first) {
    Vec3T<ADN<6>> s;
    for (int k = 0; k < 3; ++k) s(k) = ADN<6>(v(k), 6, first + k);
    return s;
  };
  return body_motion<ADN<6>>(side, seed(side.trial.u_delta, 0), seed(side.trial.alpha_delta, 3),
                             context);
}

/// Everything body_motion reads, bit for bit: the pole, the trial increments, the
/// converged state i and the step's Newmark constants.
using MotionKey = std::array<double, 32>;

MotionKey motion_key(const ContactSide& side, const StepContext& context) {
  const NodeState& state = *side.node;
  const NewmarkCoefficients& c = context.newmark;
  MotionKey key{};
  auto out = key.begin();
  const auto put = [&out](const auto& v) {
    for (Eigen::Index k = 0; k < v.size(); ++k) *out++ = v(k);
  };
  put(side.trial.pole_position);
  put(side.trial.u_delta);
  put(side.trial.alpha_delta);
  put(state.rotation.coeffs());
  put(state.velocity);
  put(state.acceleration);
  put(state.angular_velocity);
  put(state.angular_acceleration);
  for (const double a : {c.a1, c.a2, c.a3, c.a4, c.a5, c.a6}) *out++ = a;
  *out = context.dynamic() ? 1.0 : 0.0;
  return key;
}

/// A body's motion on the scalar S (ADN<6>: differentiated with respect to its own
/// six DOFs), remembered per thread: a body in a pack belongs to about ten pairs,
/// and its Newmark kinematics on AD scalars cost as much as a contact; in plain
/// numbers a pair's candidates each ask for their sides' motions again when the
/// active set is decided (engaged_pressure: on the flagship 1.2 million plain
/// motions against 0.18 million differentiated). A direct-mapped table of recent
/// bodies (pairs come in head order, so a head's pairs follow one another and
/// partners are near in number); an entry is used only when its inputs are the
/// same bits, so the motion is the one computed afresh, for any thread count or order.
template <class S>
SideMotion<S> own_motion(const ContactSide& side, const StepContext& context) {
  struct Entry {
    MotionKey key{};
    SideMotion<S> motion;
    bool filled = false;
  };
  constexpr std::size_t kSlots = 256;
  thread_local std::vector<Entry> remembered(kSlots);
  const MotionKey key = motion_key(side, context);
  Entry& entry =
      remembered[reinterpret_cast<std::uintptr_t>(side.node) / sizeof(NodeState) % kSlots];
  if (!entry.filled || std::memcmp(entry.key.data(), key.data(), sizeof(MotionKey)) != 0) {
    if constexpr (std::is_same_v<S, double>)
      entry.motion = body_motion<double>(side, side.trial.u_delta, side.trial.alpha_delta, context);
    else
      entry.motion = differentiated_motion(side, context);
    entry.key = key;
    entry.filled = true;
  }
  return entry.motion;
}

/// A side's motion on the nine directions of a pair of bodies: A's six DOFs as
/// they are, or B's rotation alone (its translation's derivative is not formed).
template <int Rows, int Cols>
Eigen::Matrix<ADN<9>, Rows, Cols> on_pair_directions(const Eigen::Matrix<ADN<6>, Rows, Cols>& m,
                                                     bool side_b) {
  Eigen::Matrix<ADN<9>, Rows, Cols> result;
  for (int k = 0; k < m.size(); ++k) {
    result(k).value() = m(k).value();
    auto& d = result(k).derivatives();
    d.setZero();
    if (side_b)
      d.template tail<3>() = m(k).derivatives().template tail<3>();
    else
      d.template head<6>() = m(k).derivatives();
  }
  return result;
}

SideMotion<ADN<9>> on_pair_directions(const SideMotion<ADN<6>>& m, bool side_b) {
  return {on_pair_directions(m.pole, side_b), on_pair_directions(m.rotation, side_b),
          on_pair_directions(m.velocity, side_b), on_pair_directions(m.angular_velocity, side_b),
          on_pair_directions(m.xi, side_b)};
}

/// The sides' motions on AD scalars seeded with the element's AD directions.
template <int N>
std::pair<SideMotion<ADN<kAdWidth<N>>>, SideMotion<ADN<kAdWidth<N>>>> seeded_motions(
    const PointwiseInput& pair) {
  if constexpr (N == 12)
    return {on_pair_directions(own_motion<ADN<6>>(*pair.a, *pair.context), false),
            on_pair_directions(own_motion<ADN<6>>(*pair.b, *pair.context), true)};
  else
    return {own_motion<ADN<6>>(*pair.a, *pair.context), boundary_motion<ADN<6>>(*pair.b)};
}

template <int N>
std::pair<SideMotion<double>, SideMotion<double>> plain_motions(const PointwiseInput& in) {
  std::pair<SideMotion<double>, SideMotion<double>> motions;
  motions.first = own_motion<double>(*in.a, *in.context);
  motions.second =
      N == 12 ? own_motion<double>(*in.b, *in.context) : boundary_motion<double>(*in.b);
  return motions;
}

/// K and M of the pair when its contacts share the pair's mass (on AD scalars
/// with their gradients on the N DOFs); otherwise nothing.
template <class S, int N>
std::optional<PairStiffness> pair_stiffness(const PointwiseInput& pair,
                                            std::span<const PointwiseStepData* const> contacts,
                                            const SideMotion<S>& a, const SideMotion<S>& b) {
  if (contacts.size() < 2 || !pair.context->dynamic() || !pair.interaction->shares_pair_mass())
    return std::nullopt;
  PointwiseInput in = pair;
  S total(0);
  Eigen::Matrix<S, 9, 1> push = Eigen::Matrix<S, 9, 1>::Constant(S(0));  // Σ k_j μ_j
  for (const PointwiseStepData* step : contacts) {
    in.step = step;
    const S k = contact_stiffness_at(pair.interaction->law(), contact_geometry(in, a, b).gap);
    total += k;
    push += k * step_mobility(*pair.a, *pair.b, *step).template cast<S>();
  }
  const S mobility = push.squaredNorm();
  const S mass = value_of(mobility) > 0 ? S(total * total / mobility) : S(0);
  PairStiffness result;
  result.value = value_of(total);
  result.mass = value_of(mass);
  if constexpr (!std::is_same_v<S, double>) {
    result.gradient = element_gradient<N>(total.derivatives());
    if (value_of(mobility) > 0) result.mass_gradient = element_gradient<N>(mass.derivatives());
  }
  return result;
}

template <int N>
POLYDEM_FLATTEN void add_contacts(const PointwiseInput& pair,
                                  std::span<const PointwiseStepData* const> contacts,
                                  Eigen::Ref<Eigen::VectorXd> residual,
                                  Eigen::Ref<Eigen::MatrixXd> tangent, PointwiseOutcome* outcome) {
  using AD = ADN<kAdWidth<N>>;
  const auto [a, b] = seeded_motions<N>(pair);
  const std::optional<PairStiffness> stiffness = pair_stiffness<AD, N>(pair, contacts, a, b);
  PointwiseInput in = pair;
  in.pair_stiffness = stiffness ? &*stiffness : nullptr;
  for (const PointwiseStepData* step : contacts) {
    in.step = step;
    const Eigen::Matrix<AD, N, 1> r = contact_residual<AD, N>(in, a, b, outcome);
    for (int row = 0; row < N; ++row) {
      residual(row) += r(row).value();
      const auto& d = r(row).derivatives();
      tangent.row(row).template head<6>() += d.template head<6>().transpose();
      if constexpr (N == 12) {
        tangent.row(row).template segment<3>(6) -= d.template head<3>().transpose();
        tangent.row(row).template tail<3>() += d.template tail<3>().transpose();
      }
    }
  }
}

/// The pair's contacts in plain arithmetic: their residuals summed into
/// `residual` (when not null) and their outcomes (when not empty).
template <int N>
void plain_contacts(const PointwiseInput& pair, std::span<const PointwiseStepData* const> contacts,
                    Eigen::Matrix<double, N, 1>* residual, std::span<PointwiseOutcome> outcomes) {
  const auto [a, b] = plain_motions<N>(pair);
  const std::optional<PairStiffness> stiffness = pair_stiffness<double, N>(pair, contacts, a, b);
  PointwiseInput in = pair;
  in.pair_stiffness = stiffness ? &*stiffness : nullptr;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    in.step = contacts[k];
    const Eigen::Matrix<double, N, 1> r =
        contact_residual<double, N>(in, a, b, outcomes.empty() ? nullptr : &outcomes[k]);
    if (residual != nullptr) *residual += r;
  }
}

template <int N>
PointwiseOutcome plain_outcome_among(const PointwiseInput& input,
                                     std::span<const PointwiseStepData* const> pair_contacts) {
  const auto [a, b] = plain_motions<N>(input);
  const std::optional<PairStiffness> stiffness =
      pair_stiffness<double, N>(input, pair_contacts, a, b);
  PointwiseInput in = input;
  in.pair_stiffness = stiffness ? &*stiffness : nullptr;
  PointwiseOutcome outcome;
  contact_residual<double, N>(in, a, b, &outcome);
  return outcome;
}

template <int N>
Eigen::Matrix<double, N, 1> plain_residual(const PointwiseInput& in, PointwiseOutcome* outcome) {
  const auto [a, b] = plain_motions<N>(in);
  return contact_residual<double, N>(in, a, b, outcome);
}

}  // namespace

double effective_mass(const ContactSide& a, const ContactSide& b) {
  if (!b.has_dofs()) return a.mass;
  return a.mass * b.mass / (a.mass + b.mass);
}

ContactMobility step_mobility(const ContactSide& a, const ContactSide& b,
                              const PointwiseStepData& step) {
  Vec3 normal = step.normal_i;
  if (!(normal.squaredNorm() > 0) && step.material_gap_i.squaredNorm() > 0)
    normal = step.material_gap_i.normalized();
  return contact_mobility(a, b, step.material_point_a, step.material_point_b, normal);
}

double step_contact_mass(const ContactSide& a, const ContactSide& b,
                         const PointwiseStepData& step) {
  return contact_point_mass(step_mobility(a, b, step));
}

void add_pointwise_contact(const PointwiseInput& input, Eigen::Ref<Eigen::VectorXd> residual,
                           Eigen::Ref<Eigen::MatrixXd> tangent, PointwiseOutcome* outcome) {
  const PointwiseStepData* const step = input.step;
  if (input.b->has_dofs())
    add_contacts<12>(input, {&step, 1}, residual, tangent, outcome);
  else
    add_contacts<6>(input, {&step, 1}, residual, tangent, outcome);
}

void add_pointwise_contacts(const PointwiseInput& pair,
                            std::span<const PointwiseStepData* const> contacts,
                            Eigen::Ref<Eigen::VectorXd> residual,
                            Eigen::Ref<Eigen::MatrixXd> tangent) {
  if (pair.b->has_dofs())
    add_contacts<12>(pair, contacts, residual, tangent, nullptr);
  else
    add_contacts<6>(pair, contacts, residual, tangent, nullptr);
}

void add_pointwise_contacts_residual(const PointwiseInput& pair,
                                     std::span<const PointwiseStepData* const> contacts,
                                     Eigen::Ref<Eigen::VectorXd> residual) {
  if (pair.b->has_dofs()) {
    Eigen::Matrix<double, 12, 1> sum = Eigen::Matrix<double, 12, 1>::Zero();
    plain_contacts<12>(pair, contacts, &sum, {});
    residual += sum;
  } else {
    Eigen::Matrix<double, 6, 1> sum = Eigen::Matrix<double, 6, 1>::Zero();
    plain_contacts<6>(pair, contacts, &sum, {});
    residual += sum;
  }
}

void pointwise_outcomes(const PointwiseInput& pair,
                        std::span<const PointwiseStepData* const> contacts,
                        std::span<PointwiseOutcome> outcomes) {
  if (pair.b->has_dofs())
    plain_contacts<12>(pair, contacts, nullptr, outcomes);
  else
    plain_contacts<6>(pair, contacts, nullptr, outcomes);
}

PointwiseOutcome pointwise_outcome_among(const PointwiseInput& input,
                                         std::span<const PointwiseStepData* const> pair_contacts) {
  return input.b->has_dofs() ? plain_outcome_among<12>(input, pair_contacts)
                             : plain_outcome_among<6>(input, pair_contacts);
}

void add_pointwise_contact_residual(const PointwiseInput& input,
                                    Eigen::Ref<Eigen::VectorXd> residual) {
  if (input.b->has_dofs())
    residual += plain_residual<12>(input, nullptr);
  else
    residual += plain_residual<6>(input, nullptr);
}

PointwiseOutcome pointwise_outcome(const PointwiseInput& input) {
  PointwiseOutcome outcome;
  if (input.b->has_dofs())
    plain_residual<12>(input, &outcome);
  else
    plain_residual<6>(input, &outcome);
  return outcome;
}

}  // namespace polydem

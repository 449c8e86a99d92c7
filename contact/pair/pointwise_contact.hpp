// One pointwise contact between a sub-region of side A and one of side B (paper
// §2.4.6): its contribution to the residual and the consistent tangent on the
// DOFs of the sides that have DOFs (12 for two bodies, 6 against a boundary).
//
// The force on A at the contact points Γ_A, Γ_B of the degenerated LCP is
//   F = p n − f_t,   p = max(f_n(g_n) − f_d, 0)   (eqs. 39–40, 49, 52–53),
// with f_t the Coulomb friction force on the elastic tangential gap
//   g_t^{i+1} = (I − n⊗n) [ĝ(c^i, d) − ĝ(c^i, 0)] + Q_c^Δ g_t^i   (eqs. 43–44, 54–56),
// where ĝ(c^i, d) is the gap between the material points that were the LCP
// solution at configuration i and Q_c^Δ is the smallest rotation taking n^i to
// n^{i+1}. Eq. (43) projects ĝ(c^i, d) itself; subtracting its value at i
// leaves exactly the step's relative motion of those points. Otherwise the gap
// at i (up to ḡ_n long, along n^i) leaks into the tangent plane when the normal
// turns, most of all for a contact that starts in the step, and friction does
// work on motion that never happened. F acts at Γ_A on A and −F at Γ_B on B; its virtual work is
// F·δg with c held fixed, which for the normal part equals −p δg_n exactly
// (the LCP's orthogonality removes g_,c D, eq. 48) and for the tangential part
// is the sliding work of eq. (46). The residual, written once on the scalar,
// is differentiated in forward mode, so every geometric term (moving contact
// point through D, rotating normal, Ξᵀ of the pseudo-moments) is in the tangent.
// The mass the dashpot f_d meets, m* of the sides at the contact point along its
// normal (contact_mass.hpp), is that of configuration i, held over the step: it
// has no derivative, and the dashpot stays dissipative (f_d ġ_n ≥ 0).
#pragma once

#include <span>

#include <Eigen/Core>

#include "contact/law/interaction.hpp"
#include "contact/local/local_contact.hpp"
#include "contact/pair/contact_mass.hpp"
#include "contact/pair/contact_side.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

/// What a candidate pair carries through a step: the LCP solution at the
/// converged configuration i and the friction history. The flags and the
/// status sit together after the numbers, so that no padding follows them:
/// 192 bytes on x86-64, one per candidate near contact (memory per body, issue 29).
struct PointwiseStepData {
  SubRegion region_a;
  SubRegion region_b;
  Vec3 material_point_a = Vec3::Zero();  ///< Γ_A(c^i) in A's body frame, relative to its pole
  Vec3 material_point_b = Vec3::Zero();  ///< Γ_B(c^i) in B's body frame
  Vec3 material_gap_i =
      Vec3::Zero();              ///< ĝ(c^i, d^i): the gap between those points at configuration i
  Vec3 normal_i = Vec3::Zero();  ///< n^i; zero when the LCP had no solution at i
  Vec3 tangential_gap_i = Vec3::Zero();  ///< g_t^i, world frame (history: real when active_i)
  double gap_i = 1e300;    ///< g_n of the LCP solution at i, valid or not; huge without one
  double onset_speed = 0;  ///< approach speed −ġ_n when this contact event began (m/s)
  /// |ġ_n| at configuration i (m/s): the dashpot fades in over |ġ_n| Δt at most
  /// (dashpot_share); huge when unknown: over the interaction's whole ramp.
  double speed_i = 1e300;
  double event_dashpot = 0;  ///< with restitution: the event's ζ or c, from onset_speed
  StickSlip status_i = StickSlip::Stick;  ///< history: real when active_i
  bool active_i = false;  ///< an active contact at i: its history (g_t^i, status) is real
  /// The history was handed over from the neighbouring sub-region pair
  /// (donor_region_a, donor_region_b) of the same bodies (contact_history.hpp).
  bool inherited = false;
  SubRegion donor_region_a;
  SubRegion donor_region_b;
};

/// The contact at the evaluated iterate, in plain numbers.
struct PointwiseOutcome {
  Vec3 point = Vec3::Zero();         ///< midpoint of Γ_A and Γ_B
  Vec3 normal = Vec3::Zero();        ///< n, from B towards A
  double gap = 0;                    ///< g_n
  double pressure = 0;               ///< p (N): ≥ 0, or slightly negative for an engaged contact
  Vec3 normal_force = Vec3::Zero();  ///< p n, on A
  Vec3 friction_force = Vec3::Zero();  ///< −f_t, on A
  Vec3 tangential_gap = Vec3::Zero();  ///< g_t^{i+1} before the update of eqs. (57)–(58)
  Vec3 sliding = Vec3::Zero();  ///< g_t^Δ of eq. (43): the step's relative tangential motion
  StickSlip status = StickSlip::Stick;
  double slip_coefficient = 0;  ///< μ of sliding at this state: μ_d, or Stribeck's μ(v)
  double normal_energy = 0;     ///< Φ(g_n) = ∫_g^ḡ f_n (J)
  double damping_force = 0;     ///< f_n − p: the damping part of the normal force (N)
  double damping_power = 0;  ///< (f_n − p) ġ_n ≥ 0: power dissipated by the normal damping (W)
  double normal_velocity = 0;         ///< ġ_n (m/s)
  Vec3 slip_velocity = Vec3::Zero();  ///< v_t: relative tangential velocity of the contact points
};

/// K = Σ k_j of a pair's active contacts and the mass M = K²/|Σ k_j μ_j|² their
/// push meets (contact_mass.hpp), with their gradients on the element's DOFs
/// (the first 6 entries against a boundary), for viscous damping with a shared
/// pair mass (normal_damping.hpp). The mobilities μ_j are those of configuration
/// i; M's gradient comes from the stiffnesses alone.
struct PairStiffness {
  double value = 0;
  Eigen::Matrix<double, 12, 1> gradient = Eigen::Matrix<double, 12, 1>::Zero();
  double mass = 0;
  Eigen::Matrix<double, 12, 1> mass_gradient = Eigen::Matrix<double, 12, 1>::Zero();
};

struct PointwiseInput {
  const Interaction* interaction = nullptr;
  const ContactSide* a = nullptr;  ///< always a body
  const ContactSide* b = nullptr;  ///< a body or a boundary
  const PointwiseStepData* step = nullptr;
  const StepContext* context = nullptr;
  /// Engaged in an active-set Newton solve: the law continues beyond the skin
  /// (HybridBarrierLaw::engaged_force) and p is not clipped at zero, so that the
  /// residual is smooth; complementarity is checked once Newton has converged.
  bool engaged = false;
  const PairStiffness* pair_stiffness = nullptr;  ///< null: the contact damps its own mass m*
};

/// Adds the residual (sign convention of eq. 63) and tangent of one contact to
/// `residual` (size 12, or 6 when B has no DOFs) and `tangent`; fills `outcome`
/// when given. Precondition: the pair's LCP has a solution at the trial state.
void add_pointwise_contact(const PointwiseInput& input, Eigen::Ref<Eigen::VectorXd> residual,
                           Eigen::Ref<Eigen::MatrixXd> tangent, PointwiseOutcome* outcome);

/// The same for several contacts between the same two sides (`pair.step` is
/// ignored): the sides' motion and its derivatives are computed once, and when
/// the interaction shares the pair's mass among its contacts, K = Σ k_j is
/// summed first and its derivatives enter every contact's tangent.
void add_pointwise_contacts(const PointwiseInput& pair,
                            std::span<const PointwiseStepData* const> contacts,
                            Eigen::Ref<Eigen::VectorXd> residual,
                            Eigen::Ref<Eigen::MatrixXd> tangent);
/// The same residual in plain arithmetic.
void add_pointwise_contacts_residual(const PointwiseInput& pair,
                                     std::span<const PointwiseStepData* const> contacts,
                                     Eigen::Ref<Eigen::VectorXd> residual);
/// The outcome of each of the pair's contacts (`outcomes` has their size).
void pointwise_outcomes(const PointwiseInput& pair,
                        std::span<const PointwiseStepData* const> contacts,
                        std::span<PointwiseOutcome> outcomes);

/// One contact's outcome (`input.step`) when it shares the pair's mass with
/// `pair_contacts` (which should hold it), as add_pointwise_contacts evaluates it.
PointwiseOutcome pointwise_outcome_among(const PointwiseInput& input,
                                         std::span<const PointwiseStepData* const> pair_contacts);

/// One contact's residual in plain arithmetic (no tangent), for finite-difference checks.
void add_pointwise_contact_residual(const PointwiseInput& input,
                                    Eigen::Ref<Eigen::VectorXd> residual);

/// The contact's forces and state at the trial increments, in plain arithmetic.
PointwiseOutcome pointwise_outcome(const PointwiseInput& input);

/// m_A m_B/(m_A + m_B), or m_A against a boundary: the mass of eq. (52) as
/// printed, here that of the critical step of central differences.
double effective_mass(const ContactSide& a, const ContactSide& b);

/// The contact's mobility μ at configuration i (contact_mass.hpp): at the material
/// points of its LCP solution at i, along n^i (or ĝ(c^i, d^i) when that LCP had none).
ContactMobility step_mobility(const ContactSide& a, const ContactSide& b,
                              const PointwiseStepData& step);

/// m* of the contact at configuration i: the mass its normal damping meets
/// (the viscous dashpot's m, the restitution calibration's).
double step_contact_mass(const ContactSide& a, const ContactSide& b, const PointwiseStepData& step);

}  // namespace polydem

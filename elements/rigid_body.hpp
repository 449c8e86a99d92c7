// One rigid body B as an element with the six DOFs (u^Δ, α^Δ) of its pole P
// (paper §2.1–2.3, eqs. 10–25).
//
// Residual (sign convention of eq. 63, r = inertia − external):
//   r_u = f_t − f_e,   r_α = Ξ(α^Δ)ᵀ (m_t − m_e),
// with f_t, m_t of eq. (18) evaluated with the Newmark kinematics of eqs. (21)–(22),
// b^{i+1} = Q^{i+1} b^r (eq. 11) and J^{i+1} = Q^{i+1} J^r Q^{i+1}ᵀ (eq. 15). The pole
// need not be the centre of mass, so J^r is taken about the pole (parallel-axis
// shift of the centre-of-mass inertia) and the coupling terms with b remain.
// Moments are spatial vectors, work-conjugate to δω; δω = Ξ δα^Δ (eq. 8), hence
// the pseudo-moment Ξᵀ m of eqs. (17) and (24).
// External loads: weight m g at the centre of mass, i.e. m g and b × m g at the
// pole (eq. 25); user forces at body points p^{i+1} = Q^{i+1} p^r add p × F.
//
// The residual is written once as a template on the scalar; the tangent is its
// exact forward-mode derivative, so every geometric term (Q^Δ in eq. 22, Ξᵀ,
// rotating b, J and load points) is in it.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "elements/applied_loads.hpp"
#include "src/core/rotation.hpp"
#include "src/core/types.hpp"
#include "src/model/element.hpp"
#include "src/model/node_state.hpp"
#include "src/model/step_context.hpp"

namespace polydem {

class RigidBody final : public Element {
 public:
  /// node: pole index (DOFs 6n..6n+5); inertia_com: about the centre of mass, body
  /// axes; com_offset: b^r, centre of mass relative to the pole, body axes;
  /// length_scale (m) converts moments to forces and rotations to lengths.
  RigidBody(int node, double mass, const Mat3& inertia_com, const Vec3& com_offset,
            double length_scale, std::vector<AppliedLoad> loads);

  /// A length scale for a body of this mass and inertia (about the centre of
  /// mass) whose centre of mass, load points and other attached points lie at
  /// `reach` from the pole: the RMS distance of the mass from its centre, or
  /// the farthest of those points if larger.
  static double natural_length_scale(double mass, const Mat3& inertia_com,
                                     std::span<const Vec3> reach);

  std::span<const int> dofs() const override { return dofs_; }
  void evaluate(const StepContext& ctx, Eigen::Ref<Eigen::VectorXd> residual,
                Eigen::Ref<Eigen::MatrixXd> tangent) const override;
  void evaluate_residual(const StepContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> residual) const override;
  double reference_force(const StepContext& ctx) const override;

  /// Residual only (double arithmetic, no derivatives).
  Vec6 residual(const StepContext& ctx) const;

  /// Solves the equations of motion (eq. 18 = external loads at t0, no contact)
  /// for ü and ω̇ of `state`, so that Newmark starts from a consistent state.
  /// `attached_load`: force and moment about the pole (global frame) that other
  /// elements apply to the body, e.g. loads at its rigid nodes.
  void initial_accelerations(NodeState& state, double t0, const Vec3& gravity,
                             const Wrench<double>& attached_load = {}) const;

  // ---- diagnostics at a converged state ----
  Vec3 centre_of_mass(const NodeState& state) const;
  /// The user loads and the weight m·gravity on the body at `state` and `time`,
  /// the moment about the global origin.
  Wrench<double> applied_wrench_at(const NodeState& state, double time, const Vec3& gravity) const;
  double kinetic_energy(const NodeState& state) const;
  /// −m g·x_G.
  double potential_energy(const NodeState& state, const Vec3& gravity) const;
  Vec3 linear_momentum(const NodeState& state) const;
  /// About the global origin.
  Vec3 angular_momentum(const NodeState& state) const;
  /// Work of the user loads from state i to i+1 (trapezoidal in time: mean load
  /// times the displacement of its point, mean moment times the rotation vector of
  /// Q^Δ). Gravity's work is the drop of potential_energy and is not counted here,
  /// except for the part the potential misses when g itself changes between the two
  /// states (a ramped load factor): −m Δg·x̄_G. Then T + V − ΣW stays constant.
  double external_work_increment(const NodeState& state_i, const NodeState& state_ip1, double t_i,
                                 double t_ip1, const Vec3& gravity_i, const Vec3& gravity_ip1,
                                 bool dynamic) const;

  int node() const { return node_; }
  double mass() const { return mass_; }
  double length_scale() const { return length_scale_; }
  const Vec3& centre_of_mass_offset() const { return com_offset_; }
  const Mat3& inertia_about_com() const { return inertia_com_; }
  /// J^r about the pole, body axes: J_G + m(|b|² I − b bᵀ).
  const Mat3& inertia_about_pole() const { return inertia_pole_; }
  const std::vector<AppliedLoad>& loads() const { return loads_; }

 private:
  template <class S>
  Eigen::Matrix<S, 6, 1> residual_at(const StepContext& ctx, const Vec3T<S>& u_delta,
                                     const Vec3T<S>& alpha_delta) const;
  template <class S>
  Wrench<S> external_wrench(const Mat3T<S>& rotation, double time, const Vec3& weight) const;
  template <class S>
  Wrench<S> inertia_wrench(const Mat3T<S>& rotation, const Vec3T<S>& acceleration,
                           const Vec3T<S>& angular_velocity,
                           const Vec3T<S>& angular_acceleration) const;

  int node_;
  std::array<int, kDofsPerNode> dofs_;
  double mass_;
  Mat3 inertia_com_;
  Mat3 inertia_pole_;
  Vec3 com_offset_;
  double length_scale_;
  std::vector<AppliedLoad> loads_;
};

}  // namespace polydem

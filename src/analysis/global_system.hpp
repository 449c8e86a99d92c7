// The global nonlinear system of one time step, r(Δa) = 0 (eqs. 61–63), as a
// NewtonProblem: it owns the increment vector Δa, applies prescribed
// increments, assembles through the SparseAssembler and measures residuals
// and corrections in dimensionless form (forces over the force scale,
// moments over force scale × body length; displacements over body length).
//
// Lagrange multipliers of rigid nodes (DOFs after all node DOFs) swap the roles:
// their equations are constraint gaps, a length (g_u, over the body length) or a
// rotation (g_α, as is), already dimensionless and not divided by the force
// scale; their corrections are a force (λ, over the force scale) or a pseudo-
// moment (μ, over force scale × body length). So one tolerance means the same
// for every row: a gap of 1e-8 L is as converged as a force unbalance of 1e-8 F.
//
// Under domain decomposition (system_partition.hpp) the equations are this
// process's own and ghost rows, norms and decisions are reduced over the
// processes, and the increments of every DOF are kept, those of other
// processes' bodies updated by share_increments() once Newton has converged.
#pragma once

#include "solvers/assembly/sparse_assembler.hpp"
#include "solvers/newton.hpp"
#include "src/analysis/model.hpp"
#include "src/analysis/system_partition.hpp"

namespace polydem {

class GlobalSystem final : public NewtonProblem {
 public:
  GlobalSystem(Model& model, int threads, SystemPartition& partition = whole_system());

  /// Rebuilds the sparsity pattern; call when the element set changes. The
  /// current increments are kept.
  void rebuild_pattern();

  /// Starts a step from configuration i (model.nodes): zero increments for
  /// free DOFs, prescribed increments for the others.
  void begin_step(StepContext context, double step_start_time);

  /// A first iterate from the motion at i (dynamic steps): u^Δ = Δt u̇ + Δt² ü/2 and
  /// α^Δ = Δt ω + Δt² ω̇/2 for the bodies' free DOFs, halved until it crosses no
  /// contact barrier, else left at zero. Newton then starts next to the solution
  /// of a smooth step instead of a residual the size of the inertia forces.
  /// The contacts' active set is then decided at that iterate.
  void predict();
  /// Decides the contacts' active set at the current iterate: the contacts in
  /// their skin that push engage (a solve that starts from it, after predict()
  /// or when a night-owl contact joins a converged step).
  void decide_active_set();

  const StepContext& context() const { return context_; }
  const Eigen::VectorXd& increments() const { return increments_; }
  /// Force scale (N) used by residual_norm(); 0 selects the automatic one.
  void set_force_scale(double force_scale) { force_scale_override_ = force_scale; }
  double force_scale() const;
  /// After Newton has converged: the increments of every DOF, as every process has them.
  void share_increments() { partition_.share_increments(increments_); }

  void evaluate() override;
  void evaluate_residual() override;
  void prepare_tangent() override;
  const Eigen::VectorXd& residual() const override { return *residual_; }
  long equation_count() const override { return model_.dofs.equation_count(); }
  bool residual_finite() const override { return residual_finite_; }
  const SparseMatrix& tangent() const override { return assembler_.tangent(); }
  /// Bytes the assembly holds besides the tangent (SparseAssembler::held_bytes).
  std::size_t assembly_bytes() const { return assembler_.held_bytes(); }
  std::uint64_t pattern_version() const override { return pattern_version_; }
  double residual_norm() const override;
  double correction_norm(const Eigen::VectorXd& correction) const override;
  double projection(const Eigen::VectorXd& correction) const override;
  void apply(const Eigen::VectorXd& correction) override;
  bool admissible(const Eigen::VectorXd& correction) override;
  bool refresh_active_set(double residual_tolerance) override;
  std::uint64_t active_set_signature() const override;

 private:
  Model& model_;
  int threads_;
  SystemPartition& partition_;
  SparseAssembler assembler_;
  const Eigen::VectorXd* residual_ = &assembler_.residual();
  bool residual_finite_ = true;
  bool tangent_current_ = false;       ///< tangent() is at the iterate last evaluated
  double reference_force_ = 0;         ///< of the last evaluation, over every process
  std::uint64_t pattern_version_ = 0;  ///< of the last evaluation, over every process
  StepContext context_;
  Eigen::VectorXd increments_;
  Eigen::VectorXd trial_increments_;  ///< scratch of admissible()
  std::vector<int> equation_dof_;     ///< the DOF of each equation
  // Each pair splits the equations in two: weights are zero on the other kind.
  Eigen::VectorXd force_row_weight_;   ///< 1 for forces, 1/L for moments (÷ force scale)
  Eigen::VectorXd gap_row_weight_;     ///< 1/L for position gaps, 1 for rotation gaps
  Eigen::VectorXd motion_weight_;      ///< 1/L for displacements, 1 for rotations
  Eigen::VectorXd multiplier_weight_;  ///< 1 for λ, 1/L for μ (÷ force scale)
  double force_scale_override_ = 0;
};

}  // namespace polydem

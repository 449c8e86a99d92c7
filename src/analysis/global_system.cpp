#include "src/analysis/global_system.hpp"

#include <algorithm>

namespace polydem {

namespace {

double weighted_max(const Eigen::VectorXd& values, const Eigen::VectorXd& weights) {
  return values.size() == 0 ? 0.0 : values.cwiseProduct(weights).cwiseAbs().maxCoeff();
}

}  // namespace

SystemPartition& whole_system() {
  static SystemPartition whole;
  return whole;
}

GlobalSystem::GlobalSystem(Model& model, int threads, SystemPartition& partition)
    : model_(model), threads_(threads), partition_(partition) {
  rebuild_pattern();
}

void GlobalSystem::rebuild_pattern() {
  const auto elements = partition_.elements(model_);
  const DofMap& dofs = partition_.number_equations(model_, elements);
  assembler_.build_pattern(dofs, elements, threads_);
  tangent_current_ = false;
  if (increments_.size() != dofs.dof_count()) increments_.setZero(dofs.dof_count());
  const int equations = dofs.equation_count();
  equation_dof_.assign(static_cast<std::size_t>(equations), 0);
  for (Eigen::VectorXd* weight :
       {&force_row_weight_, &gap_row_weight_, &motion_weight_, &multiplier_weight_})
    weight->setZero(equations);
  const int node_dofs = kDofsPerNode * static_cast<int>(model_.nodes.size());
  for (int dof = 0; dof < dofs.dof_count(); ++dof) {
    const int equation = dofs.equation(dof);
    if (equation < 0) continue;
    equation_dof_[static_cast<std::size_t>(equation)] = dof;
    if (!partition_.owns(equation)) continue;  // another process measures it
    const double length = model_.dof_length_scale[static_cast<std::size_t>(dof)];
    const bool rotational = dof % kDofsPerNode >= 3;  // α^Δ or μ
    if (dof < node_dofs) {
      force_row_weight_[equation] = rotational ? 1.0 / length : 1.0;
      motion_weight_[equation] = rotational ? 1.0 : 1.0 / length;
    } else {
      gap_row_weight_[equation] = rotational ? 1.0 : 1.0 / length;
      multiplier_weight_[equation] = rotational ? 1.0 / length : 1.0;
    }
  }
}

void GlobalSystem::begin_step(StepContext context, double step_start_time) {
  increments_.setZero();
  for (const PrescribedDof& prescribed : model_.prescribed)
    increments_[prescribed.dof] =
        prescribed.value(context.time) - prescribed.value(step_start_time);
  context_ = context;
  context_.nodes = model_.nodes;
  context_.increments = &increments_;
  tangent_current_ = false;
}

void GlobalSystem::predict() {
  if (!context_.dynamic()) return;
  const double dt = context_.dt;
  Eigen::VectorXd& predicted = trial_increments_;
  predicted = increments_;
  for (std::size_t b = 0; b < model_.bodies.size(); ++b) {
    const NodeState& node = model_.nodes[b];
    const Vec3 du = dt * node.velocity + 0.5 * dt * dt * node.acceleration;
    const Vec3 dalpha = dt * node.angular_velocity + 0.5 * dt * dt * node.angular_acceleration;
    for (int k = 0; k < 3; ++k) {
      const int dof = kDofsPerNode * static_cast<int>(b) + k;
      if (!model_.dofs.is_constrained(dof)) predicted[dof] = du[k];
      if (!model_.dofs.is_constrained(dof + 3)) predicted[dof + 3] = dalpha[k];
    }
  }
  constexpr int kHalvings = 3;
  for (int halving = 0; halving <= kHalvings; ++halving) {
    StepContext trial = context_;
    trial.increments = &predicted;
    if (!model_.contact ||
        partition_.on_every_process(model_.contact->admissible(context_, trial))) {
      increments_.swap(predicted);
      break;
    }
    predicted = increments_ + 0.5 * (predicted - increments_);
  }
  decide_active_set();
}

// The step began with the active set decided at configuration i, where the
// Newmark velocity of zero increments is −v_i (trapezoidal rule): every
// closing contact reads as opening there, and its dashpot as pulling. So the
// first correction was taken with a set the predicted motion contradicts
// (1005 tetrapods filling: 45,900 contacts in the skin switched off and 50,200
// on at the prediction over 1121 steps), and re-deciding it cost Newton
// iterations. Deciding it at the predicted iterate, whose velocity is
// v_i + Δt a_i, saved 12 % of that fill's Newton iterations, 23 % of the 60
// tetrapods' (8 packings) and 22 % of the 45 cubes' (12 packings,
// benchmarks/seed_sweep.py).
void GlobalSystem::decide_active_set() {
  if (model_.contact) model_.contact->update_engaged(context_, 0.0);
}

void GlobalSystem::evaluate() {
  evaluate_residual();
  prepare_tangent();
}

void GlobalSystem::evaluate_residual() {
  assembler_.assemble_residual(context_, threads_);
  tangent_current_ = false;
  pattern_version_ = partition_.sum_over_processes(assembler_.pattern_version());
  residual_ = &partition_.complete_residual(assembler_.residual(), pattern_version_);
  residual_finite_ = partition_.on_every_process(residual_->allFinite());
  reference_force_ = partition_.max_over_processes(assembler_.reference_force());
}

void GlobalSystem::prepare_tangent() {
  if (tangent_current_) return;
  assembler_.assemble_tangent(context_, threads_);
  tangent_current_ = true;
}

double GlobalSystem::force_scale() const {
  const double scale = force_scale_override_ > 0 ? force_scale_override_ : reference_force_;
  return scale > 0 ? scale : 1.0;
}

double GlobalSystem::residual_norm() const {
  return partition_.max_over_processes(
      std::max(weighted_max(residual(), force_row_weight_) / force_scale(),
               weighted_max(residual(), gap_row_weight_)));
}

double GlobalSystem::correction_norm(const Eigen::VectorXd& correction) const {
  return partition_.max_over_processes(
      std::max(weighted_max(correction, motion_weight_),
               weighted_max(correction, multiplier_weight_) / force_scale()));
}

double GlobalSystem::projection(const Eigen::VectorXd& correction) const {
  return partition_.total_over_processes(correction.dot(residual()));
}

std::uint64_t GlobalSystem::active_set_signature() const {
  return model_.contact ? partition_.sum_over_processes(model_.contact->engaged_signature()) : 0;
}

bool GlobalSystem::refresh_active_set(double residual_tolerance) {
  tangent_current_ = false;
  return model_.contact && partition_.on_any_process(model_.contact->update_engaged(
                               context_, residual_tolerance * force_scale()));
}

bool GlobalSystem::admissible(const Eigen::VectorXd& correction) {
  if (!model_.contact) return true;
  trial_increments_ = increments_;
  for (int equation = 0; equation < correction.size(); ++equation)
    trial_increments_[equation_dof_[static_cast<std::size_t>(equation)]] += correction[equation];
  StepContext trial = context_;
  trial.increments = &trial_increments_;
  return partition_.on_every_process(model_.contact->admissible(context_, trial));
}

void GlobalSystem::apply(const Eigen::VectorXd& correction) {
  for (int equation = 0; equation < correction.size(); ++equation)
    increments_[equation_dof_[static_cast<std::size_t>(equation)]] += correction[equation];
  tangent_current_ = false;
}

}  // namespace polydem

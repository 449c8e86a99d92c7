// Everything an element needs to evaluate its residual and tangent for one
// trial iterate of one time step: the converged configuration i, the trial
// increments Δa, and the step's time, Δt and Newmark coefficients (eq. 21).
#pragma once

#include <span>

#include <Eigen/Core>

#include "src/core/types.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

enum class AnalysisType { Dynamic, Static };

/// Newmark constants α1..α6 of eq. (21) for a given β, γ and Δt.
struct NewmarkCoefficients {
  double beta = 0.3;
  double gamma = 0.5;
  double a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0;

  static NewmarkCoefficients make(double beta, double gamma, double dt) {
    NewmarkCoefficients c;
    c.beta = beta;
    c.gamma = gamma;
    c.a1 = 1.0 / (beta * dt * dt);
    c.a2 = 1.0 / (beta * dt);
    c.a3 = (1.0 - 2.0 * beta) / (2.0 * beta);
    c.a4 = gamma / (beta * dt);
    c.a5 = 1.0 - gamma / beta;
    c.a6 = (1.0 - gamma / (2.0 * beta)) * dt;
    return c;
  }
};

struct StepContext {
  AnalysisType type = AnalysisType::Dynamic;
  double time = 0;         ///< t_{i+1}: the end of the step (pseudo-time in a static step)
  double dt = 0;           ///< Δt = t_{i+1} − t_i
  double load_factor = 1;  ///< scales gravity (static steps ramp it from 0 to 1)
  NewmarkCoefficients newmark;
  Vec3 gravity = Vec3::Zero();
  std::span<const NodeState> nodes;             ///< converged configuration i
  const Eigen::VectorXd* increments = nullptr;  ///< Δa for every DOF, prescribed ones included
  /// Configuration i itself (zero increments): moving boundaries where the step starts too,
  /// not at t_{i+1}, so that what is measured there (gaps, the friction's material points,
  /// clearances) is all of one instant.
  bool at_step_start = false;

  bool dynamic() const { return type == AnalysisType::Dynamic; }
  /// The six increments (u^Δ, α^Δ) of node n.
  auto node_increment(int n) const { return increments->segment<kDofsPerNode>(kDofsPerNode * n); }
};

}  // namespace polydem

// The step contexts the contact set works from besides Newton's iterates: the
// converged configuration i of a step (zero increments, paper §2.6), and a
// configuration at rest (a static context without motion), which the
// pre-flight check and the initial contact forces look at.
#pragma once

#include <span>

#include <Eigen/Core>

#include "src/model/step_context.hpp"

namespace polydem {

/// ctx's step at configuration i: its nodes with `zero` increments.
inline StepContext configuration_i(const StepContext& ctx, const Eigen::VectorXd& zero) {
  StepContext at_i = ctx;
  at_i.increments = &zero;
  at_i.at_step_start = true;
  return at_i;
}

/// `nodes` at `time`, at rest; `zero` (the increments) must outlive the context.
inline StepContext at_rest(std::span<const NodeState> nodes, double time,
                           const Eigen::VectorXd& zero) {
  StepContext ctx;
  ctx.type = AnalysisType::Static;
  ctx.time = time;
  ctx.nodes = nodes;
  ctx.increments = &zero;
  return ctx;
}

}  // namespace polydem

// Local truncation error of a Newmark step, after Zienkiewicz & Xie (1991):
// the displacement error of the step is e ≈ (β − 1/6) Δt² (ü^{i+1} − ü^i), and
// likewise for the rotation with ω̇. It is large exactly where the accelerations
// jump, at impacts, which is where a step size chosen from Newton's iteration
// count alone loses energy. Used by the step controller's optional accuracy test.
#pragma once

#include <span>

#include "src/model/node_state.hpp"

namespace polydem {

/// max over poles of |e_u|/L and |e_θ| (dimensionless), with L each pole's length scale.
double newmark_local_error(std::span<const NodeState> before, std::span<const NodeState> after,
                           std::span<const double> length_scales, double beta, double dt);

}  // namespace polydem

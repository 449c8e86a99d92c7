// An iterative back end with a direct one behind it: a Krylov solve may stop
// short of its tolerance (a hard tangent, too few iterations) or its
// preconditioner may fail to build (a zero pivot in ILU), where a direct
// factorisation still answers. Newton then sees the direct answer instead of a
// failed step that would cut Δt; each such solve is counted (take_fallbacks).
#pragma once

#include <memory>

#include "solvers/linear_solver.hpp"

namespace polydem {

/// `iterative` solves; `direct` takes over each solve `iterative` fails.
std::unique_ptr<LinearSolver> with_direct_fallback(std::unique_ptr<LinearSolver> iterative,
                                                   std::unique_ptr<LinearSolver> direct);

}  // namespace polydem

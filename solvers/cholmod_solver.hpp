// CHOLMOD sparse Cholesky (supernodal LLᵀ): for symmetric positive definite
// tangents, e.g. translation-dominated steps without gyroscopic coupling.
#pragma once

#include <memory>

#include "solvers/linear_solver.hpp"

namespace polydem {

std::unique_ptr<LinearSolver> make_cholmod_solver();

}  // namespace polydem

// The default back end: CHOLMOD while the tangent is symmetric positive
// definite, UMFPACK otherwise, chosen per factorisation (auto_linear_solver.cpp).
#pragma once

#include <memory>

#include "solvers/linear_solver_family.hpp"

namespace polydem {

std::unique_ptr<LinearSolver> make_auto_linear_solver();
/// The default of `steps[].linear_solver`, as the family builds it.
LinearSolverChoice automatic_linear_solver();

}  // namespace polydem

// UMFPACK sparse LU: the general back end (non-symmetric, indefinite tangents).
#pragma once

#include <memory>

#include "solvers/linear_solver.hpp"

namespace polydem {

std::unique_ptr<LinearSolver> make_umfpack_solver();

}  // namespace polydem

// BiCGSTAB preconditioned by the inverse of each body's diagonal block (block_jacobi.hpp):
// the back end of `linear_solver: bicgstab` and of the automatic choice for large systems.
// The solve multiplies by the tangent itself, stored by rows, in one parallel region, on fixed
// chunks of rows with every dot product summed chunk by chunk (team_bicgstab.hpp): the iterates are
// the same for any --threads, and each solve runs on as many of the run's threads (1, 2, 4,
// ...) as its timings show pay (thread_count_choice.hpp).
// A solve is successful only when its true residual |b - A x| meets the tolerance.
#pragma once

#include <memory>

#include "solvers/linear_solver.hpp"

namespace polydem {

/// Stops at |b - A x| <= tolerance |b| (or a looser tolerance Newton asks for), or fails
/// after `max_iterations`; factorize fails when a diagonal block is singular.
std::unique_ptr<LinearSolver> make_bicgstab_solver(double tolerance, int max_iterations);

}  // namespace polydem

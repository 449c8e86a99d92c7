// One solve of a sparse system through a LinearSolver, and UMFPACK's solution
// of it: the reference the other back ends are compared with.
#pragma once

#include <catch2/catch.hpp>

#include <Eigen/Core>

#include "solvers/linear_solver.hpp"
#include "solvers/umfpack_solver.hpp"

namespace polydem::testing {

inline Eigen::VectorXd solve_once(LinearSolver& solver, const SparseMatrix& matrix,
                                  const Eigen::VectorXd& rhs) {
  solver.analyze(matrix);
  REQUIRE(solver.factorize(matrix));
  Eigen::VectorXd solution;
  REQUIRE(solver.solve(rhs, solution));
  return solution;
}

inline double relative_residual(const SparseMatrix& matrix, const Eigen::VectorXd& solution,
                                const Eigen::VectorXd& rhs) {
  return (rhs - matrix * solution).norm() / rhs.norm();
}

/// Inexact Newton (newton.forcing) loosens an iterative solve to `loose`, never past the back
/// end's own tolerance `own`: a tighter request, or 0, gives `own`. `slack` allows a back end
/// that holds the true residual to a multiple of its tolerance.
inline void check_forcing(LinearSolver& solver, const SparseMatrix& matrix,
                          const Eigen::VectorXd& rhs, double loose, double own, double slack) {
  solver.analyze(matrix);
  REQUIRE(solver.factorize(matrix));
  Eigen::VectorXd solution;
  solver.set_relative_tolerance(loose);
  REQUIRE(solver.solve(rhs, solution));
  const double reached = relative_residual(matrix, solution, rhs);
  CHECK(reached <= slack * loose);
  CHECK(reached > own);
  solver.set_relative_tolerance(own * 1e-4);  // tighter than its own: its own holds
  REQUIRE(solver.solve(rhs, solution));
  CHECK(relative_residual(matrix, solution, rhs) <= slack * own);
  solver.set_relative_tolerance(0);
  REQUIRE(solver.solve(rhs, solution));
  CHECK(relative_residual(matrix, solution, rhs) <= slack * own);
  CHECK(solver.take_fallbacks() == 0);
}

inline Eigen::VectorXd umfpack_solution(const SparseMatrix& matrix, const Eigen::VectorXd& rhs) {
  auto umfpack = make_umfpack_solver();
  return solve_once(*umfpack, matrix, rhs);
}

}  // namespace polydem::testing

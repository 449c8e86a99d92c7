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

inline Eigen::VectorXd umfpack_solution(const SparseMatrix& matrix, const Eigen::VectorXd& rhs) {
  auto umfpack = make_umfpack_solver();
  return solve_once(*umfpack, matrix, rhs);
}

}  // namespace polydem::testing

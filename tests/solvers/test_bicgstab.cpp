// linear_solver: bicgstab (Eigen's BiCGSTAB with body-block Jacobi on every thread, UMFPACK
// behind it) against UMFPACK: random nonsymmetric matrices, a block-diagonal one that block
// Jacobi inverts exactly, the same iterates on one and on two threads, a solve forced to
// fail (UMFPACK answers and it is counted), and a contact run whose steps and Newton
// iterations must be those of the run with UMFPACK. In every build (no PETSc needed).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "solvers/linear_solver_family.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/analysis_fixtures.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/iterative_run.hpp"
#include "tests/support/linear_solve.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

LinearSolverChoice bicgstab(const std::string& yaml) {
  return linear_solvers().build(declared("linear_solver", yaml));
}

/// Diagonally dominant 6×6 blocks coupled to the neighbouring blocks, as bodies in a row of
/// contacts: the blocks are found from the pattern.
SparseMatrix coupled_blocks(int blocks, unsigned seed) {
  SparseMatrix matrix = random_block_diagonal(blocks, 6, seed);
  SparseMatrix coupling(matrix.rows(), matrix.cols());
  std::vector<Eigen::Triplet<double>> entries;
  for (int b = 0; b + 1 < blocks; ++b)
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) {
        const double v = 0.3 * std::sin(1.0 + b + 7 * i + 13 * j);
        entries.emplace_back(6 * b + i, 6 * (b + 1) + j, v);
        entries.emplace_back(6 * (b + 1) + j, 6 * b + i, -0.5 * v);
      }
  coupling.setFromTriplets(entries.begin(), entries.end());
  SparseMatrix sum = matrix + coupling;
  sum.makeCompressed();
  return sum;
}

}  // namespace

TEST_CASE("bicgstab solves to its tolerance and agrees with UMFPACK", "[bicgstab]") {
  const SparseMatrix matrix = random_nonsymmetric_matrix(301, 6, 7);
  const Eigen::VectorXd rhs = random_vector(301, 8);
  const Eigen::VectorXd expected = umfpack_solution(matrix, rhs);
  for (const char* yaml : {"bicgstab", "{bicgstab: {relative_tolerance: 1.0e-11}}"}) {
    INFO(yaml);
    const LinearSolverChoice choice = bicgstab(yaml);
    CHECK(choice.name == "bicgstab");
    CHECK_FALSE(choice.needs_mpi);
    auto solver = choice.make();
    const Eigen::VectorXd solution = solve_once(*solver, matrix, rhs);
    const double tolerance = std::string(yaml).find("1.0e-11") != std::string::npos ? 1e-11 : 1e-8;
    CHECK(relative_residual(matrix, solution, rhs) <= 2 * tolerance);
    CHECK((solution - expected).norm() / expected.norm() < 100 * tolerance);
    CHECK(solver->take_fallbacks() == 0);
    CHECK(solver->name().starts_with("bicgstab/block_jacobi"));
  }
}

// On a block-diagonal matrix the preconditioner is the exact inverse: one iteration solves it.
TEST_CASE("bicgstab's block Jacobi inverts each body's block, found from the pattern",
          "[bicgstab]") {
  const SparseMatrix matrix = random_block_diagonal(50, 6, 12);
  const Eigen::VectorXd rhs = random_vector(300, 13);
  auto solver = bicgstab("{bicgstab: {max_iterations: 1}}").make();
  const Eigen::VectorXd solution = solve_once(*solver, matrix, rhs);
  CHECK(solver->take_fallbacks() == 0);
  CHECK(relative_residual(matrix, solution, rhs) <= 1e-12);
}

// 1200 bodies: enough entries (over 20000) for the products to be shared among threads.
TEST_CASE("bicgstab gives the same bits on one and on two threads", "[bicgstab]") {
  const SparseMatrix matrix = coupled_blocks(1200, 3);
  REQUIRE(matrix.nonZeros() > 20000);
  const Eigen::VectorXd rhs = random_vector(static_cast<int>(matrix.rows()), 4);
  Eigen::VectorXd solutions[2];
  for (int threads : {1, 2}) {
    auto solver = bicgstab("bicgstab").make();
    solver->set_threads(threads);
    solutions[threads - 1] = solve_once(*solver, matrix, rhs);
    CHECK(solver->take_fallbacks() == 0);
  }
  CHECK(relative_residual(matrix, solutions[0], rhs) <= 2e-8);
  CHECK((solutions[0].array() == solutions[1].array()).all());
}

// Inexact Newton (newton.forcing) loosens a solve, never past the back end's own tolerance.
TEST_CASE("a bicgstab solve stops at the tolerance Newton asks for", "[bicgstab][forcing]") {
  auto solver = bicgstab("bicgstab").make();
  check_forcing(*solver, coupled_blocks(100, 5), random_vector(600, 6), 1e-2, 1e-8, 2);
}

TEST_CASE("a bicgstab solve that does not converge, or a singular block, is UMFPACK's",
          "[bicgstab]") {
  const SparseMatrix matrix = random_nonsymmetric_matrix(301, 6, 9);
  const Eigen::VectorXd rhs = random_vector(301, 10);
  auto solver = bicgstab("{bicgstab: {max_iterations: 1}}").make();
  const Eigen::VectorXd first = solve_once(*solver, matrix, rhs);
  CHECK((first - umfpack_solution(matrix, rhs)).norm() < 1e-12 * first.norm());
  CHECK(solver->take_fallbacks() == 1);

  SparseMatrix singular = random_block_diagonal(10, 6, 14);
  // The first row leaves its block (zero there) for the next one: the matrix stays invertible.
  for (int col = 0; col < 6; ++col) singular.coeffRef(0, col) = 0.0;
  singular.coeffRef(0, 6) = 1.0;
  singular.coeffRef(6, 0) = 1.0;
  singular.makeCompressed();
  auto blocked = bicgstab("bicgstab").make();
  const Eigen::VectorXd load = random_vector(60, 15);
  const Eigen::VectorXd answer = solve_once(*blocked, singular, load);
  CHECK(relative_residual(singular, answer, load) < 1e-12);
  CHECK(blocked->take_fallbacks() == 1);
}

// The runs take the same steps and iterations (tests/support/iterative_run.hpp), and two
// threads give the same bits as one.
TEST_CASE("a contact run with bicgstab takes UMFPACK's steps and iterations", "[bicgstab]") {
  const RunResult iterative = check_run_as_umfpack(bicgstab("umfpack"), bicgstab("bicgstab"));
  DeckData deck = packed_cubes_deck(0.2);
  deck.steps[0].linear_solver = bicgstab("bicgstab");
  const RunResult two_threads = run_deck_in_memory(deck, 2);
  for (std::size_t n = 0; n < iterative.model.nodes.size(); ++n)
    CHECK(two_threads.model.nodes[n].position == iterative.model.nodes[n].position);
}

// The default (`auto`): bicgstab from 200 equations (34 bodies), with the direct solve
// behind it; after three failures in a row the direct solve alone, for the rest of the step.
TEST_CASE("auto solves large systems with bicgstab and gives up on it after three failures",
          "[bicgstab][auto]") {
  const SparseMatrix small = coupled_blocks(33, 21);
  const SparseMatrix large = coupled_blocks(34, 22);
  auto solver = bicgstab("auto").make();
  solve_once(*solver, small, random_vector(198, 23));
  CHECK_FALSE(solver->name().starts_with("bicgstab"));
  const Eigen::VectorXd load = random_vector(204, 24);
  const Eigen::VectorXd solution = solve_once(*solver, large, load);
  CHECK(solver->name().starts_with("bicgstab/block_jacobi"));
  CHECK(relative_residual(large, solution, load) <= 2e-8);
  CHECK(solver->take_fallbacks() == 0);

  // A first block that is singular (its row moved to the next block): every factorisation
  // of bicgstab fails, the direct solve answers.
  SparseMatrix singular = large;
  for (int col = 0; col < 6; ++col) singular.coeffRef(0, col) = 0.0;
  singular.coeffRef(0, 6) = 1.0;
  singular.makeCompressed();
  solver->analyze(singular);
  for (int attempt = 0; attempt < 3; ++attempt) {
    REQUIRE(solver->factorize(singular));
    Eigen::VectorXd x;
    REQUIRE(solver->solve(load, x));
    CHECK(relative_residual(singular, x, load) < 1e-12);
  }
  CHECK(solver->take_fallbacks() == 3);
  REQUIRE(solver->factorize(singular));  // the direct solve alone from here on
  Eigen::VectorXd x;
  REQUIRE(solver->solve(load, x));
  CHECK_FALSE(solver->name().starts_with("bicgstab"));
  CHECK(solver->take_fallbacks() == 0);
  CHECK(relative_residual(singular, x, load) < 1e-12);
}

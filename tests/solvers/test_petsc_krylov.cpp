// linear_solver: krylov (PETSc's GMRES or BiCGStab in this process, UMFPACK
// behind it) against UMFPACK: random nonsymmetric matrices, the assembled
// tangent of spinning bodies, a solve forced to fail (which UMFPACK answers and
// counts), and a contact run whose steps and Newton iterations must be those of
// the run with UMFPACK. Built only with PETSc.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>

#include "solvers/linear_solver_family.hpp"
#include "solvers/parallel_runtime.hpp"
#include "solvers/umfpack_solver.hpp"
#include "src/analysis/global_system.hpp"
#include "src/deck/deck_reader.hpp"
#include "tests/support/analysis_fixtures.hpp"
#include "tests/support/deck_fixtures.hpp"
#include "tests/support/iterative_run.hpp"
#include "tests/support/linear_solve.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

// The first PETSc solver starts PETSc; it ends after the last test.
const parallel::Session petsc_session;

LinearSolverChoice krylov(const std::string& yaml) {
  return linear_solvers().build(declared("linear_solver", yaml));
}

double relative_difference(const Eigen::VectorXd& value, const Eigen::VectorXd& reference) {
  return (value - reference).norm() / reference.norm();
}

// Spinning bodies with poles off their centres of mass: the tangent has
// gyroscopic terms and is not symmetric.
SparseMatrix spinning_tangent(Eigen::VectorXd& rhs) {
  DeckData deck =
      single_step_deck(box_body(1.0, Vec3(0.1, 0.2, 0.3)), 1.0, 1e-3, Vec3(0, 0, -9.81));
  deck.bodies.clear();
  for (int b = 0; b < 8; ++b) {
    BodySpec body = box_body(1.0 + 0.5 * b, Vec3(0.1, 0.2 + 0.05 * b, 0.3));
    body.name = "body" + std::to_string(b);
    body.centre_of_mass = Vec3(0.02, -0.01 * b, 0.03);
    body.position = Vec3(b, 0, 0);
    body.rotation = Vec3(0.3 * b, -0.2, 0.1);
    body.angular_velocity = Vec3(1.0, -2.0 + b, 3.0);
    deck.bodies.push_back(body);
  }
  Model model = build_model(deck);
  GlobalSystem system(model, 1);
  StepContext context;
  context.time = context.dt = 1e-3;
  context.gravity = model.gravity;
  context.newmark = NewmarkCoefficients::make(0.3, 0.5, 1e-3);
  system.begin_step(context, 0.0);
  system.apply(Eigen::VectorXd::Constant(model.dofs.equation_count(), 1e-3));
  system.evaluate();
  rhs = -system.residual();
  return system.tangent();
}

}  // namespace

TEST_CASE("krylov's methods and preconditioners solve to their tolerance", "[petsc][krylov]") {
  const SparseMatrix matrix = random_nonsymmetric_matrix(301, 6, 7);
  const Eigen::VectorXd rhs = random_vector(301, 8);
  const Eigen::VectorXd expected = umfpack_solution(matrix, rhs);
  for (const char* yaml :
       {"krylov", "{krylov: {method: bcgs}}", "{krylov: {preconditioner: jacobi}}",
        "{krylov: {preconditioner: block_jacobi}}",
        "{krylov: {method: gmres, restart: 5, relative_tolerance: 1.0e-11}}"}) {
    INFO(yaml);
    const LinearSolverChoice choice = krylov(yaml);
    CHECK(choice.name == "krylov");
    auto solver = choice.make();
    const Eigen::VectorXd solution = solve_once(*solver, matrix, rhs);
    const double tolerance = std::string(yaml).find("1.0e-11") != std::string::npos ? 1e-11 : 1e-8;
    CHECK(relative_residual(matrix, solution, rhs) <= tolerance);
    CHECK(relative_difference(solution, expected) < 100 * tolerance);
    CHECK(solver->take_fallbacks() == 0);  // UMFPACK did not answer instead
  }
}

// A body's rows share their columns: the point blocks are found from the
// pattern, so on a block-diagonal matrix block Jacobi is its exact inverse and
// one GMRES iteration solves it, where the diagonal alone does not.
TEST_CASE("block_jacobi inverts each body's block, found from the pattern", "[petsc][krylov]") {
  const SparseMatrix matrix = random_block_diagonal(50, 6, 12);
  const Eigen::VectorXd rhs = random_vector(300, 13);
  auto blocks = krylov("{krylov: {preconditioner: block_jacobi, max_iterations: 1}}").make();
  const Eigen::VectorXd solution = solve_once(*blocks, matrix, rhs);
  CHECK(blocks->take_fallbacks() == 0);
  CHECK(relative_residual(matrix, solution, rhs) <= 1e-8);
  auto diagonal = krylov("{krylov: {preconditioner: jacobi, max_iterations: 1}}").make();
  solve_once(*diagonal, matrix, rhs);
  CHECK(diagonal->take_fallbacks() == 1);
}

// Inexact Newton (newton.forcing) loosens a solve, never past the back end's own tolerance.
TEST_CASE("a Krylov solve stops at the tolerance Newton asks for", "[petsc][krylov][forcing]") {
  auto solver = krylov("{krylov: {preconditioner: jacobi}}").make();
  check_forcing(*solver, random_nonsymmetric_matrix(301, 6, 7), random_vector(301, 8), 1e-3, 1e-8,
                1);
}

TEST_CASE("krylov solves the tangent of spinning bodies as UMFPACK does", "[petsc][krylov]") {
  Eigen::VectorXd rhs;
  const SparseMatrix tangent = spinning_tangent(rhs);
  REQUIRE((tangent - SparseMatrix(tangent.transpose())).norm() > 1e-6 * tangent.norm());
  auto solver = krylov("krylov").make();
  const Eigen::VectorXd solution = solve_once(*solver, tangent, rhs);
  CHECK(solver->name().starts_with("petsc/gmres+bjacobi"));
  CHECK(relative_residual(tangent, solution, rhs) <= 1e-8);
  CHECK(relative_difference(solution, umfpack_solution(tangent, rhs)) < 1e-6);
  CHECK(solver->take_fallbacks() == 0);
}

TEST_CASE("a Krylov solve that does not converge is UMFPACK's and is counted", "[petsc][krylov]") {
  SparseMatrix matrix = random_nonsymmetric_matrix(301, 6, 9);
  const Eigen::VectorXd rhs = random_vector(301, 10);
  auto solver = krylov("{krylov: {max_iterations: 1}}").make();
  const Eigen::VectorXd first = solve_once(*solver, matrix, rhs);
  CHECK(relative_difference(first, umfpack_solution(matrix, rhs)) < 1e-12);
  CHECK(relative_residual(matrix, first, rhs) < 1e-13);  // one GMRES iteration gets nowhere near
  Eigen::VectorXd again;
  REQUIRE(solver->solve(rhs + rhs, again));  // the same factorisation answers a second solve
  CHECK(relative_difference(again, 2 * first) < 1e-12);
  CHECK(solver->take_fallbacks() == 2);
  CHECK(solver->take_fallbacks() == 0);  // taken

  refill_values(matrix, 11);  // new values: UMFPACK factorises them, not the old ones
  REQUIRE(solver->factorize(matrix));
  Eigen::VectorXd second;
  REQUIRE(solver->solve(rhs, second));
  CHECK(relative_difference(second, umfpack_solution(matrix, rhs)) < 1e-12);
  CHECK(solver->take_fallbacks() == 1);
}

// The runs take the same steps and iterations (tests/support/iterative_run.hpp); on this
// build they agree to the last bit, as the corrections that differ are below the positions'
// rounding.
TEST_CASE("a contact run with krylov takes UMFPACK's steps and iterations", "[petsc][krylov]") {
  check_run_as_umfpack(krylov("umfpack"), krylov("krylov"));
}

// One Jacobi-preconditioned iteration solves only the nearly diagonal tangents
// of free flight: once the cubes touch, UMFPACK answers, and the run counts it.
TEST_CASE("a run counts the solves that fell back on UMFPACK", "[petsc][krylov]") {
  DeckData deck = packed_cubes_deck(0.1);
  deck.steps[0].linear_solver = krylov("{krylov: {preconditioner: jacobi, max_iterations: 1}}");
  const RunResult run = run_deck_in_memory(deck);
  CHECK(run.totals.final_time == Approx(0.1));
  CHECK(run.totals.linear_solver_fallbacks > run.totals.newton_iterations / 2);
}

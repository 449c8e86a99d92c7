// The PETSc back end against UMFPACK: random nonsymmetric matrices whose rows
// reach far off the diagonal (entries owned by other ranks under MPI), new
// values on a kept pattern, the assembled tangent of free spinning bodies,
// options passed through, rejected options and a singular matrix. CTest runs
// this file serially and under mpirun -np 2; every rank checks the whole
// solution. Built only with PETSc.
#include <catch2/catch.hpp>

#include <string>

#include "solvers/linear_solver.hpp"
#include "solvers/parallel_runtime.hpp"
#include "solvers/petsc/petsc_linear_solver.hpp"
#include "solvers/umfpack_solver.hpp"
#include "src/analysis/global_system.hpp"
#include "tests/support/analysis_fixtures.hpp"
#include "tests/support/linear_solve.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

// The first PETSc solver starts PETSc; it ends after the last test.
const parallel::Session petsc_session;

double relative_difference(const Eigen::VectorXd& value, const Eigen::VectorXd& reference) {
  return (value - reference).norm() / reference.norm();
}

// Spinning bodies with poles off their centres of mass: the tangent has
// gyroscopic terms and is not symmetric.
DeckData spinning_bodies_deck(int count) {
  DeckData deck =
      single_step_deck(box_body(1.0, Vec3(0.1, 0.2, 0.3)), 1.0, 1e-3, Vec3(0, 0, -9.81));
  deck.bodies.clear();
  for (int b = 0; b < count; ++b) {
    BodySpec body = box_body(1.0 + 0.5 * b, Vec3(0.1, 0.2 + 0.05 * b, 0.3));
    body.name = "body" + std::to_string(b);
    body.centre_of_mass = Vec3(0.02, -0.01 * b, 0.03);
    body.position = Vec3(b, 0, 0);
    body.rotation = Vec3(0.3 * b, -0.2, 0.1);
    body.angular_velocity = Vec3(1.0, -2.0 + b, 3.0);
    deck.bodies.push_back(body);
  }
  return deck;
}

}  // namespace

TEST_CASE("the default PETSc solver is LU with MUMPS and matches UMFPACK", "[petsc]") {
  for (unsigned seed : {1u, 2u, 3u}) {
    const SparseMatrix matrix = random_nonsymmetric_matrix(301, 6, seed);
    const Eigen::VectorXd rhs = random_vector(301, seed + 100);
    auto petsc = make_petsc_linear_solver("");
    const Eigen::VectorXd solution = solve_once(*petsc, matrix, rhs);
    CHECK(petsc->name() == "petsc/preonly+lu/mumps");
    CHECK(relative_difference(solution, umfpack_solution(matrix, rhs)) < 1e-10);
  }
}

TEST_CASE("factorize on a kept pattern takes the new values", "[petsc]") {
  SparseMatrix matrix = random_nonsymmetric_matrix(200, 5, 21);
  const Eigen::VectorXd rhs = random_vector(200, 22);
  auto petsc = make_petsc_linear_solver("");
  const Eigen::VectorXd first = solve_once(*petsc, matrix, rhs);
  refill_values(matrix, 23);
  REQUIRE(petsc->factorize(matrix));  // no analyze: the pattern is the same
  Eigen::VectorXd second;
  REQUIRE(petsc->solve(rhs, second));
  const Eigen::VectorXd expected = umfpack_solution(matrix, rhs);
  CHECK(relative_difference(first, expected) > 1e-3);  // the values did change the answer
  CHECK(relative_difference(second, expected) < 1e-10);
}

TEST_CASE("the assembled tangent of spinning free bodies solves as with UMFPACK", "[petsc]") {
  const DeckData deck = spinning_bodies_deck(5);
  Model model = build_model(deck);
  GlobalSystem system(model, 1);
  StepContext context;
  context.time = 1e-3;
  context.dt = 1e-3;
  context.gravity = model.gravity;
  context.newmark = NewmarkCoefficients::make(0.3, 0.5, 1e-3);
  system.begin_step(context, 0.0);
  system.apply(Eigen::VectorXd::Constant(model.dofs.equation_count(), 1e-3));
  system.evaluate();
  const SparseMatrix& tangent = system.tangent();
  REQUIRE(tangent.rows() == 30);
  const SparseMatrix transpose = tangent.transpose();
  REQUIRE((tangent - transpose).norm() > 1e-6 * tangent.norm());  // the nonsymmetric case

  const Eigen::VectorXd rhs = -system.residual();
  auto petsc = make_petsc_linear_solver("");
  CHECK(relative_difference(solve_once(*petsc, tangent, rhs), umfpack_solution(tangent, rhs)) <
        1e-10);
}

TEST_CASE("PETSc options choose the Krylov method and preconditioner", "[petsc]") {
  const SparseMatrix matrix = random_nonsymmetric_matrix(250, 6, 31);
  const Eigen::VectorXd rhs = random_vector(250, 32);
  auto petsc = make_petsc_linear_solver("-ksp_type gmres -pc_type bjacobi -ksp_rtol 1e-13");
  const Eigen::VectorXd solution = solve_once(*petsc, matrix, rhs);
  CHECK(petsc->name() == "petsc/gmres+bjacobi");
  CHECK(relative_difference(solution, umfpack_solution(matrix, rhs)) < 1e-9);
}

TEST_CASE("options PETSc rejects are reported as options errors", "[petsc]") {
  try {
    make_petsc_linear_solver("-ksp_type no_such_method");
    FAIL("no error");
  } catch (const LinearSolverOptionsError& error) {
    CHECK_THAT(error.what(), Catch::Contains("no_such_method"));
  }
}

TEST_CASE("a singular matrix fails factorize, and the next values factorise again", "[petsc]") {
  SparseMatrix matrix = random_nonsymmetric_matrix(120, 4, 41);
  auto petsc = make_petsc_linear_solver("");
  petsc->analyze(matrix);
  SparseMatrix singular = matrix;
  for (int outer = 0; outer < singular.outerSize(); ++outer)
    for (SparseMatrix::InnerIterator it(singular, outer); it; ++it)
      if (it.row() == 77) it.valueRef() = 0;  // a zero row, pattern kept
  CHECK_FALSE(petsc->factorize(singular));

  REQUIRE(petsc->factorize(matrix));
  const Eigen::VectorXd rhs = random_vector(120, 42);
  Eigen::VectorXd solution;
  REQUIRE(petsc->solve(rhs, solution));
  CHECK(relative_difference(solution, umfpack_solution(matrix, rhs)) < 1e-10);
}

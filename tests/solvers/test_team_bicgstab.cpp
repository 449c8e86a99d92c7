// TeamBicgstab, the Krylov iteration of `linear_solver: bicgstab`, on its own: its solution
// against a sparse LU's, the same bits on 1, 2, 3 and 4 threads (each dot product summed by
// fixed chunks), teams larger than the chunks, a zero right-hand side, and the recurrence's
// residual against the true one it reports.
#include <catch2/catch.hpp>

#include <Eigen/SparseLU>

#include "solvers/team_bicgstab.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

namespace {

using RowMatrix = TeamBicgstab::RowMatrix;

struct Solved {
  Eigen::VectorXd x;
  TeamBicgstab::Outcome outcome;
};

Solved team_solve(const RowMatrix& a, const Eigen::VectorXd& b, int threads, double tolerance) {
  BlockJacobi preconditioner;
  preconditioner.compute(a);
  REQUIRE(preconditioner.info() == Eigen::Success);
  TeamBicgstab krylov;
  krylov.analyze(preconditioner);
  Solved solved;
  solved.outcome = krylov.solve(a, preconditioner, b, solved.x, tolerance, 1000, threads);
  return solved;
}

/// Six-row blocks on the diagonal (as bodies) and random couplings between rows.
RowMatrix coupled(int blocks, unsigned seed) {
  const SparseMatrix sum = random_block_diagonal(blocks, 6, seed) +
                           0.2 * random_nonsymmetric_matrix(6 * blocks, 6, seed);
  return RowMatrix(sum);
}

Eigen::VectorXd sine_vector(Eigen::Index n) {
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v(i) = std::sin(0.37 * static_cast<double>(i) + 1.0);
  return v;
}

}  // namespace

TEST_CASE("team bicgstab solves to its tolerance: the solution of a sparse LU", "[bicgstab]") {
  const RowMatrix a = coupled(400, 11);
  const Eigen::VectorXd b = sine_vector(a.rows());
  const Solved solved = team_solve(a, b, 2, 1e-12);
  using ColumnMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;
  const ColumnMatrix column_major(a);
  Eigen::SparseLU<ColumnMatrix> lu(column_major);
  REQUIRE(lu.info() == Eigen::Success);
  const Eigen::VectorXd reference = lu.solve(b);
  CHECK(solved.outcome.iterations > 1);
  CHECK((solved.x - reference).norm() <= 1e-9 * reference.norm());
  // The reported residual is the true one, not the recurrence's.
  CHECK(solved.outcome.true_residual_norm == Approx((b - a * solved.x).norm()).epsilon(1e-6));
  CHECK(solved.outcome.true_residual_norm <= 2e-12 * b.norm());
}

TEST_CASE("team bicgstab gives the same bits on 1, 2, 3 and 4 threads", "[bicgstab]") {
  const RowMatrix a = coupled(700, 12);
  const Eigen::VectorXd b = sine_vector(a.rows());
  const Solved one = team_solve(a, b, 1, 1e-10);
  for (int threads : {2, 3, 4}) {
    const Solved many = team_solve(a, b, threads, 1e-10);
    CHECK(many.outcome.iterations == one.outcome.iterations);
    CHECK((many.x.array() == one.x.array()).all());
  }
}

TEST_CASE("team bicgstab on more threads than chunks, and with a zero right-hand side",
          "[bicgstab]") {
  const RowMatrix a(random_block_diagonal(2, 6, 13));  // two blocks: two chunks
  const Eigen::VectorXd b = sine_vector(a.rows());
  const Solved solved = team_solve(a, b, 4, 1e-12);
  CHECK(solved.outcome.iterations == 1);  // block Jacobi is the inverse here
  CHECK((b - a * solved.x).norm() <= 1e-12 * b.norm());
  const Solved zero = team_solve(a, Eigen::VectorXd::Zero(a.rows()), 2, 1e-12);
  CHECK(zero.x.isZero(0));
  CHECK(zero.outcome.iterations == 0);
}

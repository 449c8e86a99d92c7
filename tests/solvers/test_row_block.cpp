// RowBlock (a rank's rows of the tangent in compressed-row form) against the
// matrix's own coefficients, and the balanced split of rows over ranks.
#include <catch2/catch.hpp>

#include "solvers/row_block.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

TEST_CASE("a row block holds exactly the entries of its rows, columns ascending", "[row_block]") {
  SparseMatrix matrix = random_nonsymmetric_matrix(40, 4, 11);
  const Eigen::MatrixXd dense(matrix);
  for (auto [first, last] :
       {std::pair{0, 40}, std::pair{7, 23}, std::pair{39, 40}, std::pair{5, 5}}) {
    const RowBlock block = row_block(matrix, first, last);
    const double* values = block.values(matrix);
    Eigen::MatrixXd rebuilt = Eigen::MatrixXd::Zero(last - first, 40);
    REQUIRE(block.offsets.size() == static_cast<std::size_t>(last - first) + 1);
    for (int row = 0; row < last - first; ++row) {
      for (int k = block.offsets[static_cast<std::size_t>(row)];
           k < block.offsets[static_cast<std::size_t>(row) + 1]; ++k) {
        const auto entry = static_cast<std::size_t>(k);
        if (k > block.offsets[static_cast<std::size_t>(row)])
          CHECK(block.columns[entry - 1] < block.columns[entry]);
        rebuilt(row, block.columns[entry]) = values[k];
      }
    }
    CHECK(rebuilt == dense.middleRows(first, last - first));
    const auto stored = static_cast<int>(block.columns.size());
    CHECK(stored == matrix.outerIndexPtr()[last] - matrix.outerIndexPtr()[first]);
  }
}

TEST_CASE("after new values on the same pattern a row block reads the new values", "[row_block]") {
  SparseMatrix matrix = random_nonsymmetric_matrix(30, 3, 5);
  const RowBlock block = row_block(matrix, 10, 20);
  refill_values(matrix, 99);
  const double* values = block.values(matrix);
  const Eigen::MatrixXd dense(matrix);
  for (int row = 0; row < 10; ++row)
    for (int k = block.offsets[static_cast<std::size_t>(row)];
         k < block.offsets[static_cast<std::size_t>(row) + 1]; ++k)
      CHECK(values[k] == dense(10 + row, block.columns[static_cast<std::size_t>(k)]));
}

TEST_CASE("balanced row blocks tile the rows with sizes differing by at most one", "[row_block]") {
  for (int rows : {0, 1, 5, 6, 61}) {
    for (int parts : {1, 2, 3, 7}) {
      int expected_first = 0;
      for (int part = 0; part < parts; ++part) {
        const auto [first, last] = balanced_rows(rows, parts, part);
        CHECK(first == expected_first);
        CHECK(last - first >= rows / parts);
        CHECK(last - first <= rows / parts + 1);
        expected_first = last;
      }
      CHECK(expected_first == rows);
    }
  }
}

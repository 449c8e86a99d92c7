// ColumnCopy (the tangent by columns for the SuiteSparse back ends) against Eigen's own
// conversion of the same matrix, and after new values on the same pattern.
#include <catch2/catch.hpp>

#include "solvers/column_copy.hpp"
#include "tests/support/same_storage.hpp"
#include "tests/support/sparse_fixtures.hpp"

using namespace polydem;
using namespace polydem::testing;

TEST_CASE("the column copy equals Eigen's conversion, and follows new values on its pattern",
          "[column_copy]") {
  ColumnCopy columns;  // one object throughout: a new pattern replaces the old
  for (const int n : {1, 13, 200}) {
    SparseMatrix matrix = random_nonsymmetric_matrix(n, 5, static_cast<unsigned>(n));
    const ColumnCopy::ColumnMatrix& pattern = columns.analyze(matrix);
    CHECK(pattern.nonZeros() == matrix.nonZeros());
    require_same_storage(columns.copy(matrix), ColumnCopy::ColumnMatrix(matrix));
    refill_values(matrix, 7);
    require_same_storage(columns.copy(matrix), ColumnCopy::ColumnMatrix(matrix));
  }
}

// Two compressed sparse matrices stored alike, entry for entry: the same outer starts,
// inner indices and values, compared exactly.
#pragma once

#include <catch2/catch.hpp>

#include <Eigen/SparseCore>

namespace polydem::testing {

template <class Matrix>
void require_same_storage(const Matrix& built, const Matrix& reference) {
  REQUIRE(built.isCompressed());
  REQUIRE(built.rows() == reference.rows());
  REQUIRE(built.cols() == reference.cols());
  REQUIRE(built.nonZeros() == reference.nonZeros());
  for (Eigen::Index k = 0; k <= built.outerSize(); ++k)
    REQUIRE(built.outerIndexPtr()[k] == reference.outerIndexPtr()[k]);
  for (Eigen::Index k = 0; k < built.nonZeros(); ++k) {
    REQUIRE(built.innerIndexPtr()[k] == reference.innerIndexPtr()[k]);
    REQUIRE(built.valuePtr()[k] == reference.valuePtr()[k]);
  }
}

}  // namespace polydem::testing

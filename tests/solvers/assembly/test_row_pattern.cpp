#include <catch2/catch.hpp>

#include <random>
#include <span>
#include <vector>

#include <Eigen/SparseCore>

#include "solvers/assembly/row_pattern.hpp"
#include "tests/support/same_storage.hpp"

using namespace polydem;
using polydem::testing::require_same_storage;

namespace {

/// The reference: every element's n² entries as triplets, summed by Eigen.
SparseMatrix pattern_from_triplets(int equations, const std::vector<std::vector<int>>& elements) {
  std::vector<Eigen::Triplet<double, int>> entries;
  for (const auto& element : elements)
    for (const int row : element)
      for (const int col : element)
        if (row >= 0 && col >= 0) entries.emplace_back(row, col, 0.0);
  SparseMatrix matrix(equations, equations);
  matrix.setFromTriplets(entries.begin(), entries.end());
  matrix.makeCompressed();
  return matrix;
}

std::vector<std::vector<int>> random_elements(std::mt19937& rng, int equations, int count) {
  std::uniform_int_distribution<int> size(0, 12), equation(-2, equations - 1);
  std::vector<std::vector<int>> elements(static_cast<std::size_t>(count));
  for (auto& element : elements) {
    element.resize(static_cast<std::size_t>(size(rng)));
    for (int& e : element) e = equation(rng);  // negative: constrained, repeats allowed
  }
  return elements;
}

}  // namespace

TEST_CASE("the row pattern equals the pattern of every element's entries as triplets",
          "[assembly][pattern]") {
  std::mt19937 rng(11);
  RowPattern pattern;  // one object over all cases: its buffers are reused
  SparseMatrix built;
  for (const int equations : {1, 7, 60, 400}) {
    for (const int count : {0, 1, 5, 150}) {
      const auto elements = random_elements(rng, equations, count);
      std::vector<std::span<const int>> spans(elements.begin(), elements.end());
      if (built.rows() > 0) built.coeffRef(0, 0) = 1.0;  // stale, uncompressed: the build resets
      pattern.build(equations, spans, built);
      require_same_storage(built, pattern_from_triplets(equations, elements));  // zero values
    }
  }
}

TEST_CASE("a row no element holds is empty, and a repeated equation counts once",
          "[assembly][pattern]") {
  RowPattern pattern;
  SparseMatrix built;
  const std::vector<std::vector<int>> elements{{0, 2, 2}, {3, -1, 0}};
  std::vector<std::span<const int>> spans(elements.begin(), elements.end());
  pattern.build(5, spans, built);
  REQUIRE(built.nonZeros() == 4 + 4 - 1);  // {0,2}² ∪ {0,3}²: (0,0) is shared
  CHECK(built.row(1).nonZeros() == 0);
  CHECK(built.row(4).nonZeros() == 0);
  CHECK(built.row(0).nonZeros() == 3);
}

// Sub-regions of a built shape found by their mesh vertices, for tests that
// place contacts on named edges and faces.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "contact/geometry/shape.hpp"

namespace polydem::test {

inline int find_edge(const Shape& shape, int v0, int v1) {
  for (std::size_t e = 0; e < shape.edges.size(); ++e) {
    const auto& v = shape.edges[e].vertices;
    if ((v[0] == v0 && v[1] == v1) || (v[0] == v1 && v[1] == v0)) return static_cast<int>(e);
  }
  FAIL("no edge " << v0 << "-" << v1);
  return -1;
}

inline int find_face(const Shape& shape, std::array<int, 3> vertices) {
  std::sort(vertices.begin(), vertices.end());
  for (std::size_t f = 0; f < shape.faces.size(); ++f) {
    auto v = shape.faces[f].vertices;
    std::sort(v.begin(), v.end());
    if (v == vertices) return static_cast<int>(f);
  }
  FAIL("no face");
  return -1;
}

}  // namespace polydem::test

// A closed triangulated surface: vertex coordinates and outward-oriented
// (counter-clockwise seen from outside) vertex-index triangles.
#pragma once

#include <array>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

struct TriangleMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;
};

}  // namespace polydem

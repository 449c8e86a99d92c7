// Exact-enough intersection tests between posed triangle meshes, for the
// pre-flight check of an analysis step: the barrier law cannot start from
// bodies that already intersect (paper §2.6: "no overlaps ... in the initial
// configuration"), and a deep overlap has no small gap that would show it.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "src/core/types.hpp"

namespace polydem {

/// Whether the segment [p, q] meets the triangle (a, b, c), boundary included.
bool segment_meets_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b,
                            const Vec3& c);

/// Generalised winding number of a closed, outward triangle mesh about p
/// (sum of signed solid angles / 4π): 1 inside, 0 outside, 1/2 on the surface.
double winding_number(const Vec3& p, std::span<const Vec3> vertices,
                      const std::vector<std::array<int, 3>>& triangles);

}  // namespace polydem

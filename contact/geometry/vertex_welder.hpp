// Joins triangle corners that sit at the same place. STL stores every triangle
// with its own three corners, so a closed surface only becomes a connected mesh
// after coincident corners are merged.
#pragma once

#include <array>
#include <vector>

#include "contact/geometry/triangle_mesh.hpp"

namespace polydem {

/// Default merge distance relative to the bounding-box diagonal: far below any
/// real feature, far above float round-off of a re-exported file's coordinates.
inline constexpr double kDefaultWeldTolerance = 1e-10;

/// Merges points closer than relative_tolerance × (bounding-box diagonal) into
/// the first of them, drops points no triangle uses, and renumbers the triangles.
/// Vertices come out in order of first use. Tolerance 0 merges exact copies only.
/// Triangle indices must be in range; coordinates must be finite.
TriangleMesh weld_vertices(const std::vector<Vec3>& points,
                           const std::vector<std::array<int, 3>>& triangles,
                           double relative_tolerance = kDefaultWeldTolerance);

}  // namespace polydem

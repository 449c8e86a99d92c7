// Exact Euclidean distances between the primitives of contact sub-regions
// (points, segments, triangles) for the candidate search of paper §2.5. For a
// pair with a degeneration (§2.4.2) the distance is a lower bound of any valid
// LCP gap g_n of that pair (it equals g_n when the LCP solution is valid), so
// a pair farther apart than the skin plus what both bodies can travel cannot
// become active within the step. Squared distances: no square roots in the
// search's inner loops. Closest-point regions after Ericson, "Real-Time
// Collision Detection", §5.1.2, §5.1.5 and §5.1.9.
#pragma once

#include "src/core/types.hpp"

namespace polydem {

/// |p − q|².
double squared_distance_point_point(const Vec3& p, const Vec3& q);

/// Squared distance from p to the segment [a, b] (a == b allowed).
double squared_distance_point_segment(const Vec3& p, const Vec3& a, const Vec3& b);

/// Squared distance from p to the triangle (a, b, c), interior included.
double squared_distance_point_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

/// Squared distance between the segments [p1, q1] and [p2, q2]; parallel and
/// degenerate segments included.
double squared_distance_segment_segment(const Vec3& p1, const Vec3& q1, const Vec3& p2,
                                        const Vec3& q2);

}  // namespace polydem

#include "contact/geometry/mesh_intersection.hpp"

#include <cmath>
#include <numbers>

#include <Eigen/Geometry>

namespace polydem {

// Möller–Trumbore on the segment's line, accepting parameters in [0, 1] and
// barycentrics on the closed triangle; a segment lying in the triangle's plane
// is reported through its endpoints' barycentrics only when it touches.
bool segment_meets_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b,
                            const Vec3& c) {
  const Vec3 direction = q - p;
  const Vec3 e1 = b - a;
  const Vec3 e2 = c - a;
  const Vec3 h = direction.cross(e2);
  const double determinant = e1.dot(h);
  const double scale = e1.norm() * e2.norm() * direction.norm();
  if (std::abs(determinant) <= 1e-14 * scale) return false;  // parallel: covered by the other edges
  const Vec3 s = p - a;
  const double u = s.dot(h) / determinant;
  if (u < 0 || u > 1) return false;
  const Vec3 k = s.cross(e1);
  const double v = direction.dot(k) / determinant;
  if (v < 0 || u + v > 1) return false;
  const double t = e2.dot(k) / determinant;
  return t >= 0 && t <= 1;
}

// Van Oosterom & Strackee (1983): tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| + (b·c)|a| +
// (c·a)|b|).
double winding_number(const Vec3& p, std::span<const Vec3> vertices,
                      const std::vector<std::array<int, 3>>& triangles) {
  double total = 0;
  for (const auto& t : triangles) {
    const Vec3 a = vertices[static_cast<std::size_t>(t[0])] - p;
    const Vec3 b = vertices[static_cast<std::size_t>(t[1])] - p;
    const Vec3 c = vertices[static_cast<std::size_t>(t[2])] - p;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    const double numerator = a.dot(b.cross(c));
    const double denominator = la * lb * lc + a.dot(b) * lc + b.dot(c) * la + c.dot(a) * lb;
    total += 2 * std::atan2(numerator, denominator);
  }
  return total / (4 * std::numbers::pi);
}

}  // namespace polydem

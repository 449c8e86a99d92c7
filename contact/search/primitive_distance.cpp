#include "contact/search/primitive_distance.hpp"

#include <algorithm>

namespace polydem {

double squared_distance_point_point(const Vec3& p, const Vec3& q) { return (p - q).squaredNorm(); }

double squared_distance_point_segment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double length2 = ab.squaredNorm();
  const double t = length2 > 0 ? std::clamp((p - a).dot(ab) / length2, 0.0, 1.0) : 0.0;
  return (p - (a + t * ab)).squaredNorm();
}

// Voronoi regions of the triangle's vertices, edges and face in turn.
double squared_distance_point_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return ap.squaredNorm();
  const Vec3 bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return bp.squaredNorm();
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return squared_distance_point_segment(p, a, b);
  const Vec3 cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return cp.squaredNorm();
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return squared_distance_point_segment(p, a, c);
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return squared_distance_point_segment(p, b, c);
  const double sum = va + vb + vc;
  if (!(sum > 0)) {  // degenerate (collinear) triangle: its three edges
    return std::min({squared_distance_point_segment(p, a, b),
                     squared_distance_point_segment(p, a, c),
                     squared_distance_point_segment(p, b, c)});
  }
  const double v = vb / sum, w = vc / sum;
  return (p - (a + v * ab + w * ac)).squaredNorm();
}

double squared_distance_segment_segment(const Vec3& p1, const Vec3& q1, const Vec3& p2,
                                        const Vec3& q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  if (!(a > 0) && !(e > 0)) return r.squaredNorm();
  if (!(a > 0)) return squared_distance_point_segment(p1, p2, q2);
  if (!(e > 0)) return squared_distance_point_segment(p2, p1, q1);
  const double c = d1.dot(r), b = d1.dot(d2);
  const double denominator = a * e - b * b;  // ≥ 0; zero for parallel segments
  double s = denominator > 0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
  double t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = std::clamp(-c / a, 0.0, 1.0);
  } else if (t > 1) {
    t = 1;
    s = std::clamp((b - c) / a, 0.0, 1.0);
  }
  return ((p1 + s * d1) - (p2 + t * d2)).squaredNorm();
}

}  // namespace polydem

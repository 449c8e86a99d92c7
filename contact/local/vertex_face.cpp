// Closed-form vertex-to-face LCP (eq. 34) and its derivatives; see vertex_face.hpp.
#include "contact/local/vertex_face.hpp"

#include <Eigen/Geometry>

#include "contact/local/projection_gap.hpp"

namespace polydem {
namespace {

// X = (p, x1, x2, x3): w = p − x1, e1 = x2 − x1, e2 = x3 − x1.
constexpr detail::PlaneProjection kVertexFaceForm{{0, 1}, {2, 1}, {3, 1}};

}  // namespace

std::optional<Eigen::Vector2d> vertex_face_coordinates(const Vec3& p, const Vec3& x1,
                                                       const Vec3& x2, const Vec3& x3,
                                                       double degeneracy_tolerance) {
  // Normal equations of min |w − N2 e1 − N3 e2|²; det = |e1 × e2|².
  const Vec3 e1 = x2 - x1;
  const Vec3 e2 = x3 - x1;
  const Vec3 w = p - x1;
  const double a11 = e1.squaredNorm();
  const double a22 = e2.squaredNorm();
  const double a12 = e1.dot(e2);
  const double det = a11 * a22 - a12 * a12;
  if (!(det > degeneracy_tolerance * a11 * a22)) return std::nullopt;
  const double b1 = w.dot(e1);
  const double b2 = w.dot(e2);
  const double n2 = (a22 * b1 - a12 * b2) / det;
  const double n3 = (a11 * b2 - a12 * b1) / det;
  return Eigen::Vector2d(2.0 * n2 - 1.0, 2.0 * n3 - 1.0);
}

bool vertex_face_coordinates_valid(const Eigen::Vector2d& zeta_theta, double tolerance) {
  const double zeta = zeta_theta.x();
  const double theta = zeta_theta.y();
  return zeta > -1.0 - tolerance && theta > -1.0 - tolerance && zeta + theta < tolerance;
}

Vec3 vertex_face_gap(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  return detail::plane_projection_gap({p, x1, x2, x3}, kVertexFaceForm);
}

Eigen::Matrix<double, 3, 12> vertex_face_gap_jacobian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                      const Vec3& x3) {
  return detail::plane_projection_gap_jacobian({p, x1, x2, x3}, kVertexFaceForm);
}

Eigen::Matrix<double, 12, 12> vertex_face_gap_hessian(const Vec3& p, const Vec3& x1, const Vec3& x2,
                                                      const Vec3& x3, const Vec3& weight) {
  return detail::plane_projection_gap_hessian({p, x1, x2, x3}, kVertexFaceForm, weight);
}

double vertex_face_signed_distance(const Vec3& p, const Vec3& x1, const Vec3& x2, const Vec3& x3) {
  return (p - x1).dot((x2 - x1).cross(x3 - x1).normalized());
}

}  // namespace polydem

// Value, Jacobian and weighted Hessian of the plane- and line-projection gap
// vectors (see projection_gap.hpp). Both are a ratio λ = φ/ψ of a bilinear
// and a quadratic form times a vector, so the chain rule is written once for
// the ratio (RatioDerivatives) and once per form.
#include "contact/local/projection_gap.hpp"

#include <Eigen/Geometry>

namespace polydem::detail {
namespace {

Mat3 skew(const Vec3& v) {
  Mat3 s;
  s << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return s;
}

template <int N>
using Row = Eigen::Matrix<double, 1, N>;
template <int N>
using Square = Eigen::Matrix<double, N, N>;
template <int N>
using Block3 = Eigen::Matrix<double, 3, N>;

/// ∂(x[plus] − x[minus])/∂X.
template <int N>
Block3<N> difference_jacobian(SlotDifference d) {
  Block3<N> jacobian = Block3<N>::Zero();
  jacobian.template middleCols<3>(3 * d.plus).setIdentity();
  jacobian.template middleCols<3>(3 * d.minus) = -Mat3::Identity();
  return jacobian;
}

template <std::size_t K>
Vec3 difference(const std::array<Vec3, K>& x, SlotDifference d) {
  return x[static_cast<std::size_t>(d.plus)] - x[static_cast<std::size_t>(d.minus)];
}

/// First and second derivatives of λ = φ/ψ from those of φ and ψ.
template <int N>
struct RatioDerivatives {
  double value;
  Row<N> gradient;
  Square<N> hessian;
};

template <int N>
RatioDerivatives<N> ratio_derivatives(double phi, const Row<N>& d_phi, const Square<N>& dd_phi,
                                      double psi, const Row<N>& d_psi, const Square<N>& dd_psi) {
  const double inv = 1.0 / psi;
  RatioDerivatives<N> r;
  r.value = phi * inv;
  r.gradient = (d_phi - r.value * d_psi) * inv;
  r.hessian = (dd_phi - r.value * dd_psi) * inv -
              (d_phi.transpose() * d_psi + d_psi.transpose() * d_phi) * (inv * inv) +
              (2.0 * r.value * inv * inv) * d_psi.transpose() * d_psi;
  return r;
}

/// Σ_k u_k ∂²m_k/∂X∂X for m = e1 × e2 (u·m = −e1ᵀ skew(u) e2 is bilinear).
Square<12> cross_product_hessian(const Block3<12>& e1_jac, const Block3<12>& e2_jac,
                                 const Vec3& u) {
  const Square<12> half = -e1_jac.transpose() * skew(u) * e2_jac;
  return half + half.transpose();
}

struct PlaneTerms {
  Vec3 w, m;
  Block3<12> w_jac, e1_jac, e2_jac, m_jac;
};

PlaneTerms plane_terms(const std::array<Vec3, 4>& x, const PlaneProjection& form) {
  PlaneTerms t;
  const Vec3 e1 = difference(x, form.e1);
  const Vec3 e2 = difference(x, form.e2);
  t.w = difference(x, form.w);
  t.m = e1.cross(e2);
  t.w_jac = difference_jacobian<12>(form.w);
  t.e1_jac = difference_jacobian<12>(form.e1);
  t.e2_jac = difference_jacobian<12>(form.e2);
  t.m_jac = skew(e1) * t.e2_jac - skew(e2) * t.e1_jac;
  return t;
}

RatioDerivatives<12> plane_ratio(const PlaneTerms& t) {
  const Row<12> d_phi = t.m.transpose() * t.w_jac + t.w.transpose() * t.m_jac;
  const Square<12> dd_phi = t.w_jac.transpose() * t.m_jac + t.m_jac.transpose() * t.w_jac +
                            cross_product_hessian(t.e1_jac, t.e2_jac, t.w);
  const Row<12> d_psi = 2.0 * t.m.transpose() * t.m_jac;
  const Square<12> dd_psi =
      2.0 * t.m_jac.transpose() * t.m_jac + 2.0 * cross_product_hessian(t.e1_jac, t.e2_jac, t.m);
  return ratio_derivatives<12>(t.w.dot(t.m), d_phi, dd_phi, t.m.squaredNorm(), d_psi, dd_psi);
}

}  // namespace

Vec3 plane_projection_gap(const std::array<Vec3, 4>& x, const PlaneProjection& form) {
  const Vec3 m = difference(x, form.e1).cross(difference(x, form.e2));
  return (difference(x, form.w).dot(m) / m.squaredNorm()) * m;
}

Eigen::Matrix<double, 3, 12> plane_projection_gap_jacobian(const std::array<Vec3, 4>& x,
                                                           const PlaneProjection& form) {
  const PlaneTerms t = plane_terms(x, form);
  const double psi = t.m.squaredNorm();
  const double lambda = t.w.dot(t.m) / psi;
  const Row<12> d_phi = t.m.transpose() * t.w_jac + t.w.transpose() * t.m_jac;
  const Row<12> d_lambda = (d_phi - lambda * 2.0 * t.m.transpose() * t.m_jac) / psi;
  return t.m * d_lambda + lambda * t.m_jac;
}

Eigen::Matrix<double, 12, 12> plane_projection_gap_hessian(const std::array<Vec3, 4>& x,
                                                           const PlaneProjection& form,
                                                           const Vec3& weight) {
  // g = λ m: Σ_k u_k ∂²g_k = (u·m) ∂²λ + ∂λᵀ(uᵀ∂m) + (uᵀ∂m)ᵀ∂λ + λ Σ_k u_k ∂²m_k.
  const PlaneTerms t = plane_terms(x, form);
  const RatioDerivatives<12> lambda = plane_ratio(t);
  const Row<12> weighted_m_jac = weight.transpose() * t.m_jac;
  return weight.dot(t.m) * lambda.hessian + lambda.gradient.transpose() * weighted_m_jac +
         weighted_m_jac.transpose() * lambda.gradient +
         lambda.value * cross_product_hessian(t.e1_jac, t.e2_jac, weight);
}

Vec3 line_projection_gap(const std::array<Vec3, 3>& x, const LineProjection& form) {
  const Vec3 w = difference(x, form.w);
  const Vec3 e = difference(x, form.e);
  return w - (w.dot(e) / e.squaredNorm()) * e;
}

Eigen::Matrix<double, 3, 9> line_projection_gap_jacobian(const std::array<Vec3, 3>& x,
                                                         const LineProjection& form) {
  const Vec3 w = difference(x, form.w);
  const Vec3 e = difference(x, form.e);
  const Block3<9> w_jac = difference_jacobian<9>(form.w);
  const Block3<9> e_jac = difference_jacobian<9>(form.e);
  const double psi = e.squaredNorm();
  const double mu = w.dot(e) / psi;
  const Row<9> d_mu =
      (e.transpose() * w_jac + w.transpose() * e_jac - mu * 2.0 * e.transpose() * e_jac) / psi;
  return w_jac - e * d_mu - mu * e_jac;
}

Eigen::Matrix<double, 9, 9> line_projection_gap_hessian(const std::array<Vec3, 3>& x,
                                                        const LineProjection& form,
                                                        const Vec3& weight) {
  // g = w − μ e: Σ_k u_k ∂²g_k = −(u·e) ∂²μ − ∂μᵀ(uᵀ∂e) − (uᵀ∂e)ᵀ∂μ.
  const Vec3 w = difference(x, form.w);
  const Vec3 e = difference(x, form.e);
  const Block3<9> w_jac = difference_jacobian<9>(form.w);
  const Block3<9> e_jac = difference_jacobian<9>(form.e);
  const Row<9> d_phi = e.transpose() * w_jac + w.transpose() * e_jac;
  const Square<9> dd_phi = w_jac.transpose() * e_jac + e_jac.transpose() * w_jac;
  const Row<9> d_psi = 2.0 * e.transpose() * e_jac;
  const Square<9> dd_psi = 2.0 * e_jac.transpose() * e_jac;
  const RatioDerivatives<9> mu =
      ratio_derivatives<9>(w.dot(e), d_phi, dd_phi, e.squaredNorm(), d_psi, dd_psi);
  const Row<9> weighted_e_jac = weight.transpose() * e_jac;
  return -weight.dot(e) * mu.hessian - mu.gradient.transpose() * weighted_e_jac -
         weighted_e_jac.transpose() * mu.gradient;
}

}  // namespace polydem::detail

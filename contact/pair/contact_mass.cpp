#include "contact/pair/contact_mass.hpp"

#include <cmath>

#include <Eigen/Cholesky>

namespace polydem {
namespace {

/// L_sᵀ ((x − b^r) × Qᵀ n): a side's turn under a unit force along n at body point x.
Vec3 turn(const ContactSide& side, const Vec3& point, const Vec3& normal) {
  const Vec3 arm = point - side.centre_of_mass;
  return side.inverse_inertia_root.transpose() *
         arm.cross(side.trial.rotation.transpose() * normal);
}

}  // namespace

Mat3 inverse_inertia_root(const Mat3& inertia) {
  const Eigen::LLT<Mat3> inertia_factor(inertia);
  if (inertia_factor.info() != Eigen::Success || !(inertia.determinant() > 0)) return Mat3::Zero();
  const Mat3 inverse = inertia_factor.solve(Mat3::Identity());
  const Eigen::LLT<Mat3> root(0.5 * (inverse + inverse.transpose()));
  return root.info() == Eigen::Success ? Mat3(root.matrixL()) : Mat3::Zero();
}

ContactMobility contact_mobility(const ContactSide& a, const ContactSide& b, const Vec3& point_a,
                                 const Vec3& point_b, const Vec3& normal) {
  double inverse_mass = 1 / a.mass;
  if (b.has_dofs()) inverse_mass += 1 / b.mass;
  ContactMobility mobility = ContactMobility::Zero();
  if (!(normal.squaredNorm() > 0)) {  // no direction known: the sides' masses alone
    mobility(0) = std::sqrt(inverse_mass);
    return mobility;
  }
  mobility.head<3>() = std::sqrt(inverse_mass) * normal;
  mobility.segment<3>(3) = turn(a, point_a, normal);
  if (b.has_dofs()) mobility.tail<3>() = -turn(b, point_b, normal);
  return mobility;
}

double contact_point_mass(const ContactMobility& mobility) { return 1 / mobility.squaredNorm(); }

}  // namespace polydem

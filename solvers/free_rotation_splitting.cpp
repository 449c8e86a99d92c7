// Splitting of the free rigid-body rotation; see free_rotation_splitting.hpp.
#include "solvers/free_rotation_splitting.hpp"

#include <Eigen/Eigenvalues>

namespace polydem {
namespace {

/// The exact flow of T_k = π_k²/(2 I_k) over dt: the body turns about its
/// principal axis k by dt π_k/I_k; π, seen from the body, turns back.
void rotate_about_principal_axis(Eigen::Quaterniond& principal_to_world, Vec3& momentum, int axis,
                                 double moment_of_inertia, double dt) {
  const double angle = dt * momentum[axis] / moment_of_inertia;
  const Eigen::AngleAxisd turn(angle, Vec3::Unit(axis));
  principal_to_world = principal_to_world * Eigen::Quaterniond(turn);
  momentum = turn.inverse() * momentum;
}

}  // namespace

PrincipalInertia PrincipalInertia::of(const Mat3& inertia_about_centre) {
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(inertia_about_centre);
  Mat3 axes = eigen.eigenvectors();
  if (axes.determinant() < 0) axes.col(2) = -axes.col(2);  // a proper rotation
  PrincipalInertia result;
  result.moments = eigen.eigenvalues();
  result.axes = Eigen::Quaterniond(axes).normalized();
  return result;
}

Eigen::Quaterniond rotate_free_body(const Eigen::Quaterniond& orientation,
                                    const Vec3& angular_momentum, const PrincipalInertia& inertia,
                                    double dt) {
  Eigen::Quaterniond principal_to_world = orientation * inertia.axes;
  Vec3 momentum = principal_to_world.conjugate() * angular_momentum;
  const Vec3& moments = inertia.moments;
  rotate_about_principal_axis(principal_to_world, momentum, 0, moments[0], 0.5 * dt);
  rotate_about_principal_axis(principal_to_world, momentum, 1, moments[1], 0.5 * dt);
  rotate_about_principal_axis(principal_to_world, momentum, 2, moments[2], dt);
  rotate_about_principal_axis(principal_to_world, momentum, 1, moments[1], 0.5 * dt);
  rotate_about_principal_axis(principal_to_world, momentum, 0, moments[0], 0.5 * dt);
  return (principal_to_world * inertia.axes.conjugate()).normalized();
}

}  // namespace polydem

// Basic fixed-size linear-algebra types shared by every module.
// Kept to <Eigen/Core> so that this widely included header stays light.
#pragma once

#include <Eigen/Core>

namespace polydem {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

/// The same on any scalar (automatic-differentiation scalars for tangents).
template <class S>
using Vec3T = Eigen::Matrix<S, 3, 1>;
template <class S>
using Mat3T = Eigen::Matrix<S, 3, 3>;

}  // namespace polydem

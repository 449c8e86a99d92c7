// Basic fixed-size linear-algebra types shared by every module.
// Kept to <Eigen/Core> so that this widely included header stays light.
#pragma once

#include <Eigen/Core>

namespace polydem {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

}  // namespace polydem

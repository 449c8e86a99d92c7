// The scalars a contact law is evaluated on: plain numbers, and forward-mode
// automatic-differentiation scalars seeded with the DOFs of a contact element
// (6 against a boundary, 12 between two bodies), whose derivatives are the
// consistent tangent. A law that is an interface (a dashpot) evaluates on each.
#pragma once

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

namespace polydem {

template <int N>
using AutoDiff = Eigen::AutoDiffScalar<Eigen::Matrix<double, N, 1>>;
using AD6 = AutoDiff<6>;
using AD12 = AutoDiff<12>;

}  // namespace polydem

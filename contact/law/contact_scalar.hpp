// The scalars a contact law is evaluated on: plain numbers, and forward-mode
// automatic-differentiation scalars seeded with the directions of a contact
// element (its 6 DOFs against a boundary; between two bodies 9: A's six and B's
// rotation, B's translation following from A's, see pointwise_contact.cpp), whose
// derivatives give the consistent tangent. A law that is an interface (a
// dashpot) evaluates on each.
#pragma once

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

namespace polydem {

template <int N>
using AutoDiff = Eigen::AutoDiffScalar<Eigen::Matrix<double, N, 1>>;
using AD6 = AutoDiff<6>;
using AD9 = AutoDiff<9>;

}  // namespace polydem

// The plain value of a scalar that may be a forward-mode AD scalar, for the
// decisions (branch of a law, stick or slip) that the derivative must not see.
#pragma once

namespace Eigen {
template <typename DerivativeType>
class AutoDiffScalar;
}  // namespace Eigen

namespace polydem {

inline double value_of(double x) { return x; }

template <class DerivativeType>
double value_of(const Eigen::AutoDiffScalar<DerivativeType>& x) {
  return x.value();
}

}  // namespace polydem

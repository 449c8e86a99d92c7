// x^n for a normal law's exponents (eqs. 49–50). The decks' n1 and n2 are
// whole numbers almost always (n1 = 2, n2 = −1), and std::pow costs several
// products (a profile of the 564 cubes put 3.6 % of the run in it): a whole
// exponent is taken by repeated squaring, any other by std::pow.
#pragma once

#include <cmath>

namespace polydem {

class WholePower {
 public:
  explicit WholePower(double exponent)
      : exponent_(exponent),
        whole_(std::abs(exponent) <= kLargestWhole && exponent == std::round(exponent)),
        magnitude_(whole_ ? static_cast<unsigned>(std::abs(exponent)) : 0u) {}

  double operator()(double x) const {
    if (!whole_) return std::pow(x, exponent_);
    double result = 1.0, square = x;
    for (unsigned k = magnitude_; k != 0; k >>= 1) {
      if (k & 1u) result *= square;
      square *= square;
    }
    return exponent_ < 0 ? 1.0 / result : result;
  }

  double exponent() const { return exponent_; }

 private:
  /// Beyond this the products' rounding would grow past std::pow's.
  static constexpr double kLargestWhole = 8;

  double exponent_;
  bool whole_;
  unsigned magnitude_;
};

}  // namespace polydem

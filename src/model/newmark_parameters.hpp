// β and γ of the Newmark scheme (paper eq. 21), as the deck's `newmark`
// section declares them (newmark_parameters.cpp). β = 0.3, γ = 0.5 is the
// paper's choice: no first-order dissipation, some period error; β = 1/4
// conserves the energy of linear problems.
#pragma once

#include "src/params/param_set.hpp"

namespace polydem {

struct NewmarkParameters {
  double beta = 0.3;
  double gamma = 0.5;

  static NewmarkParameters from(const ParamSet& newmark);
};

}  // namespace polydem

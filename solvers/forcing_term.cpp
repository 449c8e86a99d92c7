#include "solvers/forcing_term.hpp"

#include <algorithm>
#include <cmath>

namespace polydem {

double EisenstatWalker::next(double norm, double tolerance) {
  double eta = kFirst;
  if (previous_norm_ > 0) {
    eta = kGamma * std::pow(norm / previous_norm_, kAlpha);
    // A sudden drop of the residual must not make η collapse at once (EW §3).
    const double safeguard = kGamma * std::pow(previous_eta_, kAlpha);
    if (safeguard > kSafeguardThreshold) eta = std::max(eta, safeguard);
  }
  eta = std::min(eta, kLargest);
  // No need to solve past what brings the residual below Newton's tolerance.
  if (norm > 0) eta = std::max(eta, 0.5 * tolerance / norm);
  eta = std::min(eta, kLargest);
  previous_norm_ = norm;
  previous_eta_ = eta;
  return eta;
}

}  // namespace polydem

// The forcing term of an inexact Newton method (Eisenstat & Walker, "Choosing
// the forcing terms in an inexact Newton method", SIAM J. Sci. Comput. 17,
// 1996, choice 2): the relative residual η_k to which an iterative linear
// solve is taken at Newton iterate k. Early iterates, far from the solution,
// need no accurate correction; η_k = γ (|r_k|/|r_{k−1}|)^α with α = 2 makes the
// linear solves tighter as Newton converges, so that its rate stays quadratic
// (|r_{k+1}| ≲ η_k |r_k| + C |r_k|² with η_k ∝ |r_k|).
#pragma once

namespace polydem {

class EisenstatWalker {
 public:
  /// Forgets the previous iterates (a new Newton solve).
  void reset() {
    previous_norm_ = 0;
    previous_eta_ = 0;
  }

  /// η_k for the correction at an iterate whose residual norm is `norm`, when
  /// Newton stops at `tolerance`.
  double next(double norm, double tolerance);

  static constexpr double kFirst = 0.3;  ///< η_0 (PETSc's SNES default rtol_0)
  static constexpr double kGamma = 0.9;  ///< γ
  static constexpr double kAlpha = 2.0;  ///< α: quadratic convergence at the end
  static constexpr double kLargest =
      0.5;  ///< η_max: a correction at least halves the residual model
  /// Below this, the safeguard γ η_{k−1}^α no longer holds η_k up.
  static constexpr double kSafeguardThreshold = 0.1;

 private:
  double previous_norm_ = 0;
  double previous_eta_ = 0;
};

}  // namespace polydem

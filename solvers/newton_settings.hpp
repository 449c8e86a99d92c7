// What a Newton solve of one step is allowed (paper §2.6): the tolerances the
// deck's `newton` section declares (newton_settings.cpp) and the fixed limits
// of the active-set and backtracking policies.
#pragma once

#include "src/params/param_set.hpp"

namespace polydem {

struct NewtonSettings {
  // The deck's keys (newton_params):
  int max_iterations = 20;
  double residual_tolerance = 1e-8;    ///< relative to the force scale
  double increment_tolerance = 1e-10;  ///< on |δu|/L and |δα|
  double force_scale = 0;              ///< N; 0: automatic from loads and inertia
  /// Eisenstat–Walker forcing: an iterative linear solve stops at a relative
  /// residual η_k set by the Newton iterate's progress (inexact Newton), on
  /// systems of at least this many equations (0: all; `forcing: fixed` never).
  int eisenstat_walker_from = kEisenstatWalkerFrom;
  /// `line_search: secant`: a correction that overshoots (the residual along it
  /// reverses) is cut back to the secant root (NewtonSolver::search_along_correction).
  bool line_search = false;
  /// `forcing: auto`'s size: the 1005-tetrapod collapse (6030 equations) took 13 % less wall
  /// time with it, the 240 tetrapods (1440) 2.6 % less CPU; smaller packs gained nothing
  /// beyond their scatter and took 9–13 % more Newton iterations (docs/performance.md).
  static constexpr int kEisenstatWalkerFrom = 1000;

  /// Whether a system of `equations` equations is solved to the Eisenstat–Walker forcing.
  bool uses_eisenstat_walker(long equations) const {
    return eisenstat_walker_from >= 0 && equations >= eisenstat_walker_from;
  }

  // Fixed policies:
  /// Give up early when the residual grows by this factor over the first one.
  double divergence_factor = 1e12;
  /// Halvings of a correction allowed before the iteration gives up as inadmissible.
  int max_step_halvings = 30;
  /// The active set is re-decided after each of the first `free_active_set_iterations`
  /// corrections, then frozen until convergence, when it is checked again.
  int free_active_set_iterations = 3;
  /// Successive corrections that had to be shortened (a barrier in the way)
  /// before the iteration gives up as inadmissible.
  int max_shortened_iterations = 4;
  /// Halvings of a correction that made the residual grow (once the active set
  /// is frozen), before the iterate is taken as it is.
  int max_residual_backtracks = 4;
  /// Converged states whose active set still changed, before giving up.
  int max_active_set_changes = 10;

  /// The settings a deck's `newton` section declares.
  static NewtonSettings from(const ParamSet& newton);
};

}  // namespace polydem

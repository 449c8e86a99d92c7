// What led to one residual evaluation of a Newton solve: recorded per
// evaluation (NewtonReport, StepRecord) and written as newton.csv's `kind`.
#pragma once

namespace polydem {

enum class EvaluationKind : int {
  start = 0,                  ///< the predicted state, before any correction
  correction = 1,             ///< a Newton correction applied, the active set unchanged
  new_set = 2,                ///< a Newton correction applied, then the active set changed
  backtrack = 3,              ///< a correction halved because the residual grew
  switch_at_convergence = 4,  ///< a converged state, evaluated with its new active set
  line_search = 5,            ///< a correction shortened where the residual along it reversed
};

}  // namespace polydem

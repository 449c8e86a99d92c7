// The sizes of the structures that grow with the model, each kept at its largest over
// a run's accepted steps (summary.json's `memory`), for either implicit driver: the
// Newmark step's tangent and assembly, or the convex step's Hessian and its factor.
#pragma once

#include "src/analysis/analysis.hpp"

namespace polydem {

/// After an accepted step: the system matrix's stored entries, the bytes of what
/// assembles and solves it beside the matrix, and the contact set's parts.
void tally_structures(long matrix_entries, double assembly_bytes, const Model& model,
                      RunTotals& totals);

/// Copies the memory fields `tally_structures` keeps from `from` into `to`.
void copy_structures(const RunTotals& from, RunTotals& to);

}  // namespace polydem

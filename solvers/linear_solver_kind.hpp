#pragma once

namespace polydem {

/// Which solver factorises the tangent. Auto uses CHOLMOD while the tangent is
/// symmetric positive definite and UMFPACK otherwise; Petsc distributes the
/// tangent over the MPI ranks (only in a build with PETSc).
enum class LinearSolverKind { Auto, Umfpack, Cholmod, Petsc };

}  // namespace polydem

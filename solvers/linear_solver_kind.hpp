#pragma once

namespace polydem {

/// Which sparse direct solver factorises the tangent. Auto uses CHOLMOD while
/// the tangent is symmetric positive definite and UMFPACK otherwise.
enum class LinearSolverKind { Auto, Umfpack, Cholmod };

}  // namespace polydem

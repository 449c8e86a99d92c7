// The sparse matrix type of the global tangent, shared by the assembler, the
// linear solvers and the distributed back ends. It is stored by rows (compressed
// sparse rows): what the Krylov solve multiplies by and what PETSc takes, so
// neither needs a copy of the tangent (a pack's row-major copy was its largest
// item of heap after the tangent itself). The direct back ends, which SuiteSparse
// gives column-major arrays, keep a column copy of their own (column_copy.hpp).
#pragma once

#include <Eigen/SparseCore>

namespace polydem {

using SparseMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor, int>;

}  // namespace polydem

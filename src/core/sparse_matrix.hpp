// The sparse matrix type of the global tangent, shared by the assembler, the
// linear solvers and the distributed back ends.
#pragma once

#include <Eigen/SparseCore>

namespace polydem {

using SparseMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

}  // namespace polydem

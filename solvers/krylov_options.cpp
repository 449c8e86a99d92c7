#include "solvers/krylov_options.hpp"

#include <sstream>

namespace polydem {
namespace {

std::string preconditioner_options(const std::string& name) {
  if (name == "ilu") return " -pc_type bjacobi -sub_pc_type ilu";
  if (name == "asm") return " -pc_type asm -pc_asm_overlap 1 -sub_pc_type ilu";
  if (name == "gamg") return " -pc_type gamg";
  if (name == "block_jacobi") return " -pc_type vpbjacobi";
  return " -pc_type jacobi";
}

}  // namespace

std::string petsc_krylov_options(const KrylovOptions& krylov) {
  std::ostringstream out;
  out.precision(17);
  out << "-ksp_type " << krylov.method;
  if (krylov.method == "gmres") out << " -ksp_gmres_restart " << krylov.restart;
  out << " -ksp_pc_side right -ksp_norm_type unpreconditioned -ksp_rtol "
      << krylov.relative_tolerance << " -ksp_max_it " << krylov.max_iterations
      << preconditioner_options(krylov.preconditioner);
  if (!krylov.further.empty()) out << " " << krylov.further;
  return out.str();
}

}  // namespace polydem

// make_domain_decomposition for a build without PETSc: no MPI, one process.
#if !POLYDEM_WITH_PETSC

#include "src/parallel/make_domain_decomposition.hpp"

namespace polydem {

bool decomposes(const DeckData& /*deck*/) { return false; }

std::unique_ptr<DomainDecomposition> make_domain_decomposition(Model& /*model*/,
                                                               const DeckData& /*deck*/) {
  return nullptr;
}

}  // namespace polydem

#endif

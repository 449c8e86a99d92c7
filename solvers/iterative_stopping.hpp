// The keys every iterative back end stops by (`krylov`, `bicgstab`): its relative tolerance
// on the true residual and the iterations after which UMFPACK answers instead.
#pragma once

#include "src/params/declarations.hpp"

namespace polydem {

void add_stopping_keys(ObjectSchema& schema, long long max_iterations);

}  // namespace polydem

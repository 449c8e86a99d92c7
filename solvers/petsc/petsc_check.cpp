#include "solvers/petsc/petsc_check.hpp"

#include <string>

#include "src/core/errors.hpp"

namespace polydem {
namespace {

// The error's origin, recorded by the handler until petsc_check reports it.
std::string& first_error() {
  static std::string text;
  return text;
}

PetscErrorCode record_first_error(MPI_Comm, int, const char* function, const char*,
                                  PetscErrorCode code, PetscErrorType type, const char* message,
                                  void*) {
  if (type == PETSC_ERROR_INITIAL)
    first_error() =
        std::string(message ? message : "") + " [in " + (function ? function : "?") + "()]";
  return code;
}

}  // namespace

void install_petsc_error_handler() {
  petsc_check(PetscPushErrorHandler(record_first_error, nullptr), "PetscPushErrorHandler");
}

void petsc_check(PetscErrorCode code, std::string_view call) {
  if (code == 0) return;
  const char* category = nullptr;
  PetscErrorMessage(code, &category, nullptr);
  std::string text = "PETSc error in " + std::string(call) + ": ";
  text += category ? category : "error code " + std::to_string(code);
  if (!first_error().empty()) text += ": " + first_error();
  first_error().clear();
  throw LibraryError(text);
}

}  // namespace polydem

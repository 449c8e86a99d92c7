// PETSc error codes as polydem exceptions. PETSc's default handler prints a
// traceback on stderr for every error; polydem's handler keeps the first line
// of it (where the error arose and PETSc's message) instead, so that the error
// reaches the user once, through the command line's error report.
#pragma once

#include <petscsys.h>

#include <string_view>

namespace polydem {

/// Replaces PETSc's printing error handler; PETSc must be initialised.
void install_petsc_error_handler();

/// Throws LibraryError with PETSc's message when `code` is an error; `call`
/// names the PETSc function polydem called.
void petsc_check(PetscErrorCode code, std::string_view call);

}  // namespace polydem

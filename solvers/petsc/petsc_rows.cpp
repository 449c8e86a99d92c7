#include "solvers/petsc/petsc_rows.hpp"

#include <algorithm>
#include <type_traits>

#include "solvers/petsc/petsc_check.hpp"

namespace polydem {
namespace {

static_assert(std::is_same_v<PetscScalar, double>, "the tangent's values go to PETSc as they are");

int global_number(std::span<const int> global, int number) {
  return global.empty() ? number : global[static_cast<std::size_t>(number)];
}

/// A body's six equations couple to the same columns: the point blocks of
/// body-block Jacobi are at most this long.
constexpr PetscInt kLargestPointBlock = 6;

// The rows of one rigid body (its free DOFs, numbered one after another) meet
// the same elements and so have the same columns; found from the pattern alone,
// without the solver knowing what a body is. Read from the matrix once its
// pattern is whole (preallocated from every process's rows): under domain
// decomposition an owned row also holds the columns other processes add to it.
void set_point_blocks(Mat matrix) {
  // Its rows are readable once assembled (the zeros the preallocation put in).
  petsc_check(MatAssemblyBegin(matrix, MAT_FINAL_ASSEMBLY), "MatAssemblyBegin");
  petsc_check(MatAssemblyEnd(matrix, MAT_FINAL_ASSEMBLY), "MatAssemblyEnd");
  PetscInt first = 0, last = 0;
  petsc_check(MatGetOwnershipRange(matrix, &first, &last), "MatGetOwnershipRange");
  std::vector<PetscInt> sizes;
  std::vector<PetscInt> previous, current;
  for (PetscInt row = first; row < last; ++row) {
    PetscInt count = 0;
    const PetscInt* columns = nullptr;
    petsc_check(MatGetRow(matrix, row, &count, &columns, nullptr), "MatGetRow");
    current.assign(columns, columns + count);
    petsc_check(MatRestoreRow(matrix, row, &count, &columns, nullptr), "MatRestoreRow");
    if (!sizes.empty() && sizes.back() < kLargestPointBlock && current == previous)
      ++sizes.back();
    else
      sizes.push_back(1);
    previous.swap(current);
  }
  petsc_check(MatSetVariableBlockSizes(matrix, static_cast<PetscInt>(sizes.size()), sizes.data()),
              "MatSetVariableBlockSizes");
}

}  // namespace

PetscRows::PetscRows(const SparseMatrix& matrix, int first, int last, std::span<const int> global)
    : block_(row_block(matrix, first, last)) {
  rows_.reserve(static_cast<std::size_t>(block_.row_count()));
  for (int row = first; row < last; ++row) rows_.push_back(global_number(global, row));
  columns_.reserve(block_.columns.size());
  for (const int column : block_.columns) columns_.push_back(global_number(global, column));
}

void PetscRows::set_rows(Mat target, const double* values, InsertMode mode) const {
  for (std::size_t row = 0; row < rows_.size(); ++row) {
    const int begin = block_.offsets[row];
    const int count = block_.offsets[row + 1] - begin;
    petsc_check(
        MatSetValues(target, 1, &rows_[row], count, columns_.data() + begin, values + begin, mode),
        "MatSetValues");
  }
}

// MATPREALLOCATOR collects the entries of every process's rows, those sent to
// other processes included, so that each process preallocates its own rows
// exactly: later assemblies change values only and PETSc keeps the symbolic
// factorisation.
void PetscRows::create_matrix(int owned_rows, int global_rows, MatHandle& out) const {
  MatHandle preallocator;
  petsc_check(MatCreate(PETSC_COMM_WORLD, preallocator.replace()), "MatCreate");
  petsc_check(MatSetType(preallocator.get(), MATPREALLOCATOR), "MatSetType");
  petsc_check(MatSetSizes(preallocator.get(), owned_rows, owned_rows, global_rows, global_rows),
              "MatSetSizes");
  petsc_check(MatSetUp(preallocator.get()), "MatSetUp");
  const std::vector<double> zeros(columns_.size(), 0.0);
  set_rows(preallocator.get(), zeros.data(), INSERT_VALUES);
  petsc_check(MatAssemblyBegin(preallocator.get(), MAT_FINAL_ASSEMBLY), "MatAssemblyBegin");
  petsc_check(MatAssemblyEnd(preallocator.get(), MAT_FINAL_ASSEMBLY), "MatAssemblyEnd");

  petsc_check(MatCreate(PETSC_COMM_WORLD, out.replace()), "MatCreate");
  petsc_check(MatSetSizes(out.get(), owned_rows, owned_rows, global_rows, global_rows),
              "MatSetSizes");
  petsc_check(MatSetType(out.get(), MATMPIAIJ), "MatSetType");
  petsc_check(MatPreallocatorPreallocate(preallocator.get(), PETSC_TRUE, out.get()),
              "MatPreallocatorPreallocate");
  petsc_check(MatSetOption(out.get(), MAT_NEW_NONZERO_LOCATION_ERR, PETSC_TRUE), "MatSetOption");
  set_point_blocks(out.get());
  // Every assembly sends the same entries to the same processes.
  petsc_check(MatSetOption(out.get(), MAT_SUBSET_OFF_PROC_ENTRIES, PETSC_TRUE), "MatSetOption");
}

void PetscRows::copy_values(const SparseMatrix& matrix, Mat target, InsertMode mode) {
  if (mode == ADD_VALUES) petsc_check(MatZeroEntries(target), "MatZeroEntries");
  set_rows(target, block_.values(matrix), mode);
  petsc_check(MatAssemblyBegin(target, MAT_FINAL_ASSEMBLY), "MatAssemblyBegin");
  petsc_check(MatAssemblyEnd(target, MAT_FINAL_ASSEMBLY), "MatAssemblyEnd");
}

}  // namespace polydem

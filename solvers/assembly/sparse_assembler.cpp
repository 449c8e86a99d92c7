#include "solvers/assembly/sparse_assembler.hpp"

#include <algorithm>
#include <stdexcept>

namespace polydem {
namespace {

// Position of (row, col) in the compressed column storage of a pattern that is known to hold it.
int value_position(const SparseMatrix& matrix, int row, int col) {
  const int* rows = matrix.innerIndexPtr();
  const int* begin = rows + matrix.outerIndexPtr()[col];
  const int* end = rows + matrix.outerIndexPtr()[col + 1];
  const int* found = std::lower_bound(begin, end, row);
  if (found == end || *found != row) throw std::logic_error("sparse pattern is missing an entry");
  return static_cast<int>(found - rows);
}

}  // namespace

void SparseAssembler::build_pattern(const DofMap& dofs, std::span<const Element* const> elements) {
  // The slots that stay keep their buffers (a contact pair's 12 × 12 tangent and
  // index arrays): the pattern is rebuilt whenever contact pairs come and go.
  slots_.resize(elements.size());
  slot_equations_.resize(elements.size());
  for (std::size_t e = 0; e < elements.size(); ++e) {
    Slot& slot = slots_[e];
    slot.element = elements[e];
    auto element_dofs = slot.element->dofs();
    const int n = static_cast<int>(element_dofs.size());
    slot.equations.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      slot.equations[static_cast<std::size_t>(i)] =
          dofs.equation(element_dofs[static_cast<std::size_t>(i)]);
    slot.local_residual.resize(n);
    slot.local_tangent.resize(n, n);
    slot_equations_[e] = slot.equations;
  }
  const int equations = dofs.equation_count();
  pattern_.build(equations, slot_equations_, tangent_);
  residual_.setZero(equations);

  for (Slot& slot : slots_) {
    const std::size_t n = slot.equations.size();
    slot.value_index.assign(n * n, -1);
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = 0; i < n; ++i)
        if (slot.equations[i] >= 0 && slot.equations[j] >= 0)
          slot.value_index[j * n + i] =
              value_position(tangent_, slot.equations[i], slot.equations[j]);
  }
  ++pattern_version_;
}

// Elements differ in cost by orders of magnitude (a body against a contact pair of several
// pointwise contacts, bodies first, pairs after), so the threads take them in small chunks
// as they come free: a static split left one thread with most of the pairs. Each element
// writes only its own slot and the scatter below runs in element order, so the sums are
// the same whichever thread evaluated what.
void SparseAssembler::evaluate_elements(const StepContext& ctx, int threads, bool with_tangent) {
  const long count = static_cast<long>(slots_.size());
#pragma omp parallel for schedule(dynamic, 8) num_threads(std::max(threads, 1))
  for (long e = 0; e < count; ++e) {
    Slot& slot = slots_[static_cast<std::size_t>(e)];
    if (with_tangent)
      slot.element->evaluate(ctx, slot.local_residual, slot.local_tangent);
    else
      slot.element->evaluate_residual(ctx, slot.local_residual);
    slot.reference_force = slot.element->reference_force(ctx);
  }
}

void SparseAssembler::assemble(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, true);
  residual_.setZero();
  reference_force_ = 0;
  std::fill_n(tangent_.valuePtr(), tangent_.nonZeros(), 0.0);
  for (const Slot& slot : slots_) {
    scatter_residual(slot);
    scatter_tangent(slot);
  }
}

void SparseAssembler::assemble_residual(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, false);
  residual_.setZero();
  reference_force_ = 0;
  for (const Slot& slot : slots_) scatter_residual(slot);
}

void SparseAssembler::assemble_tangent(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, true);
  std::fill_n(tangent_.valuePtr(), tangent_.nonZeros(), 0.0);
  for (const Slot& slot : slots_) scatter_tangent(slot);
}

void SparseAssembler::scatter_residual(const Slot& slot) {
  const std::size_t n = slot.equations.size();
  for (std::size_t i = 0; i < n; ++i)
    if (slot.equations[i] >= 0)
      residual_[slot.equations[i]] += slot.local_residual[static_cast<long>(i)];
  reference_force_ = std::max(reference_force_, slot.reference_force);
}

void SparseAssembler::scatter_tangent(const Slot& slot) {
  const std::size_t n = slot.equations.size();
  double* values = tangent_.valuePtr();
  const double* local = slot.local_tangent.data();
  for (std::size_t k = 0; k < n * n; ++k)
    if (slot.value_index[k] >= 0) values[slot.value_index[k]] += local[k];
}

}  // namespace polydem

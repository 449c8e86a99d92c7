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
  residual_gather_.first.clear();  // built when first used on threads
  tangent_gather_.first.clear();
  ++pattern_version_;
}

// Sources are pointers into the slots' local buffers, which keep their storage until the
// next build_pattern (elements write through an Eigen::Ref and cannot resize them): each
// entry's sum reads them in element order.
void SparseAssembler::Gather::build(std::size_t entries, const std::vector<Slot>& slots,
                                    bool tangent) {
  first.assign(entries + 1, 0);
  auto for_each_contribution = [&](auto&& visit) {
    for (const Slot& slot : slots) {
      if (tangent) {
        const double* local = slot.local_tangent.data();
        for (std::size_t k = 0; k < slot.value_index.size(); ++k)
          if (slot.value_index[k] >= 0) visit(slot.value_index[k], local + k);
      } else {
        const double* local = slot.local_residual.data();
        for (std::size_t i = 0; i < slot.equations.size(); ++i)
          if (slot.equations[i] >= 0) visit(slot.equations[i], local + i);
      }
    }
  };
  for_each_contribution(
      [&](int entry, const double*) { ++first[static_cast<std::size_t>(entry) + 1]; });
  for (std::size_t k = 0; k < entries; ++k) first[k + 1] += first[k];
  sources.resize(static_cast<std::size_t>(first.back()));
  cursor.assign(first.begin(), first.end() - 1);
  for_each_contribution([&](int entry, const double* source) {
    sources[static_cast<std::size_t>(cursor[static_cast<std::size_t>(entry)]++)] = source;
  });
}

// Each entry is summed by one thread, from 0 and in element order: the serial scatter's
// arithmetic, whichever thread does it. On one thread the scatter itself runs: it reads
// the local buffers in order instead of through a pointer per contribution.
void SparseAssembler::Gather::sum_into(double* target, int threads) const {
  const long entries = static_cast<long>(first.size()) - 1;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (long k = 0; k < entries; ++k) {
    double sum = 0;
    for (int c = first[static_cast<std::size_t>(k)]; c < first[static_cast<std::size_t>(k) + 1];
         ++c)
      sum += *sources[static_cast<std::size_t>(c)];
    target[k] = sum;
  }
}

void SparseAssembler::scatter_residual() {
  residual_.setZero();
  for (const Slot& slot : slots_)
    for (std::size_t i = 0; i < slot.equations.size(); ++i)
      if (slot.equations[i] >= 0)
        residual_[slot.equations[i]] += slot.local_residual[static_cast<long>(i)];
}

void SparseAssembler::scatter_tangent() {
  double* values = tangent_.valuePtr();
  std::fill_n(values, tangent_.nonZeros(), 0.0);
  for (const Slot& slot : slots_) {
    const double* local = slot.local_tangent.data();
    for (std::size_t k = 0; k < slot.value_index.size(); ++k)
      if (slot.value_index[k] >= 0) values[slot.value_index[k]] += local[k];
  }
}

// Elements differ in cost by orders of magnitude (a body against a contact pair of several
// pointwise contacts, bodies first, pairs after), so the threads take them in small chunks
// as they come free: a static split left one thread with most of the pairs. Each element
// writes only its own slot and the gathers below sum in element order, so the sums are
// the same whichever thread evaluated what.
void SparseAssembler::evaluate_elements(const StepContext& ctx, int threads, bool with_tangent) {
  ThreadCountChoice& choice = with_tangent ? evaluation_threads_ : residual_evaluation_threads_;
  choice.follow_threads(threads);
  const long count = static_cast<long>(slots_.size());
  choice.run([&](int team) {
#pragma omp parallel for schedule(dynamic, 8) num_threads(team)
    for (long e = 0; e < count; ++e) {
      Slot& slot = slots_[static_cast<std::size_t>(e)];
      if (with_tangent)
        slot.element->evaluate(ctx, slot.local_residual, slot.local_tangent);
      else
        slot.element->evaluate_residual(ctx, slot.local_residual);
      slot.reference_force = slot.element->reference_force(ctx);
    }
    return count;
  });
}

void SparseAssembler::assemble(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, true);
  gather_residual(threads);
  gather_tangent(threads);
}

void SparseAssembler::assemble_residual(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, false);
  gather_residual(threads);
}

void SparseAssembler::assemble_tangent(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, true);
  gather_tangent(threads);
}

void SparseAssembler::gather_residual(int threads) {
  gather(residual_gather_, residual_gather_threads_, false, threads);
  reference_force_ = 0;
  for (const Slot& slot : slots_)
    reference_force_ = std::max(reference_force_, slot.reference_force);
}

void SparseAssembler::gather_tangent(int threads) {
  gather(tangent_gather_, tangent_gather_threads_, true, threads);
}

void SparseAssembler::gather(Gather& gather, ThreadCountChoice& choice, bool tangent, int threads) {
  choice.follow_threads(threads);
  double* target = tangent ? tangent_.valuePtr() : residual_.data();
  const long entries = tangent ? static_cast<long>(tangent_.nonZeros()) : residual_.size();
  if (threads > 1 && gather.first.empty())
    gather.build(static_cast<std::size_t>(entries), slots_, tangent);
  choice.run([&](int team) {
    if (team > 1)
      gather.sum_into(target, team);
    else if (tangent)
      scatter_tangent();
    else
      scatter_residual();
    return entries;
  });
}

}  // namespace polydem

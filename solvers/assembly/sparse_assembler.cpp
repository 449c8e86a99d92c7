#include "solvers/assembly/sparse_assembler.hpp"

#include <algorithm>
#include <stdexcept>

namespace polydem {
namespace {

constexpr int kMissing = -2;

// Position of (row, col) in the compressed row storage of a pattern that should hold it;
// kMissing where it does not.
int value_position(const SparseMatrix& matrix, int row, int col) {
  const int* columns = matrix.innerIndexPtr();
  const int* begin = columns + matrix.outerIndexPtr()[row];
  const int* end = columns + matrix.outerIndexPtr()[row + 1];
  const int* found = std::lower_bound(begin, end, col);
  if (found == end || *found != col) return kMissing;
  return static_cast<int>(found - columns);
}

}  // namespace

void SparseAssembler::build_pattern(const DofMap& dofs, std::span<const Element* const> elements,
                                    int threads) {
  // The arrays keep their capacity: the pattern is rebuilt whenever contact pairs come and go.
  place_elements(dofs, elements);
  block_tangents_.resize(std::min(kBlock, slots_.size()) * tangent_stride_);
  const int equations = dofs.equation_count();
  pattern_.build(equations, slot_equations_, tangent_);
  residual_.setZero(equations);

  // A binary search per local row and run: on the 1005-tetrapod collapse, where the pattern
  // is rebuilt at every step, 2 % of the run's time on one thread (one per entry then).
  const long count = static_cast<long>(slots_.size());
  bool complete = true;
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads) reduction(&& : complete)
  for (long e = 0; e < count; ++e)
    complete = map_into_values(slots_[static_cast<std::size_t>(e)]) && complete;
  if (!complete) throw std::logic_error("sparse pattern is missing an entry");
  part_bounds_.clear();  // split when first used
  ++pattern_version_;
}

void SparseAssembler::place_elements(const DofMap& dofs, std::span<const Element* const> elements) {
  slots_.resize(elements.size());
  std::size_t total = 0;  // every element's DOFs: the arrays are sized exactly, not doubled
  for (std::size_t e = 0; e < elements.size(); ++e) {
    slots_[e] = Slot{elements[e], total, 0, 0, static_cast<int>(elements[e]->dofs().size()), 0, 0};
    total += static_cast<std::size_t>(slots_[e].size);
  }
  equations_.resize(total);
  local_residuals_.assign(total, 0.0);
  runs_.clear();
  tangent_stride_ = 0;
  std::size_t indices = 0;
  for (Slot& slot : slots_) {
    const auto element_dofs = slot.element->dofs();
    for (int i = 0; i < slot.size; ++i)
      equations_[slot.first_equation + static_cast<std::size_t>(i)] =
          dofs.equation(element_dofs[static_cast<std::size_t>(i)]);
    find_runs(slot);
    slot.first_index = indices;
    indices += static_cast<std::size_t>(slot.size) * static_cast<std::size_t>(slot.run_count);
    tangent_stride_ = std::max(tangent_stride_, static_cast<std::size_t>(slot.size) * slot.size);
  }
  value_index_.assign(indices, -1);
  slot_equations_.resize(slots_.size());
  for (std::size_t e = 0; e < slots_.size(); ++e)
    slot_equations_[e] = {equations_of(slots_[e]), static_cast<std::size_t>(slots_[e].size)};
}

std::size_t SparseAssembler::held_bytes() const {
  return slots_.capacity() * sizeof(Slot) + equations_.capacity() * sizeof(int) +
         local_residuals_.capacity() * sizeof(double) + runs_.capacity() * sizeof(Run) +
         value_index_.capacity() * sizeof(int) + block_tangents_.capacity() * sizeof(double) +
         slot_equations_.capacity() * sizeof(std::span<const int>) + pattern_.held_bytes() +
         part_bounds_.capacity() * sizeof(int) +
         static_cast<std::size_t>(residual_.size()) * sizeof(double);
}

// Runs of local columns whose equations are consecutive: a body's six DOFs, where none is
// held. A run's entries are consecutive in every row of the tangent (its rows hold whole
// runs, columns sorted), so one position per local row and run places them all: 24 for
// a contact pair's 144 entries.
void SparseAssembler::find_runs(Slot& slot) {
  slot.first_run = runs_.size();
  const int* equations = equations_of(slot);
  for (int j = 0; j < slot.size; ++j) {
    if (equations[j] < 0) continue;
    const bool extends = runs_.size() > slot.first_run &&
                         runs_.back().first + runs_.back().length == j &&
                         equations[j - 1] + 1 == equations[j];
    if (extends)
      ++runs_.back().length;
    else
      runs_.push_back({j, 1});
  }
  slot.run_count = static_cast<int>(runs_.size() - slot.first_run);
}

bool SparseAssembler::map_into_values(const Slot& slot) {
  const int* equations = equations_of(slot);
  const auto runs = static_cast<std::size_t>(slot.run_count);
  bool complete = true;
  for (std::size_t i = 0; i < static_cast<std::size_t>(slot.size); ++i) {
    const int row = equations[i];
    if (row < 0) continue;
    for (std::size_t r = 0; r < runs; ++r) {
      const Run run = runs_[slot.first_run + r];
      const int column = equations[run.first];
      const int position = value_position(tangent_, row, column);
      complete =
          complete && position != kMissing &&
          value_position(tangent_, row, column + run.length - 1) == position + run.length - 1;
      value_index_[slot.first_index + i * runs + r] = position;
    }
  }
  return complete;
}

// Each thread owns a run of whole rows, so every tangent entry (and residual entry of
// the same equations) is written by one thread only, and summed from zero in element
// order as on one thread. A thread walks every element but adds only the local rows
// of its equations: it reads the local buffers in place, where a gather by global
// entry (one pointer per contribution) was slower on two threads than one thread's
// scatter (the 1005-tetrapod tangent: 1.0 ms per assembly either way).
void SparseAssembler::split_rows(int parts) {
  const int rows = static_cast<int>(residual_.size());
  const int* outer = tangent_.outerIndexPtr();
  const double entries = static_cast<double>(tangent_.nonZeros());
  part_bounds_.assign(static_cast<std::size_t>(parts) + 1, rows);
  part_bounds_.front() = 0;
  for (int p = 1; p < parts; ++p) {
    const double target = entries * p / parts;
    const int* at = std::lower_bound(outer, outer + rows, static_cast<int>(target));
    part_bounds_[static_cast<std::size_t>(p)] =
        std::max(part_bounds_[static_cast<std::size_t>(p) - 1], static_cast<int>(at - outer));
  }
}

void SparseAssembler::scatter_residual(int first, int end) {
  residual_.segment(first, end - first).setZero();
  for (std::size_t k = 0; k < equations_.size(); ++k) {  // element after element
    const int equation = equations_[k];
    if (equation >= first && equation < end) residual_[equation] += local_residuals_[k];
  }
}

void SparseAssembler::scatter_tangent(int first, int end, std::size_t block) {
  double* values = tangent_.valuePtr();
  const int* outer = tangent_.outerIndexPtr();
  if (block == 0) std::fill(values + outer[first], values + outer[end], 0.0);
  const std::size_t block_end = std::min(slots_.size(), block + kBlock);
  for (std::size_t s = block; s < block_end; ++s) {
    const Slot& slot = slots_[s];
    const auto n = static_cast<std::size_t>(slot.size);
    const auto runs = static_cast<std::size_t>(slot.run_count);
    const int* equations = equations_of(slot);
    const Run* run = runs_.data() + slot.first_run;
    // The local tangent is column-major: row i's entries lie n apart.
    const double* local = block_tangents_.data() + (s - block) * tangent_stride_;
    for (std::size_t i = 0; i < n; ++i) {
      if (equations[i] < first || equations[i] >= end) continue;
      const int* index = value_index_.data() + slot.first_index + i * runs;
      for (std::size_t r = 0; r < runs; ++r) {
        double* target = values + index[r];
        const double* source = local + static_cast<std::size_t>(run[r].first) * n + i;
        for (int t = 0; t < run[r].length; ++t)
          target[t] += source[static_cast<std::size_t>(t) * n];
      }
    }
  }
}

// Elements differ in cost by orders of magnitude (a body against a contact pair of several
// pointwise contacts, bodies first, pairs after), so the threads take them in small chunks
// as they come free: a static split left one thread with most of the pairs. Each element
// writes only its own slot and its own place in the block's tangents, and the sums below
// add them in element order, so the sums are the same whichever thread evaluated what.
void SparseAssembler::evaluate_elements(const StepContext& ctx, int threads, bool with_tangent,
                                        std::size_t first, std::size_t count) {
  ThreadCountChoice& choice = with_tangent ? evaluation_threads_ : residual_evaluation_threads_;
  choice.follow_threads(threads);
  const long elements = static_cast<long>(count);
  choice.run(elements, [&](int team) {
#pragma omp parallel for schedule(dynamic, 8) num_threads(team)
    for (long e = 0; e < elements; ++e) {
      Slot& slot = slots_[first + static_cast<std::size_t>(e)];
      Eigen::Map<Eigen::VectorXd> residual(local_residuals_.data() + slot.first_equation,
                                           slot.size);
      if (with_tangent) {
        Eigen::Map<Eigen::MatrixXd> local(
            block_tangents_.data() + static_cast<std::size_t>(e) * tangent_stride_, slot.size,
            slot.size);
        slot.element->evaluate(ctx, residual, local);
      } else {
        slot.element->evaluate_residual(ctx, residual);
      }
      slot.reference_force = slot.element->reference_force(ctx);
    }
    return elements;
  });
}

void SparseAssembler::evaluate_and_add_tangents(const StepContext& ctx, int threads) {
  // At least one pass: the first block's sum zeroes the tangent, elements or none.
  for (std::size_t first = 0; first < slots_.size() || first == 0; first += kBlock) {
    evaluate_elements(ctx, threads, true, first, std::min(kBlock, slots_.size() - first));
    sum_contributions(tangent_sum_threads_, true, threads, first);
  }
}

void SparseAssembler::assemble(const StepContext& ctx, int threads) {
  evaluate_and_add_tangents(ctx, threads);
  sum_residual(threads);
}

void SparseAssembler::assemble_residual(const StepContext& ctx, int threads) {
  evaluate_elements(ctx, threads, false, 0, slots_.size());
  sum_residual(threads);
}

void SparseAssembler::assemble_tangent(const StepContext& ctx, int threads) {
  evaluate_and_add_tangents(ctx, threads);
}

void SparseAssembler::sum_residual(int threads) {
  sum_contributions(residual_sum_threads_, false, threads);
  reference_force_ = 0;
  for (const Slot& slot : slots_)
    reference_force_ = std::max(reference_force_, slot.reference_force);
}

void SparseAssembler::sum_contributions(ThreadCountChoice& choice, bool tangent, int threads,
                                        std::size_t first) {
  choice.follow_threads(threads);
  const int rows = static_cast<int>(residual_.size());
  const long entries = tangent ? static_cast<long>(tangent_.nonZeros()) : rows;
  choice.run(entries, [&](int team) {
    if (static_cast<int>(part_bounds_.size()) != team + 1) split_rows(team);
#pragma omp parallel for schedule(static, 1) num_threads(team)
    for (int part = 0; part < team; ++part) {
      const int begin = part_bounds_[static_cast<std::size_t>(part)];
      const int end = part_bounds_[static_cast<std::size_t>(part) + 1];
      if (tangent)
        scatter_tangent(begin, end, first);
      else
        scatter_residual(begin, end);
    }
    return entries;
  });
}

}  // namespace polydem
